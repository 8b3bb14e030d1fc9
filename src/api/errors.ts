import type { RequestError } from '../common/request-result';

export type Translate = (key: string) => string;

type ErrorBody = { msg?: unknown; details?: unknown; msgType?: unknown; need2Logout?: unknown };

type Failure =
  | { kind: 'response'; status: number; body: unknown; statusText?: string }
  | { kind: 'network'; cause: unknown };

/**
 * Spec section 8. The server's msg wins (details and msgType passed on, status kept);
 * without one: 500 → common-internal_server_error; no response at all →
 * common-no_response_from_the_server; anything else → common-something_went_wrong + the error text.
 */
export function normaliseError(failure: Failure, t: Translate): RequestError {
  if (failure.kind === 'network') {
    return { message: t('common-no_response_from_the_server') };
  }
  const body = (typeof failure.body === 'object' && failure.body !== null ? failure.body : {}) as ErrorBody;
  const result: RequestError = { message: '', status: failure.status };
  if (body.details !== undefined) result.details = body.details;
  if (typeof body.msgType === 'string') result.msgType = body.msgType;
  if (body.need2Logout === true) result.need2Logout = true;
  if (typeof body.msg === 'string' && body.msg !== '') {
    result.message = body.msg;
  } else if (failure.status === 500) {
    result.message = t('common-internal_server_error');
  } else {
    const text = typeof failure.body === 'string' && failure.body !== '' ? failure.body : failure.statusText || `HTTP ${failure.status}`;
    result.message = `${t('common-something_went_wrong')} ${text}`;
  }
  return result;
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorVars } from '../errors';
import { pickLanguage, translate, type Language } from '../i18n';
import { fieldLabel } from './field-labels';

type AjvIssue = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };
export type FieldIssue = { field: string; key: string; vars: ErrorVars };

const frameworkErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'common-malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'common-malformed_json'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'common-unsupported_media_type'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'common-unsupported_media_type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'common-payload_too_large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'common-invalid_file_size'],
  FST_FILES_LIMIT: [413, 'common-payload_too_large'],
  FST_FIELDS_LIMIT: [413, 'common-payload_too_large'],
  FST_PARTS_LIMIT: [413, 'common-payload_too_large'],
  FST_ERR_BAD_URL: [400, 'common-invalid_request'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'common-invalid_request'],
};

const byStatus: Record<number, string> = {
  401: 'common-unauthorized',
  403: 'common-forbidden',
  404: 'common-not_found',
  413: 'common-payload_too_large',
  415: 'common-unsupported_media_type',
  429: 'common-too_many_requests',
};

const joinPath = (path: string, name?: unknown) =>
  [...path.split('/').filter(Boolean), ...(name === undefined ? [] : [String(name)])].join('.') || '(body)';

/** One Ajv error as the field it concerns and the catalogue sentence that explains it. */
export function describeIssue(issue: AjvIssue): FieldIssue {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return { field: joinPath(issue.instancePath, p.missingProperty), key: 'validation-required', vars: {} };
    case 'additionalProperties':
      return { field: joinPath(issue.instancePath, p.additionalProperty), key: 'validation-unknown_field', vars: {} };
    case 'type':
      // A missing or non-object body has no field to name.
      return { field: joinPath(issue.instancePath), key: issue.instancePath ? 'validation-type' : 'common-invalid_request', vars: {} };
    case 'minLength':
      return { field: joinPath(issue.instancePath), key: 'validation-min_length', vars: { limit: Number(p.limit) } };
    case 'maxLength':
      return { field: joinPath(issue.instancePath), key: 'validation-max_length', vars: { limit: Number(p.limit) } };
    case 'pattern':
      return { field: joinPath(issue.instancePath), key: 'validation-pattern', vars: {} };
    case 'enum':
      return { field: joinPath(issue.instancePath), key: 'validation-enum', vars: { values: (p.allowedValues as unknown[]).join(', ') } };
    case 'format':
      return { field: joinPath(issue.instancePath), key: p.format === 'email' ? 'validation-email' : 'validation-invalid', vars: {} };
    default:
      return { field: joinPath(issue.instancePath), key: 'validation-invalid', vars: {} };
  }
}

/**
 * A refusal whose details are localised per field: msg is the first field's sentence. A 400 unless
 * said otherwise (a taken address is a 409 that still belongs under its field).
 */
export class ValidationFailure extends AppError {
  constructor(
    readonly issues: FieldIssue[],
    status = 400,
  ) {
    const first = issues[0] ?? { field: '(body)', key: 'common-invalid_request', vars: {} };
    super(status, first.key, { field: first.field, ...first.vars });
  }
}

export function validationError(issues: AjvIssue[]): ValidationFailure {
  const seen = new Set<string>();
  return new ValidationFailure(issues.map(describeIssue).filter((d) => (seen.has(d.field) ? false : (seen.add(d.field), true))));
}

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const fe = error as FastifyError & { validation?: AjvIssue[] };
  if (fe.validation) return validationError(fe.validation);
  const known = fe.code ? frameworkErrors[fe.code] : undefined;
  if (known) return new AppError(known[0], known[1]);
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) return new AppError(status, byStatus[status] ?? 'common-invalid_request');
  return new AppError(500, 'common-internal_server_error');
}

/**
 * A wait as people say it, in the request's language: "dans 15 minutes", "in 40 seconds"
 * (never "dans 895 secondes"): seconds under a minute, whole minutes (rounded up) under two
 * hours, then whole hours.
 */
export function humaniseWait(lng: Language, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'always' });
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return format.format(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return format.format(minutes, 'minute');
  return format.format(Math.ceil(minutes / 60), 'hour');
}

/** The one place where an error becomes `{ msg, details?, msgType?, need2Logout? }`. */
export function errorHandler(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.status >= 500) request.failure = error;
  const lng: Language = pickLanguage(request.headers['accept-language']);
  // Details keep the field's path for the client to find its input; sentences name it by its label.
  const details =
    appError instanceof ValidationFailure
      ? appError.issues.map((d) => ({ field: d.field, msg: translate(lng, d.key, { ...d.vars, field: fieldLabel(lng, d.field) }) }))
      : appError.details;
  const vars = appError instanceof ValidationFailure && typeof appError.vars?.field === 'string' ? { ...appError.vars, field: fieldLabel(lng, appError.vars.field) } : appError.vars;
  // A limit's wait in seconds is said in minutes or hours where that reads better.
  const said = typeof vars.seconds === 'number' ? { ...vars, wait: humaniseWait(lng, vars.seconds) } : vars;
  const body: Record<string, unknown> = { msg: translate(lng, appError.key, said), msgType: appError.key };
  if (details !== undefined) body.details = details;
  if (appError.need2Logout) body.need2Logout = true;
  reply.code(appError.status).type('application/json; charset=utf-8').send(body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A 5xx cause, logged with the request's single log line. */
    failure?: unknown;
  }
}

export type ErrorVars = Record<string, string | number>;

/**
 * Every expected failure: an HTTP status and an i18n key of the shared catalogue. The error
 * handler localises `key` into `msg`; `details` is passed on as is.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly vars: ErrorVars = {},
    readonly details?: unknown,
    readonly need2Logout = false,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** A 401 that tells the client to drop its session. */
export const unauthorized = (key = 'common-unauthorized') => new AppError(401, key, {}, undefined, true);
export const forbidden = () => new AppError(403, 'common-forbidden');
export const notFound = () => new AppError(404, 'common-not_found');

// The outcome of a request as every client layer sees it: the API client produces it, machines
// keep it in their context, views show it. Plain data, importing nothing.

export type RequestError = {
  message: string;
  details?: unknown;
  msgType?: string;
  status?: number;
  need2Logout?: boolean;
};

export type RequestSuccess<TData> = { message: string; data: TData };

export function isRequestError(value: unknown): value is RequestError {
  return typeof value === 'object' && value !== null && typeof (value as RequestError).message === 'string';
}

// An actor that failed with something other than a RequestError (a bug) still yields one.
export function toRequestError(value: unknown): RequestError {
  if (isRequestError(value)) return value;
  return { message: value instanceof Error ? value.message : String(value) };
}

// Shapes shared by machines and the app. Plain data only: machine context stays serialisable.

export type RequestError = {
  message: string;
  details?: unknown;
  msgType?: string;
  status?: number;
  need2Logout?: boolean;
};

export type RequestSuccess<TData> = { message: string; data: TData };

export type Role = 'admin' | 'manager' | 'employee';

export type Profile = {
  _id: string;
  username: string;
  primaryEmail: string;
  role: Role;
  profilePicture: { url: string } | null;
  company: { _id: string; name: string } | null;
  createdAt: string;
};

export function isRequestError(value: unknown): value is RequestError {
  return typeof value === 'object' && value !== null && typeof (value as RequestError).message === 'string';
}

// An actor that failed with something other than a RequestError (a bug) still yields one.
export function toRequestError(value: unknown): RequestError {
  if (isRequestError(value)) return value;
  return { message: value instanceof Error ? value.message : String(value) };
}

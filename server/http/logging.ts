// What the logs may hold. A failed statement's error carries its parameters (password hashes,
// emails, tokens) in `params` and in its message, and the driver's error the failing row in
// `detail`: none of that is written. The statement, the SQLSTATE and the constraint stay.
import type { LoggerOptions } from 'pino';

type Loggable = { type: string; message: string; stack?: string; [key: string]: unknown };

/** Driver error fields that name things (never values). `detail`, `where`, `internalQuery` are left out. */
const driverFields = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;

/** `invalid input syntax for type uuid: "…"`: the quoted value at the end of a driver message. */
const withoutValue = (message: string) => message.replace(/: ".*"$/s, ': "…"');

/** Stack frames only: the first lines of a stack repeat the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/** What loggableError made: the logger's serializer passes it on as is. */
const made = new WeakSet<object>();

/** An error as a log may show it; causes are followed (three deep). Anything else thrown is not shown. */
export function loggableError(error: unknown, depth = 0): unknown {
  if (typeof error === 'object' && error !== null && made.has(error)) return error;
  if (!(error instanceof Error)) return typeof error === 'object' && error !== null ? { type: 'NonError', message: '(not an Error)' } : error;
  const e = error as Error & Record<string, unknown>;
  const out: Loggable = { type: e.constructor?.name ?? e.name, message: e.message };
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    // A PostgreSQL error (node-postgres, or PGlite's, which also holds the query and its params).
    out.message = withoutValue(e.message);
    for (const field of driverFields) if (typeof e[field] === 'string') out[field] = e[field];
    if (typeof e.query === 'string') out.query = e.query;
  } else if (typeof e.query === 'string' && 'params' in e) {
    // Drizzle's DrizzleQueryError: `Failed query: <sql>\nparams: <values>`.
    out.message = 'Failed query';
    out.query = e.query;
  } else if (typeof e.code === 'string') {
    out.code = e.code;
  }
  out.stack = [`${out.type}: ${out.message}`, framesOf(e.stack)].filter(Boolean).join('\n');
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, depth + 1);
  made.add(out);
  return out;
}

/**
 * The server's pino options: errors through `loggableError` wherever they are logged, and
 * credentials redacted from any object that would still carry them.
 */
export const loggerOptions: Pick<LoggerOptions, 'redact' | 'serializers'> = {
  serializers: { err: loggableError, error: loggableError },
  redact: {
    paths: ['*.password', '*.currentPassword', '*.newPassword', '*.passwordHash', '*.token', '*.params', '*.headers.authorization', '*.headers.cookie'],
    censor: '[redacted]',
  },
};

/**
 * A parameter that is a credential: marked `x-credential: true` in the contract, or named like one
 * (the `?token=` of every email link, on pages the contract does not describe).
 */
export const CREDENTIAL_NAME = /token|secret|password|signature|^key$|^code$/i;

const masked = '…';

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The request's address as the log may show it: the value of each credential path parameter
 * (`route.credentials`, from the contract: an invitation's or a calendar feed's secret) and of
 * every query parameter named like a credential replaced by "…"; the rest as it came.
 */
export function loggableUrl(url: string, route?: { url?: string; params?: unknown; credentials?: readonly string[] }): string {
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  if (route?.url && route.credentials?.length) {
    // Rebuilt from the route's pattern rather than by searching the secret in the address: a
    // one-character secret would mask every such character.
    const params = (route.params ?? {}) as Record<string, unknown>;
    path = route.url.replace(/:(\w+)/g, (_, name: string) => (route.credentials!.includes(name) ? masked : encodeURIComponent(String(params[name] ?? ''))));
  }
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && CREDENTIAL_NAME.test(safeDecode(name)) ? `${name}=${masked}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

// The connectors' HTTP client: one per source, polite to it. Requests to a source are spaced by at
// least its minimum delay (its published rate limit), one at a time; a 429, a 5xx or a network error
// is retried after an exponential back-off (capped), or after the Retry-After the source sent on a
// 429 or 503. Only the query goes out: no cookie, no credential, nothing about the customers.

/** A source gave no usable answer after every attempt: its key (catalogue) and the last HTTP status. */
export class ConnectorFailure extends Error {
  constructor(
    readonly key: string,
    readonly status?: number,
  ) {
    super(status ? `${key}:${status}` : key);
  }
}

export type PoliteOptions = {
  /** Least time between two requests to the source, in ms. */
  minDelayMs: number;
  /** First retry after this long, doubled at each attempt… */
  backoffMs: number;
  /** …never longer than this (a Retry-After too). */
  maxBackoffMs: number;
  /** Attempts per request before the run gives up. */
  attempts: number;
  /** One request (answer and body) taking longer is abandoned, and retried. */
  timeoutMs: number;
};

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    }
    signal?.addEventListener('abort', stop, { once: true });
  });

/** Retry-After as ms: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const RETRIED = new Set([408, 425, 429, 500, 502, 503, 504]);

export type PoliteClient = {
  /** The answer once it is 2xx; its body is read by the caller (counted in the request's time limit). */
  request(url: string, init?: { method?: 'GET' | 'POST'; json?: unknown; accept?: string }, signal?: AbortSignal): Promise<Response>;
  /** Requests sent, retries included (for the logs and the tests). */
  readonly sent: number;
};

export function politeClient(options: PoliteOptions, log?: { warn(obj: object, msg: string): void }): PoliteClient {
  let last = 0;
  let sent = 0;
  // One request at a time to a source: the next waits for the previous one and for the delay.
  let queue: Promise<unknown> = Promise.resolve();

  async function once(url: string, init: { method?: 'GET' | 'POST'; json?: unknown; accept?: string }, signal?: AbortSignal) {
    const wait = last + options.minDelayMs - Date.now();
    if (wait > 0) await sleep(wait, signal);
    last = Date.now();
    sent++;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { accept: init.accept ?? 'application/json', ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'follow',
      credentials: 'omit',
    });
    last = Date.now();
    return response;
  }

  async function attempt(url: string, init: { method?: 'GET' | 'POST'; json?: unknown; accept?: string }, signal?: AbortSignal): Promise<Response> {
    let failure = new ConnectorFailure('sourcing-connector_unreachable');
    for (let n = 1; n <= options.attempts; n++) {
      let delay = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (n - 1));
      try {
        const response = await once(url, init, signal);
        if (response.ok) return response;
        await response.body?.cancel().catch(() => undefined);
        failure = new ConnectorFailure('sourcing-connector_http_error', response.status);
        if (!RETRIED.has(response.status)) throw failure;
        if (response.status === 429 || response.status === 503) {
          const asked = retryAfterMs(response.headers.get('retry-after'));
          if (asked !== null) delay = Math.min(options.maxBackoffMs, asked);
        }
      } catch (error) {
        if (signal?.aborted) throw signal.reason as Error;
        if (error instanceof ConnectorFailure && error === failure && !RETRIED.has(error.status ?? 0)) throw error;
        if (!(error instanceof ConnectorFailure)) failure = new ConnectorFailure(error instanceof Error && error.name === 'TimeoutError' ? 'sourcing-connector_timeout' : 'sourcing-connector_unreachable');
      }
      if (n < options.attempts) {
        log?.warn({ url: new URL(url).origin + new URL(url).pathname, attempt: n, delay, reason: failure.message }, 'connector request failed, will retry');
        await sleep(delay, signal);
      }
    }
    throw failure;
  }

  return {
    request(url, init = {}, signal) {
      const result = queue.then(() => attempt(url, init, signal));
      // The next request waits for this one, whether it worked or not.
      queue = result.catch(() => undefined);
      return result;
    },
    get sent() {
      return sent;
    },
  };
}

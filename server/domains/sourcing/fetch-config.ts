// The periodic fetch's settings (SOURCING_FETCH_*), read by server/config.ts at start-up: a leaf
// module, so the configuration does not load the sourcing domain to check its environment.

/** Largest export accepted, uploaded or fetched: a year of BOAMP as JSON Lines is about 600 MB. */
export const MAX_IMPORT_BYTES = 1024 ** 3;

export type FetchConfig = {
  urls: string[];
  intervalMs: number;
  /** A download (answer and body) taking longer is abandoned. */
  timeoutMs: number;
  /** A larger body is refused as soon as it passes this. */
  maxBytes: number;
};

/** A download's time limit unless SOURCING_FETCH_TIMEOUT_SECONDS says otherwise: a year of BOAMP is ~600 MB. */
export const FETCH_TIMEOUT_MS = 30 * 60_000;

/** The URLs of SOURCING_FETCH_URLS (separated by commas, spaces or lines); anything but http(s) is refused. */
export function parseFetchUrls(value: string): string[] {
  const urls = value
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter(Boolean);
  for (const url of urls) {
    let protocol = '';
    try {
      protocol = new URL(url).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`SOURCING_FETCH_URLS: not an http(s) URL: ${url}`);
  }
  return [...new Set(urls)];
}

/** The fetch's settings from the environment; null (off) unless an interval is set. */
export function fetchConfigFromEnv(env: NodeJS.ProcessEnv): FetchConfig | null {
  const minutes = env.SOURCING_FETCH_INTERVAL_MINUTES?.trim();
  if (!minutes) return null;
  const interval = Number(minutes);
  if (!Number.isFinite(interval) || interval <= 0) throw new Error(`SOURCING_FETCH_INTERVAL_MINUTES: not a positive number of minutes: ${minutes}`);
  const urls = parseFetchUrls(env.SOURCING_FETCH_URLS ?? '');
  if (urls.length === 0) throw new Error('SOURCING_FETCH_INTERVAL_MINUTES is set but SOURCING_FETCH_URLS names no URL');
  const timeout = Number(env.SOURCING_FETCH_TIMEOUT_SECONDS);
  return { urls, intervalMs: interval * 60_000, timeoutMs: timeout > 0 ? timeout * 1000 : FETCH_TIMEOUT_MS, maxBytes: MAX_IMPORT_BYTES };
}

// The connectors' settings: which ones this server runs (SOURCING_CONNECTORS), where each source is,
// how often each runs and how politely. On by default outside tests; the demo (offline) has them off.
import type { PoliteOptions } from './http';

export const CONNECTOR_NAMES = ['boamp', 'ted', 'decp'] as const;
export type ConnectorName = (typeof CONNECTOR_NAMES)[number];

export type SourceSettings = PoliteOptions & {
  /** The source's API (tests point it at a local fake). */
  baseUrl: string;
  /** A run every this long after the previous one ended well. */
  intervalMs: number;
};

export type ConnectorsConfig = {
  /** The connectors this server runs; the others are shown as unavailable. */
  enabled: ConnectorName[];
  /** How often the schedule looks for a connector that is due; 0: never (runs only when asked). */
  tickMs: number;
  /** Where a connector that never ran starts (YYYY-MM-DD); default: sinceDays ago. */
  since?: string;
  sinceDays: number;
  /** After a failed run, the next waits this long, doubled at each failure in a row… */
  retryMs: number;
  /** …up to this. */
  maxRetryMs: number;
  boamp: SourceSettings;
  ted: SourceSettings & {
    /** Where the notices' XML is downloaded from ({noticeUrl}/en/notice/{publication-number}/xml). */
    noticeUrl: string;
    /** CPV codes the search is limited to; empty: every notice performed in France. */
    cpv: string[];
  };
  decp: SourceSettings & { dataset: string };
};

const MINUTE = 60_000;
const polite = (minDelayMs: number): PoliteOptions => ({ minDelayMs, backoffMs: 2_000, maxBackoffMs: 5 * MINUTE, attempts: 5, timeoutMs: 30 * MINUTE });

export const DEFAULT_CONNECTORS: ConnectorsConfig = {
  enabled: [...CONNECTOR_NAMES],
  tickMs: MINUTE,
  sinceDays: 30,
  retryMs: 5 * MINUTE,
  maxRetryMs: 6 * 60 * MINUTE,
  // Opendatasoft: anonymous calls are counted per day; a request every 500 ms is well within.
  boamp: { baseUrl: 'https://boamp-datadila.opendatasoft.com/api/explore/v2.1', intervalMs: 60 * MINUTE, ...polite(500) },
  // TED asks API users to stay under a few requests a second: one a second, notices' XML included.
  ted: { baseUrl: 'https://api.ted.europa.eu', noticeUrl: 'https://ted.europa.eu', cpv: [], intervalMs: 60 * MINUTE, ...polite(1_000) },
  // The consolidated file is published once a day and weighs hundreds of MB: read once a day at most.
  decp: { baseUrl: 'https://www.data.gouv.fr', dataset: '5cd57bf68b4c4179299eb0e9', intervalMs: 24 * 60 * MINUTE, ...polite(1_000) },
};

const positive = (name: string, value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: not a positive number: ${value}`);
  return n;
};

const httpUrl = (name: string, value: string | undefined, fallback: string): string => {
  if (!value?.trim()) return fallback;
  const url = value.trim().replace(/\/+$/, '');
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name}: not an http(s) URL: ${value}`);
  return url;
};

/**
 * SOURCING_CONNECTORS: "boamp,ted,decp" (the default), a part of them, or "none". The demo runs
 * offline: none unless the variable names some.
 */
export function parseConnectorNames(value: string | undefined, demo: boolean): ConnectorName[] {
  if (value === undefined || value.trim() === '') return demo ? [] : [...CONNECTOR_NAMES];
  const names = value
    .split(/[\s,]+/)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'none') return [];
  for (const name of names) if (!(CONNECTOR_NAMES as readonly string[]).includes(name)) throw new Error(`SOURCING_CONNECTORS: unknown connector ${name} (boamp, ted, decp or none)`);
  return CONNECTOR_NAMES.filter((n) => names.includes(n));
}

/** The connectors' settings from the environment; null when none runs. */
export function connectorsConfigFromEnv(env: NodeJS.ProcessEnv, demo: boolean): ConnectorsConfig | null {
  const enabled = parseConnectorNames(env.SOURCING_CONNECTORS, demo);
  if (enabled.length === 0) return null;
  const d = DEFAULT_CONNECTORS;
  const source = <T extends SourceSettings>(key: 'BOAMP' | 'TED' | 'DECP', base: T): T => {
    const minutes = positive(`SOURCING_${key}_INTERVAL_MINUTES`, env[`SOURCING_${key}_INTERVAL_MINUTES`]);
    const delay = positive(`SOURCING_${key}_MIN_DELAY_MS`, env[`SOURCING_${key}_MIN_DELAY_MS`]);
    return {
      ...base,
      baseUrl: httpUrl(`SOURCING_${key}_URL`, env[`SOURCING_${key}_URL`], base.baseUrl),
      ...(minutes ? { intervalMs: minutes * MINUTE } : {}),
      ...(delay !== undefined ? { minDelayMs: delay } : {}),
    };
  };
  const since = env.SOURCING_CONNECTORS_SINCE?.trim();
  if (since && !/^\d{4}-\d{2}-\d{2}$/.test(since)) throw new Error(`SOURCING_CONNECTORS_SINCE: not a date (YYYY-MM-DD): ${since}`);
  return {
    ...d,
    enabled,
    ...(since ? { since } : {}),
    sinceDays: positive('SOURCING_CONNECTORS_SINCE_DAYS', env.SOURCING_CONNECTORS_SINCE_DAYS) ?? d.sinceDays,
    boamp: source('BOAMP', d.boamp),
    ted: {
      ...source('TED', d.ted),
      noticeUrl: httpUrl('SOURCING_TED_NOTICE_URL', env.SOURCING_TED_NOTICE_URL, d.ted.noticeUrl),
      cpv: (env.SOURCING_TED_CPV ?? '')
        .split(/[\s,]+/)
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => {
          // Only digits go into TED's query.
          if (!/^\d{8}$/.test(c)) throw new Error(`SOURCING_TED_CPV: not a CPV code (8 digits): ${c}`);
          return c;
        }),
    },
    decp: { ...source('DECP', d.decp), dataset: env.SOURCING_DECP_DATASET?.trim() || d.decp.dataset },
  };
}

// The server's environment, read and checked in one place (issue 27). `loadConfig` reads the
// settings fixed at start-up and reports every wrong value at once, before anything starts;
// `tuning` reads the few knobs the extraction, the chat and the exports look up when they run (a
// test or an operator changes them without a restart). No other server file reads process.env:
// the lint keeps it so, and tests/contract/config.test.ts checks the README lists every variable.
import { resolve } from 'node:path';
// Leaf modules only (and types): the extraction's child processes load this file for `tuning`.
import type { StripeConfig } from './domains/billing/stripe';
import type { S3Config } from './storage/s3';
import { fetchConfigFromEnv, type FetchConfig } from './domains/sourcing/fetch-config';
import { connectorsConfigFromEnv, type ConnectorsConfig } from './domains/sourcing/connectors/config';

type Env = Record<string, string | undefined>;

/** Every variable the server reads, as the README's Configuration table names them. */
export const VARIABLES = [
  'SOUMISSIO_ROLE',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'JWT_SECRET',
  'JWT_EXPIRES_IN',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO',
  'STATIC_DIR',
  'LOG_LEVEL',
  'MAX_UPLOAD_MB',
  'STORAGE',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'CHAT_INDEX_CACHE_MB',
  'EXTRACTION_OCR_CONCURRENCY',
  'EXTRACTION_CHILDREN',
  'EXTRACTION_TOOLS',
  'SOFFICE_PATH',
  'OFFICE_CONCURRENCY',
  'ALERTS_INTERVAL_MS',
  'JOB_LEASE_SECONDS',
  'SOURCING_FETCH_URLS',
  'SOURCING_FETCH_INTERVAL_MINUTES',
  'SOURCING_FETCH_TIMEOUT_SECONDS',
  'SOURCING_CONNECTORS',
  'SOURCING_CONNECTORS_SINCE_DAYS',
  'SOURCING_CONNECTORS_SINCE',
  'SOURCING_BOAMP_URL',
  'SOURCING_TED_URL',
  'SOURCING_TED_NOTICE_URL',
  'SOURCING_DECP_URL',
  'SOURCING_DECP_DATASET',
  'SOURCING_TED_CPV',
  'SOURCING_BOAMP_MIN_DELAY_MS',
  'SOURCING_TED_MIN_DELAY_MS',
  'SOURCING_DECP_MIN_DELAY_MS',
  'SOURCING_BOAMP_INTERVAL_MINUTES',
  'SOURCING_TED_INTERVAL_MINUTES',
  'SOURCING_DECP_INTERVAL_MINUTES',
  'LOGIN_LIMIT_PER_EMAIL',
  'LOGIN_LIMIT_PER_IP',
  'REGISTER_LIMIT_PER_IP',
  'INVITE_LIMIT_PER_USER',
  'INVITE_LIMIT_PER_COMPANY',
  'TRUST_PROXY',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'BILLING_SELLER',
  'BILLING_IBAN',
  'BILLING_BIC',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'LLM_MODEL',
  'LLM_EMBEDDING_MODEL',
] as const;

/** all: one process doing everything (the default); api: serves requests only; worker: runs the jobs and schedules only. */
export type Role = 'all' | 'api' | 'worker';

export type Config = {
  role: Role;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The sign-in, registration and invitation limits count there; unset: in the database. */
  redisUrl?: string;
  /** Unset: generated once and kept in the data folder (main.ts). */
  jwtSecret?: string;
  jwtExpiresIn: string;
  admin: { email?: string; password?: string };
  demo: boolean;
  staticDir: string;
  logLevel: string;
  trustProxy: boolean;
  publicUrl: string;
  maxUploadBytes?: number;
  /** Where uploaded files live: DATA_DIR/files, or a bucket. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Config);
  alertsIntervalMs: number;
  /** How long a running job may go unheard of before another worker takes it (its worker died). */
  jobLeaseMs?: number;
  /** LibreOffice jobs (PDF exports, ODT frames) a worker runs at once, each on its own soffice. */
  officeConcurrency: number;
  mail: { smtpUrl?: string; from?: string };
  llm: LlmConfig | null;
  sourcingFetch: FetchConfig | null;
  sourcingConnectors: ConnectorsConfig | null;
  stripe: StripeConfig | null;
  loginLimits: { perEmail?: number; perIp?: number };
  registerLimits: { perIp?: number };
  inviteLimits: { perUser?: number; perCompany?: number };
};

/** An OpenAI-compatible endpoint (server/llm/client.ts). */
export type LlmConfig = {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** An embedding model on the same endpoint: the chat's retrieval adds vector similarity to BM25. */
  embeddingModel?: string;
  /** The whole answer of complete(), and the longest wait between two chunks of stream(). */
  timeoutMs?: number;
  /** Retries of the SDK on connection errors, 429 and 5xx (1 unless set; tests set 0). */
  maxRetries?: number;
};

// The SDK refuses an empty key; a local Ollama or vLLM ignores it.
export const PLACEHOLDER_KEY = 'no-key';

/** From LLM_BASE_URL / LLM_API_KEY / LLM_MODEL (+ optional LLM_EMBEDDING_MODEL); null unless base URL and model are set (key may be empty for a local Ollama/vLLM: send a placeholder). */
export function llmConfigFromEnv(env: Env): LlmConfig | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  const embeddingModel = env.LLM_EMBEDDING_MODEL?.trim();
  return { baseUrl, model, apiKey: env.LLM_API_KEY?.trim() || PLACEHOLDER_KEY, ...(embeddingModel ? { embeddingModel } : {}) };
}

export function stripeConfigFromEnv(env: Env): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const apiUrl = env.STRIPE_API_URL?.trim();
  if (apiUrl && !/^https?:\/\//i.test(apiUrl)) throw new Error(`STRIPE_API_URL: not an http(s) address: ${apiUrl}`);
  return { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() ?? '', ...(apiUrl ? { apiUrl } : {}) };
}

/** The environment is wrong: every problem found, one per line, for the operator. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's environment is not valid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
// HS256 wants a key at least as long as its hash (32 bytes): a shorter secret can be guessed.
const MIN_JWT_SECRET = 32;

export function loadConfig(env: Env, argv: string[] = []): Config {
  const problems: string[] = [];
  /** A parser's value, or its problem noted and the fallback given. */
  const checked = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };
  const text = (name: string) => env[name]?.trim() || undefined;
  const number = (name: string, test: (n: number) => boolean, what: string): number | undefined => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    const value = Number(raw);
    if (!Number.isFinite(value) || !test(value)) {
      problems.push(`${name}: not ${what}: ${raw}`);
      return undefined;
    }
    return value;
  };
  const count = (name: string) => number(name, (n) => Number.isInteger(n) && n > 0, 'a whole number above 0');
  const flag = (name: string) => {
    const raw = text(name);
    if (raw !== undefined && raw !== '0' && raw !== '1') problems.push(`${name}: 1 (on) or 0 (off), not ${raw}`);
    return raw === '1';
  };
  const url = (name: string, protocols: string[]) => {
    const raw = text(name);
    if (raw === undefined) return undefined;
    let protocol = '';
    try {
      protocol = new URL(raw).protocol;
    } catch {
      // reported below
    }
    if (!protocols.includes(protocol)) problems.push(`${name}: not a ${protocols.map((p) => p.replace(':', '')).join(' or ')} address: ${raw}`);
    return raw;
  };

  const demo = argv.includes('--demo') || flag('DEMO');
  const port = number('PORT', (n) => Number.isInteger(n) && n >= 0 && n <= 65_535, 'a port (0 to 65535)') ?? 8080;
  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < MIN_JWT_SECRET) problems.push(`JWT_SECRET: at least ${MIN_JWT_SECRET} characters (it has ${jwtSecret.length}); unset, one is generated`);
  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: one of ${LOG_LEVELS.join(', ')}, not ${logLevel}`);
  const maxUploadMb = number('MAX_UPLOAD_MB', (n) => n > 0, 'a size in MB above 0');
  const storageConfig = (): Config['storage'] => {
    const kind = text('STORAGE') ?? 'local';
    const s3Names = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
    if (kind === 'local') {
      // Files silently kept on one machine's disk while the operator meant a bucket: refused.
      const set = s3Names.filter((name) => text(name) !== undefined);
      if (set.length) problems.push(`STORAGE: s3 to use the bucket that ${set.join(', ')} describe${set.length === 1 ? 's' : ''} (local, the default, keeps files in DATA_DIR/files)`);
      return { kind };
    }
    if (kind !== 's3') {
      problems.push(`STORAGE: local (DATA_DIR/files) or s3, not ${kind}`);
      return { kind: 'local' };
    }
    const bucket = text('S3_BUCKET');
    if (!bucket) problems.push('S3_BUCKET: the bucket\u2019s name, required with STORAGE=s3');
    const accessKeyId = text('S3_ACCESS_KEY_ID');
    const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
    if (!accessKeyId !== !secretAccessKey) problems.push('S3_ACCESS_KEY_ID: set with S3_SECRET_ACCESS_KEY, or neither (the AWS SDK\u2019s own credentials)');
    return { kind, bucket: bucket ?? '', endpoint: url('S3_ENDPOINT', ['http:', 'https:']), region: text('S3_REGION') ?? 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: flag('S3_FORCE_PATH_STYLE') };
  };
  const role = text('SOUMISSIO_ROLE') ?? 'all';
  if (!['all', 'api', 'worker'].includes(role)) problems.push(`SOUMISSIO_ROLE: all (one process, the default), api (requests only) or worker (jobs and schedules only), not ${role}`);
  // Sessions signed by one process are checked by the others, and a worker signs the emails' unsubscribe links: one secret for all.
  if (role !== 'all' && !jwtSecret) problems.push(`JWT_SECRET: required with SOUMISSIO_ROLE=${role}, the same for every process of the installation`);
  const config: Config = {
    role: role as Role,
    port,
    host: text('HOST') ?? '0.0.0.0',
    dataDir: resolve(text('DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    jwtSecret,
    jwtExpiresIn: text('JWT_EXPIRES_IN') ?? '7d',
    admin: { email: text('ADMIN_EMAIL'), password: env.ADMIN_PASSWORD || undefined },
    demo,
    staticDir: resolve(text('STATIC_DIR') ?? './dist'),
    logLevel,
    trustProxy: flag('TRUST_PROXY'),
    publicUrl: url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    maxUploadBytes: maxUploadMb === undefined ? undefined : maxUploadMb * 1024 * 1024,
    storage: storageConfig(),
    alertsIntervalMs: count('ALERTS_INTERVAL_MS') ?? 15 * 60_000,
    jobLeaseMs: (count('JOB_LEASE_SECONDS') ?? 0) * 1000 || undefined,
    officeConcurrency: count('OFFICE_CONCURRENCY') ?? 1,
    mail: { smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']), from: text('MAIL_FROM') },
    llm: checked(() => llmConfigFromEnv(env), null),
    sourcingFetch: checked(() => fetchConfigFromEnv(env), null),
    // On by default (the demo, offline, has them off): SOURCING_CONNECTORS=boamp,ted,decp or none.
    sourcingConnectors: checked(() => connectorsConfigFromEnv(env, demo), null),
    stripe: checked(() => stripeConfigFromEnv(env), null),
    loginLimits: { perEmail: count('LOGIN_LIMIT_PER_EMAIL'), perIp: count('LOGIN_LIMIT_PER_IP') },
    registerLimits: { perIp: count('REGISTER_LIMIT_PER_IP') },
    inviteLimits: { perUser: count('INVITE_LIMIT_PER_USER'), perCompany: count('INVITE_LIMIT_PER_COMPANY') },
  };
  for (const name of ['EXTRACTION_CHILDREN', 'EXTRACTION_OCR_CONCURRENCY']) count(name);
  number('CHAT_INDEX_CACHE_MB', (n) => n >= 0, 'a size in MB');
  const tools = text('EXTRACTION_TOOLS');
  if (tools !== undefined && tools !== 'js') problems.push(`EXTRACTION_TOOLS: js (read PDFs with pdf.js only) or unset, not ${tools}`);
  checked(() => tuning.seller(env), null);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * Knobs read when they are used, not at start-up. Each falls back to its default on a value
 * loadConfig would have refused (the server does not start with one; a test may set anything).
 */
export const tuning = {
  /** EXTRACTION_TOOLS=js: PDFs read by pdf.js alone, as on a machine without poppler. */
  jsExtractionOnly: (env: Env = process.env) => env.EXTRACTION_TOOLS === 'js',
  /** Child processes the extraction runs documents in. */
  extractionChildren: (env: Env = process.env) => Math.max(1, Math.floor(Number(env.EXTRACTION_CHILDREN) || 1)),
  /** The operator's OCR concurrency, unparsed: ocr.ts weighs it against the machine's free cores. */
  ocrConcurrency: (env: Env = process.env) => env.EXTRACTION_OCR_CONCURRENCY,
  /** CHAT_INDEX_CACHE_MB in bytes, or undefined for the default. */
  chatIndexCacheBytes: (env: Env = process.env) => {
    const mb = Number(env.CHAT_INDEX_CACHE_MB);
    return env.CHAT_INDEX_CACHE_MB && Number.isFinite(mb) && mb >= 0 ? mb * 1024 * 1024 : undefined;
  },
  soffice: (env: Env = process.env) => env.SOFFICE_PATH || '/usr/bin/soffice',
  /** BILLING_SELLER (JSON) as given; throws on JSON that does not parse (loadConfig reports it). */
  seller: (env: Env = process.env): Record<string, unknown> | null => {
    const raw = env.BILLING_SELLER;
    if (!raw) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new Error('BILLING_SELLER: not JSON (legalName, legalForm, capital, address, postalCode, city, country, siret, vatNumber, rcs, email)');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('BILLING_SELLER: a JSON object');
    return parsed as Record<string, unknown>;
  },
  bank: (env: Env = process.env) => ({ iban: env.BILLING_IBAN, bic: env.BILLING_BIC }),
};

/**
 * The environment a child process (an extraction, OCR, LibreOffice) starts with: ours, plus what it
 * needs. `withoutInspect`: a Node child, which an inherited --inspect would make fight the server
 * for the debugger port.
 */
export function childEnv(extra: Env = {}, options: { withoutInspect?: boolean } = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  if (options.withoutInspect) env.NODE_OPTIONS = (process.env.NODE_OPTIONS ?? '').replace(/--inspect\S*/g, '');
  return env;
}

// Starts the server: environment → database (migrated, seeded) → app → listen.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { openDatabase, migrateDatabase } from './db/client';
import { seed } from './db/seed';
import { buildApp } from './app';
import { loggerOptions } from './http/logging';
import { localStorage } from './storage/local';
import { llmConfigFromEnv } from './llm/client';
import { passwordEstimator } from './auth/password-policy';
import { fetchConfigFromEnv } from './domains/sourcing/fetch';
import { connectorsConfigFromEnv } from './domains/sourcing/connectors/config';
import { stripeConfigFromEnv } from './domains/billing/stripe';

const env = process.env;
const demo = process.argv.includes('--demo') || env.DEMO === '1';
const dataDir = resolve(env.DATA_DIR ?? './data');
mkdirSync(dataDir, { recursive: true });

/** JWT_SECRET, else one generated on the first start and kept (owner-only) in the data folder. */
function jwtSecret(): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const path = join(dataDir, 'jwt-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

const logger = pino({ level: env.LOG_LEVEL ?? 'info', ...loggerOptions });
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(dataDir, 'pgdata') });
await migrateDatabase(database.db, database.kind);
const storage = localStorage(join(dataDir, 'files'));
await seed(database.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, demo, storage });

const port = Number(env.PORT ?? 8080);
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  jwtSecret: jwtSecret(),
  jwtExpiresIn: env.JWT_EXPIRES_IN ?? '7d',
  storage,
  staticDir: resolve(env.STATIC_DIR ?? './dist'),
  lazySchemas: true,
  logger,
  trustProxy: env.TRUST_PROXY === '1',
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined, logLinks: demo },
  llm: llmConfigFromEnv(env),
  sourcingFetch: fetchConfigFromEnv(env),
  // On by default (the demo, offline, has them off): SOURCING_CONNECTORS=boamp,ted,decp or none.
  sourcingConnectors: connectorsConfigFromEnv(env, demo),
  stripe: stripeConfigFromEnv(env),
  alertsIntervalMs: env.ALERTS_INTERVAL_MS ? Number(env.ALERTS_INTERVAL_MS) : 15 * 60_000,
  maxUploadBytes: env.MAX_UPLOAD_MB ? Number(env.MAX_UPLOAD_MB) * 1024 * 1024 : undefined,
  loginLimits: {
    perEmail: env.LOGIN_LIMIT_PER_EMAIL ? Number(env.LOGIN_LIMIT_PER_EMAIL) : undefined,
    perIp: env.LOGIN_LIMIT_PER_IP ? Number(env.LOGIN_LIMIT_PER_IP) : undefined,
  },
  registerLimits: { perIp: env.REGISTER_LIMIT_PER_IP ? Number(env.REGISTER_LIMIT_PER_IP) : undefined },
  inviteLimits: {
    perUser: env.INVITE_LIMIT_PER_USER ? Number(env.INVITE_LIMIT_PER_USER) : undefined,
    perCompany: env.INVITE_LIMIT_PER_COMPANY ? Number(env.INVITE_LIMIT_PER_COMPANY) : undefined,
  },
});

const host = env.HOST ?? '0.0.0.0';
await app.listen({ port, host });
// Built after start-up, not before: the first sign-up or password change then needs no wait.
void passwordEstimator().catch((error: unknown) => app.log.warn({ err: error }, 'password estimator not loaded'));
console.info(`Soumissio is running on ${database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}${demo ? ' with demo data' : ''}: open http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

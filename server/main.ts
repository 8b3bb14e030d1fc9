// Starts the server: environment → database (migrated, seeded) → app → listen.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pino } from 'pino';
import { openDatabase, migrateDatabase } from './db/client';
import { seed } from './db/seed';
import { buildApp } from './app';
import { loggerOptions } from './http/logging';
import { localStorage } from './storage/local';
import { passwordEstimator } from './auth/password-policy';
import { ConfigError, loadConfig, type Config } from './config';

// Every variable is read and checked here, before anything starts: a wrong one stops the server with all the problems listed.
let config: Config;
try {
  config = loadConfig(process.env, process.argv);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const { demo, dataDir, port } = config;
mkdirSync(dataDir, { recursive: true });

/** JWT_SECRET, else one generated on the first start and kept (owner-only) in the data folder. */
function jwtSecret(): string {
  if (config.jwtSecret) return config.jwtSecret;
  const path = join(dataDir, 'jwt-secret');
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

const logger = pino({ level: config.logLevel, ...loggerOptions });
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: join(dataDir, 'pgdata') });
// The SDK is loaded only for a bucket: a one-machine install starts without it.
const storage = config.storage.kind === 's3' ? (await import('./storage/s3')).s3Storage(config.storage) : localStorage(join(dataDir, 'files'));
// Processes of a fleet starting together migrate and seed one after the other.
await database.alone(async () => {
  await migrateDatabase(database.db, database.kind);
  await seed(database.db, { adminEmail: config.admin.email, adminPassword: config.admin.password, demo, storage });
});

const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  jwtSecret: jwtSecret(),
  jwtExpiresIn: config.jwtExpiresIn,
  storage,
  // An API process of a fleet queues jobs for the workers and runs none (nor any schedule, nor LibreOffice).
  ...(config.role === 'api' ? { jobWorkers: 0, officeOnWorkers: true } : {}),
  officeConcurrency: config.officeConcurrency,
  staticDir: config.staticDir,
  lazySchemas: true,
  logger,
  trustProxy: config.trustProxy,
  publicUrl: config.publicUrl,
  mail: { ...config.mail, logLinks: demo },
  llm: config.llm,
  sourcingFetch: config.sourcingFetch,
  sourcingConnectors: config.sourcingConnectors,
  stripe: config.stripe,
  alertsIntervalMs: config.alertsIntervalMs,
  jobLeaseMs: config.jobLeaseMs,
  fleet: config.role !== 'all',
  maxUploadBytes: config.maxUploadBytes,
  loginLimits: config.loginLimits,
  registerLimits: config.registerLimits,
  inviteLimits: config.inviteLimits,
  redisUrl: config.redisUrl,
});

const host = config.host;
const on = `${database.kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}${demo ? ' with demo data' : ''}`;
if (config.role === 'worker') {
  // A worker serves no request: it runs the jobs and schedules the API processes queue.
  console.info(`Soumissio worker is running on ${on}`);
} else {
  await app.listen({ port, host });
  // Built after start-up, not before: the first sign-up or password change then needs no wait.
  void passwordEstimator().catch((error: unknown) => app.log.warn({ err: error }, 'password estimator not loaded'));
  console.info(`Soumissio ${config.role === 'api' ? 'API ' : ''}is running on ${on}: open http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
}

/** After this, a stop that is still waiting (a request or a job that does not end) exits anyway. */
const SHUTDOWN_LIMIT_MS = 30_000;

// Graceful stop (server/app.ts sets it up): no new connection is accepted, idle keep-alive ones are
// closed, a request arriving on an open one gets a localised 503 with `Connection: close`, and the
// requests in flight finish; then the job queues stop, handing their running jobs back (another
// process takes them at once), and the database closes last. A second signal exits at once.
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) {
    app.log.warn({ signal }, 'stopping at once (second signal)');
    process.exit(1);
  }
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing requests in flight and handing running jobs back');
  const limit = setTimeout(() => {
    app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'stop took too long: exiting with work unfinished');
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS);
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'stop failed');
    process.exit(1);
  }
  clearTimeout(limit);
  app.log.info({}, 'stopped');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

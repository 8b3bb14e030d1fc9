import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Database, DatabaseKind } from './db/client';
import type { Storage } from './storage/storage';
import { localStorage } from './storage/local';
import { createTokenService } from './auth/tokens';
import { createAuthenticate } from './auth/session';
import { postgresCounters, windowLimiter } from './http/rate-limit';
import { redisCounters } from './http/redis-counters';
import { HOUR_MS } from './auth/one-time-tokens';
import { sweepUnreferencedPictures } from './files/sweep-pictures';
import { errorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { loggableError, loggableUrl } from './http/logging';
import { bindContract, type BoundHandler } from './openapi/bind';
import { loadContract, type OpenApiDocument } from './openapi/contract';
import type { Handlers } from './openapi/handlers';
import { AppError, notFound } from './errors';
import type { Deps } from './deps';
import { createUserQueries } from './domains/users/queries';
import { systemHandlers } from './domains/system/routes';
import { usersHandlers } from './domains/users/routes';
import { accountEmailHandlers } from './domains/users/account-email';
import { invitesHandlers } from './domains/invites/routes';
import { accountAdminHandlers } from './domains/admin/handlers';
import { createMailer, type Mailer } from './mail/mailer';
import { tendersHandlers } from './domains/tenders/routes';
import { tenderDocsHandlers } from './domains/tender-docs/routes';
import { companyDocsHandlers } from './domains/company-docs/routes';
import { dceTemplatesHandlers } from './domains/dce-templates/routes';
import { reportsHandlers } from './domains/reports/routes';
import { planningsHandlers } from './domains/plannings/routes';
import { organigrammesHandlers } from './domains/organigrammes/routes';
import { adminStatsHandlers } from './domains/admin/stats';
import { createJobQueue } from './jobs/queue';
import { EXTRACT_DOCUMENT, extractionHandler, queueMissingExtractions } from './domains/tender-docs/extraction';
import { dceAnalysesHandlers } from './domains/dce-analyses/routes';
import { cctpAnalysesHandlers } from './domains/cctp-analyses/routes';
import { chatHandlers } from './domains/chat/routes';
import { tenderNotesHandlers } from './domains/tenders/notes';
import { goNoGoHandlers } from './domains/tenders/go-no-go';
import { calendarHandlers } from './domains/calendar/routes';
import { resumesHandlers } from './domains/resumes/routes';
import { libraryHandlers } from './domains/library/routes';
import { memoriesHandlers } from './domains/memories/routes';
import { priceFilesHandlers } from './domains/price-files/routes';
import { submissionHandlers } from './domains/submission/routes';
import { memoryCommentsHandlers } from './domains/memories/comments';
import { assistHandlers } from './domains/memories/assist';
import { PARSE_RESUME, resumeParseHandler } from './domains/resumes/job';
import { createLlm, type LlmConfig } from './llm/client';
import { createOffice } from './domains/memories/office';
import { announceOfficeWorker, OFFICE_JOB, officeJobHandler, queuedOffice } from './domains/memories/office-jobs';
import { ANALYSE_CCTP, cctpAnalysisHandler } from './domains/cctp-analyses/job';
import { ANALYSE_DCE, dceAnalysisHandler } from './domains/dce-analyses/job';
import { IMPORT_NOTICES, IMPORT_TIMEOUT_MS, importJobHandler, importsHandlers } from './domains/sourcing/routes';
import { billingHandlers } from './domains/billing/routes';
import { remindOverdueInvoices } from './domains/billing/reminders';
import { cardHandlers } from './domains/billing/card';
import { createCardPayments, keepRawBody, type StripeConfig } from './domains/billing/stripe';
import { fetchPass } from './domains/sourcing/fetch';
import type { FetchConfig } from './domains/sourcing/fetch-config';
import { connectorsHandlers } from './domains/sourcing/connectors/routes';
import type { ConnectorsConfig } from './domains/sourcing/connectors/config';
import { connectorClients } from './domains/sourcing/connectors/run';
import { connectorJobHandler, queueDueConnectors, RUN_CONNECTOR } from './domains/sourcing/connectors/schedule';
import { marketHandlers } from './domains/sourcing/market';
import { alertsHandlers } from './domains/alerts/routes';
import { savedSearchesHandlers } from './domains/saved-searches/routes';
import { alertImportHooks } from './domains/alerts/notify';
import { runAlerts } from './domains/alerts/scheduler';
import { ensureSchedules, scheduleHandlers, type Schedule } from './jobs/schedules';

export const MAX_BODY_BYTES = 1024 * 1024;
/** At a stop, requests already sent are read this long before idle connections are closed. */
const READ_BEFORE_CLOSE_MS = 100;
export const MAX_PICTURE_BYTES = 1024 * 1024;
/** Tender and company documents: 50 MB a file unless MAX_UPLOAD_MB says otherwise. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export type AppOptions = {
  db: Database;
  dbKind: DatabaseKind;
  jwtSecret: string;
  /** A jose duration such as '7d' or seconds. */
  jwtExpiresIn?: string | number;
  /** Uploaded files: a storage, or a folder for the local one (default: a `files` folder in the cwd). */
  storage?: Storage;
  filesDir?: string;
  /** The built SPA; skipped when absent. */
  staticDir?: string;
  /** A pino logger; none when omitted. */
  logger?: FastifyBaseLogger;
  /** Failed sign-ins allowed per window (default 15 min), per email (10) and per client IP (50). */
  loginLimits?: { perEmail?: number; perIp?: number; windowMs?: number };
  /** Registrations allowed per client IP and window (default 10 an hour). */
  registerLimits?: { perIp?: number; windowMs?: number };
  /** Invitations sent or sent again per inviter (default 50) and per company (200) and window (an hour). */
  inviteLimits?: { perUser?: number; perCompany?: number; windowMs?: number };
  /** The limits count in this Redis (REDIS_URL), else in the database; `redisPrefix` keeps a test's keys apart. */
  redisUrl?: string;
  redisPrefix?: string;
  trustProxy?: boolean;
  /** Absolute address of the web app, for the links of emails (default http://localhost:8080). */
  publicUrl?: string;
  /** Emails: sent through this SMTP server when set, else delivered to the outbox only; demo mode logs their links. */
  mail?: { smtpUrl?: string; from?: string; logLinks?: boolean };
  /** Largest tender or company document accepted, in bytes (default 50 MB). */
  maxUploadBytes?: number;
  /** The contract to bind; the repository's openapi.yaml by default. */
  contract?: OpenApiDocument;
  /** Compile the contract's validators and serializers on each one's first use (the server: a faster start); tests compile all at once. */
  lazySchemas?: boolean;
  /** Background jobs this process runs at once (default 1); 0 queues them for another process (or a test) to run. */
  jobWorkers?: number;
  /** A running job not heard of for this long is taken again by another worker (default 60 s): how soon a killed worker's job resumes. */
  jobLeaseMs?: number;
  /** One process of several on the database and storage (SOUMISSIO_ROLE api or worker): another may be uploading right now. */
  fleet?: boolean;
  /** An OpenAI-compatible endpoint for the features a language model helps (chat); none: they work without one. */
  llm?: LlmConfig | null;
  /** LibreOffice's soffice (default $SOFFICE_PATH or /usr/bin/soffice); null or a missing file: no PDF export. */
  soffice?: string | null;
  /** The font of the PDF export's emoji (default: Symbola when installed); null: emoji left out of the PDF, with a warning. */
  emojiFont?: string | null;
  /** LibreOffice work goes to the workers as jobs and this process starts no soffice (an API process of a fleet). */
  officeOnWorkers?: boolean;
  /** Office jobs a worker runs at once, each on its own LibreOffice (OFFICE_CONCURRENCY, default 1). */
  officeConcurrency?: number;
  /** The scheduled fetch of notice exports (SOURCING_FETCH_URLS); off when absent. */
  sourcingFetch?: FetchConfig | null;
  /** The built-in connectors (BOAMP, TED, DECP) this server runs (SOURCING_CONNECTORS); none when absent, as in tests. */
  sourcingConnectors?: ConnectorsConfig | null;
  /** Alerts (reminders, digests) pass every this many ms; none or 0: not started (tests run passes themselves). */
  alertsIntervalMs?: number;
  /** Card payments through Stripe (STRIPE_SECRET_KEY…); none: not offered. */
  stripe?: StripeConfig | null;
};

const packageVersion = () => (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Fastify's own two lines per request are replaced by ours (onResponse below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Stopping (server/main.ts): idle keep-alive connections are closed at once, requests in
    // flight finish; one arriving meanwhile on an open connection gets our localised 503 (the
    // onRequest hook below) rather than Fastify's own body, with Connection: close either way.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    // Addresses the router refuses before any hook (a bad %-escape, a path segment over 100
    // characters) get the same headers and localised body as every other refusal.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders).header('Cache-Control', 'no-store');
      errorHandler(error, request, reply);
    },
  });

  const windowMs = options.loginLimits?.windowMs ?? 15 * 60_000;
  const tokens = createTokenService(options.jwtSecret, options.jwtExpiresIn ?? '7d');
  const userQueries = createUserQueries(options.db);
  const storage = options.storage ?? localStorage(options.filesDir ?? resolve('data/files'));
  // One client for the routes and the jobs (the DCE analysis asks it for the facts rules miss).
  const llm = options.llm ? createLlm(options.llm) : null;
  const lease = options.jobLeaseMs ? { leaseMs: options.jobLeaseMs } : {};
  const jobs = createJobQueue(options.db, {
    ...lease,
    workers: options.jobWorkers ?? 1,
    handlers: { [EXTRACT_DOCUMENT]: extractionHandler(options.db, storage), [ANALYSE_DCE]: dceAnalysisHandler(options.db, llm, app.log), [ANALYSE_CCTP]: cctpAnalysisHandler(options.db, app.log), [PARSE_RESUME]: resumeParseHandler(options.db, storage, llm, app.log) },
    log: app.log,
  });
  const publicUrl = (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');
  const mailer = createMailer({ db: options.db, publicUrl, ...options.mail, log: app.log });
  // Alerts: in-app notifications and emails; the unsubscribe links are signed with the server's secret.
  const alertContext = { db: options.db, mailer, secret: options.jwtSecret, log: app.log };
  const alertHooks = alertImportHooks(alertContext);
  // Notice imports on a queue of their own: a file of hundreds of MB (many minutes) neither holds up
  // the extraction and analyses nor hits their time limit.
  const importJobs = createJobQueue(options.db, {
    ...lease,
    workers: options.jobWorkers === 0 ? 0 : 1,
    handlers: { [IMPORT_NOTICES]: importJobHandler(options.db, storage, alertHooks) },
    timeoutMs: IMPORT_TIMEOUT_MS,
    log: app.log,
  });
  // The connectors' runs on a queue of their own: a long catch-up neither waits behind nor holds up an upload.
  const connectorConfig = options.sourcingConnectors ?? null;
  const connectorJobs = createJobQueue(options.db, {
    ...lease,
    workers: options.jobWorkers === 0 ? 0 : 1,
    handlers: {
      [RUN_CONNECTOR]: connectorConfig
        ? connectorJobHandler({ db: options.db, config: connectorConfig, clients: connectorClients(connectorConfig, app.log), hooks: alertHooks, log: app.log })
        : async () => undefined,
    },
    timeoutMs: IMPORT_TIMEOUT_MS,
    log: app.log,
  });
  // A process with no job workers (an API process of a fleet) runs no schedule either.
  const runsJobs = options.jobWorkers !== 0;
  // LibreOffice on a queue of its own, one warm instance per job run at once. Only on PostgreSQL: the
  // embedded database has no other process to queue office jobs, and this one runs them in-process.
  const offices = options.officeOnWorkers ? [] : Array.from({ length: options.officeConcurrency ?? 1 }, () => createOffice({ soffice: options.soffice, emojiFont: options.emojiFont }));
  const runsOfficeJobs = runsJobs && offices.length > 0 && options.dbKind === 'postgres' && (await offices[0]!.available());
  const officeJobs = createJobQueue(options.db, { ...lease, workers: runsOfficeJobs ? offices.length : 0, handlers: { [OFFICE_JOB]: officeJobHandler(options.db, storage, offices) }, pollMs: 200, timeoutMs: 5 * 60_000, log: app.log });
  const schedules: Schedule[] = [
    // Uploads a killed process left half-written: an hour old, no upload can still be writing them.
    { name: 'sweep-uploads', everyMs: HOUR_MS, run: () => storage.sweepTemporary(HOUR_MS) },
  ];
  if (connectorConfig && connectorConfig.tickMs > 0) schedules.push({ name: 'sourcing-connectors', everyMs: connectorConfig.tickMs, run: () => queueDueConnectors(options.db, connectorJobs, connectorConfig) });
  if (options.sourcingFetch) {
    const fetchConfig = options.sourcingFetch;
    schedules.push({ name: 'sourcing-fetch', everyMs: fetchConfig.intervalMs, run: (signal) => fetchPass({ db: options.db, storage, jobs: importJobs, log: app.log }, fetchConfig, signal) });
  }
  if (options.alertsIntervalMs) {
    schedules.push({ name: 'alerts', everyMs: options.alertsIntervalMs, run: () => runAlerts({ ...alertContext, now: new Date() }) });
    // Overdue invoices reminded by email (issue 14), on the alerts' period.
    schedules.push({
      name: 'invoice-reminders',
      everyMs: options.alertsIntervalMs,
      run: async () => {
        const count = await remindOverdueInvoices(options.db, mailer);
        if (count) app.log.info({ count }, 'overdue invoices reminded');
      },
    });
  }
  // As many workers as schedules: a long download never holds up the alerts. A few seconds late is on time.
  const scheduleJobs = createJobQueue(options.db, { ...lease, workers: runsJobs ? schedules.length : 0, handlers: scheduleHandlers(options.db, schedules, app.log), pollMs: 5_000, timeoutMs: IMPORT_TIMEOUT_MS, log: app.log });
  // Shared by every process on the same database (or Redis): a limit holds across a fleet.
  const counters = options.redisUrl ? await redisCounters(options.redisUrl, { prefix: options.redisPrefix, log: app.log }) : postgresCounters(options.db);
  app.addHook('onClose', () => counters.close());
  const deps: Deps = {
    db: options.db,
    dbKind: options.dbKind,
    tokens,
    storage,
    userQueries,
    counters,
    loginLimits: {
      perEmail: windowLimiter(counters, 'login-email', options.loginLimits?.perEmail ?? 10, windowMs),
      perIp: windowLimiter(counters, 'login-ip', options.loginLimits?.perIp ?? 50, windowMs),
    },
    registerLimit: windowLimiter(counters, 'register-ip', options.registerLimits?.perIp ?? 10, options.registerLimits?.windowMs ?? HOUR_MS),
    // Per client address, every request counts: it stops a script from mailing many addresses.
    passwordResetLimit: windowLimiter(counters, 'reset-ip', 30, HOUR_MS),
    inviteLimits: {
      perUser: windowLimiter(counters, 'invite-user', options.inviteLimits?.perUser ?? 50, options.inviteLimits?.windowMs ?? HOUR_MS),
      perCompany: windowLimiter(counters, 'invite-company', options.inviteLimits?.perCompany ?? 200, options.inviteLimits?.windowMs ?? HOUR_MS),
    },
    llm,
    version: packageVersion(),
    office: offices[0] ?? queuedOffice({ db: options.db, storage, queue: officeJobs }),
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    card: options.stripe ? createCardPayments(options.stripe, publicUrl) : null,
    mailer,
    alertHooks,
    jobs,
  };
  app.decorate('mailer', deps.mailer);
  // The LibreOffice instances, if any was started, end with the server: the worker stops saying it
  // has them, hands its running jobs back, then closes them.
  let officeAnnounced: { stop(): Promise<void> } | undefined;
  app.addHook('onClose', async () => {
    await officeAnnounced?.stop();
    await officeJobs.stop();
    await Promise.all(offices.map((office) => office.close()));
  });
  // Emails still being sent when the server stops are finished first.
  app.addHook('onClose', async () => {
    await deps.mailer.idle();
    deps.mailer.close();
  });

  app.setErrorHandler(errorHandler);
  // One line per request, with the caller and the cause of a 5xx; the cause without the values it
  // carried (SQL parameters, rows), whatever logger the app was given.
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: loggableUrl(request.url, { url: request.routeOptions.url, params: request.params, credentials: request.routeOptions.config?.credentialParams }),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.session?.user.id,
    };
    if (request.failure) request.log.error({ ...line, err: loggableError(request.failure) }, 'request failed');
    else request.log.info(line, 'request');
  });

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  let closing = false;
  app.addHook('preClose', (done) => {
    // Closing ends idle connections, and a connection whose request is in but not yet read is idle:
    // one pause to read what has come (those requests are then in flight, and finish) comes first.
    if (!app.server.listening) {
      closing = true;
      return done();
    }
    setTimeout(() => {
      closing = true;
      done();
    }, READ_BEFORE_CLOSE_MS);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('Connection', 'close');
    done(new AppError(503, 'common-shutting_down'));
  });
  // A request in flight is answered whole, and its client told not to send another on this connection.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  // API bodies are small JSON: compressing them costs more CPU than it saves. The SPA, its
  // assets and the catalogues are compressed. This hook must run before the plugin's own.
  app.addHook('onRoute', (route) => {
    if (route.url?.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, { globalDecompression: false });
  await app.register(multipart, { limits: { fileSize: MAX_PICTURE_BYTES, files: 4, fields: 20, fieldSize: 10_000, parts: 24 } });

  const handlers: Handlers = { ...systemHandlers(deps), ...usersHandlers(deps), ...accountEmailHandlers(deps), ...invitesHandlers(deps),
    ...accountAdminHandlers(deps),
    ...tendersHandlers(deps),
    ...tenderDocsHandlers(deps),
    ...companyDocsHandlers(deps),
    ...dceTemplatesHandlers(deps),
    ...reportsHandlers(deps),
    ...planningsHandlers(deps),
    ...organigrammesHandlers(deps),
    ...adminStatsHandlers(deps),
    ...dceAnalysesHandlers(deps),
    ...cctpAnalysesHandlers(deps),
    ...chatHandlers(deps),
    ...tenderNotesHandlers(deps),
    ...goNoGoHandlers(deps),
    ...calendarHandlers(deps),
    ...resumesHandlers(deps),
    ...memoriesHandlers(deps),
    ...priceFilesHandlers(deps),
    ...submissionHandlers(deps),
    ...memoryCommentsHandlers(deps),
    ...assistHandlers(deps),
    ...libraryHandlers(deps),
    ...billingHandlers(deps),
    ...cardHandlers(deps),
    ...importsHandlers({ ...deps, jobs: importJobs }),
    ...connectorsHandlers(deps, { queue: connectorJobs, config: connectorConfig }),
    ...marketHandlers(deps),
    ...alertsHandlers(deps, options.jwtSecret),
    ...savedSearchesHandlers(deps),
  };
  // Stripe signs the bytes it sends: its webhook's route keeps them.
  keepRawBody(app, 'receiveStripeWebhook');
  bindContract(app, options.contract ?? loadContract(), handlers as unknown as Record<string, BoundHandler>, createAuthenticate(tokens, userQueries), { lazy: options.lazySchemas });

  const staticDir = options.staticDir && existsSync(join(options.staticDir, 'index.html')) ? resolve(options.staticDir) : undefined;
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      setHeaders: (reply, path) => {
        // Vite names files under assets/ by content hash: they never change.
        if (path.startsWith(join(staticDir, 'assets') + sep)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      staticDir &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|locales|assets)(\/|$)/.test(path) &&
      (/text\/html/.test(request.headers.accept ?? '') || !/\.[a-z0-9]+$/i.test(path));
    // History fallback: the client's router handles every other page address; a missing file
    // (a name with an extension, or anything under /assets) stays a 404.
    if (wantsPage) reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    else errorHandler(notFound(), request, reply);
  });

  // Uploads a killed server left half-written: a process alone on its database and files has no
  // request writing them yet. In a fleet another process may be: the hourly sweep takes them.
  if (!options.fleet) await deps.storage.sweepTemporary();
  // Pictures no account names any more: in the background, so that a large folder never delays
  // the start; the server waits for it before closing.
  const pictureSweep = sweepUnreferencedPictures(options.db, deps.storage)
    .then((removed) => removed && app.log.info({ removed }, 'unreferenced profile pictures removed'))
    .catch((err: unknown) => app.log.error({ err }, 'profile picture sweep failed'));
  app.addHook('onClose', async () => {
    await pictureSweep;
  });
  // The embedded database belongs to this process alone: a job it finds running was running
  // when the server was killed, and starts again now. On PostgreSQL its lease tells.
  await jobs.start({ recover: options.dbKind === 'pglite' });
  await queueMissingExtractions(options.db, jobs);
  app.addHook('onClose', () => jobs.stop());
  await importJobs.start({ recover: options.dbKind === 'pglite' });
  app.addHook('onClose', () => importJobs.stop());
  await connectorJobs.start({ recover: options.dbKind === 'pglite' });
  app.addHook('onClose', () => connectorJobs.stop());
  if (runsOfficeJobs) {
    await officeJobs.start();
    officeAnnounced = await announceOfficeWorker(options.db, offices[0]!, offices.length);
  } else if (runsJobs && options.dbKind === 'postgres' && !options.officeOnWorkers) app.log.warn({}, 'no LibreOffice here (SOFFICE_PATH, python3-uno): this worker takes no office job');
  // Recurring work as jobs (server/jobs/schedules.ts): each pass once per period, whichever worker takes it.
  if (runsJobs) {
    await ensureSchedules(options.db, schedules);
    await scheduleJobs.start({ recover: options.dbKind === 'pglite' });
    app.addHook('onClose', () => scheduleJobs.stop());
  }
  await app.ready();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

// One in-process app per test file, on a fresh in-memory PGlite, or, when DATABASE_URL is set,
// on a database of its own created on that server and dropped at the end. Both start migrated:
// a copy of the database tests/setup/api-global.ts migrated once for the suite.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SignJWT } from 'jose';
import { inject } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app';
import { migrateDatabase, openDatabase, type Database, type DatabaseKind } from '../../server/db/client';
import { users, companies, type Role } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { loggerOptions } from '../../server/http/logging';

export type TestContext = {
  app: FastifyInstance;
  db: Database;
  dbKind: DatabaseKind;
  dataDir: string;
  filesDir: string;
  staticDir?: string;
  jwtSecret: string;
  logLines: Record<string, unknown>[];
  close: () => Promise<void>;
};

export type TestOptions = Partial<Omit<AppOptions, 'db' | 'dbKind' | 'jwtSecret'>> & { withStatic?: boolean; captureLogs?: boolean };

async function freshDatabase(): Promise<{ db: Database; kind: DatabaseKind; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  // The benches build their app with this file outside Vitest: no migrated copy is provided there,
  // so the database is migrated on its own (a few seconds once per bench).
  const migrated = process.env.VITEST ? inject('migratedDatabase') : undefined;
  if (!url) {
    const pgliteImage = migrated && 'pgliteImage' in migrated ? new Blob([readFileSync(migrated.pgliteImage)]) : undefined;
    const database = await openDatabase({ pgliteImage });
    if (!migrated) await migrateDatabase(database.db, database.kind);
    return { db: database.db, kind: database.kind, drop: database.close };
  }
  const { default: pg } = await import('pg');
  const name = `soumissio_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${migrated && 'template' in migrated ? ` template ${migrated.template}` : ''}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ url: own.toString() });
  if (!migrated) await migrateDatabase(database.db, database.kind);
  return {
    db: database.db,
    kind: database.kind,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export async function createTestApp(options: TestOptions = {}): Promise<TestContext> {
  const { withStatic, captureLogs, ...appOptions } = options;
  const database = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'soumissio-api-'));
  const filesDir = join(dataDir, 'files');
  let staticDir: string | undefined;
  if (withStatic) {
    staticDir = join(dataDir, 'dist');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="fr"><head><script type="module" src="/assets/app-3f2a1b.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(join(staticDir, 'assets', 'app-3f2a1b.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  }
  const logLines: Record<string, unknown>[] = [];
  const logger = captureLogs
    ? pino(
        { level: 'info', ...loggerOptions },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
            done();
          },
        }),
      )
    : undefined;
  const jwtSecret = randomBytes(32).toString('hex');
  // Jobs stay queued unless a test asks for workers: extraction would cost every upload a child process.
  // No LibreOffice unless a test names its soffice: it costs seconds and 200 MB to start.
  const app = await buildApp({ db: database.db, dbKind: database.kind, jwtSecret, filesDir, staticDir, logger, jobWorkers: 0, soffice: null, ...appOptions });
  return {
    app,
    db: database.db,
    dbKind: database.kind,
    dataDir,
    filesDir,
    staticDir,
    jwtSecret,
    logLines,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const rowCount = async (db: Database, table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;

/** Every file under a folder (relative paths), to show that a failed upload wrote nothing. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile()).sort();
  } catch {
    return [];
  }
}

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(sequence++).toString(36)}@example.fr`;

/** A user inserted directly (no HTTP), signed in through the API; for role and scope tests. */
export async function createUser(ctx: TestContext, role: Role, options: { companyId?: string | null; password?: string } = {}) {
  const email = uniqueEmail(role);
  const password = options.password ?? 'Correct-Horse-42';
  let companyId = options.companyId;
  if (companyId === undefined && role !== 'admin') {
    const [company] = await ctx.db.insert(companies).values({ name: `Société ${email}` }).returning({ id: companies.id });
    companyId = company!.id;
  }
  const [row] = await ctx.db
    .insert(users)
    .values({ username: `Test ${role}`, email, passwordHash: await hashPassword(password), role, companyId: companyId ?? null })
    .returning({ id: users.id });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  const token = (res.json() as { token: string }).token;
  return { id: row!.id, email, password, token, companyId: companyId ?? null };
}

/** A token signed with the app's secret but arbitrary claims (expired, unknown user…). */
export function signToken(ctx: TestContext, claims: { sub: string; role: Role; exp: number; jti?: string; secret?: string }) {
  return new SignJWT({ role: claims.role, companyId: null })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setJti(claims.jti ?? randomBytes(8).toString('hex'))
    .setIssuedAt(claims.exp - 3600)
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(claims.secret ?? ctx.jwtSecret));
}

/** A multipart/form-data body built by hand, so that tests control every byte. */
export function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer })[]) {
  const boundary = `----soumissio${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in part ? part.data : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export type ErrorBody = { msg: string; msgType?: string; details?: { field: string; msg: string }[]; need2Logout?: boolean };
export const errorOf = (res: LightMyRequestResponse) => res.json() as ErrorBody;

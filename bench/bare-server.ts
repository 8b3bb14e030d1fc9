// The bare baseline of `npm run bench:overhead` (bench/overhead.ts): `node:http` and the database
// driver alone — `pg` on PostgreSQL, the PGlite instance when embedded — with no Fastify and no
// drizzle on the request path. It runs, for each measured address, the very statements the real
// server sends for it, in the same order, with the same parameters:
//  - At start it captures them: it builds the real app in-process (server/app.ts, on a drizzle
//    instance whose logger records each statement), asks it each address of BARE_ROUTES once with
//    its token (app.inject, one at a time, once its start-up work is over; jobWorkers 0), then
//    closes that app. The session check (user + company + revocation, and any other statement of
//    the authentication) is therefore included, as are the lots and links of a page, the counts…
//  - Then it listens: a GET of a captured address (path and query, headers ignored) runs its
//    statements one after the other on the driver and answers the rows of them all with
//    JSON.stringify, status 200. On PostgreSQL each statement is a named prepared statement
//    (parsed once per connection: what a hand-written server would do), on a pool of 10
//    connections like the server's; PGlite has one connection and no named statements: its
//    `query(text, params)`.
// What it does not do: verify the JWT (the real server caches a verified token: ~1 µs), check
// roles, validate the query string, shape the rows into the API's objects, run statements of one
// request concurrently (the server reads a page's lots and links at once), log, set headers. So
// the ratio of the two servers' throughput is the real server's own work around the same SQL.
// Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite in DATA_DIR/pgdata), JWT_SECRET (the
// real server's, for the capture), PORT, BARE_ROUTES = JSON [{ "url": "/api/…", "token": "…" }].
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Logger } from 'drizzle-orm';
import { buildApp } from '../server/app';
import * as schema from '../server/db/schema';
import { openDatabase, type Database } from '../server/db/client';

type Statement = { text: string; params: unknown[]; name: string };
type Run = (s: Statement) => Promise<unknown[]>;

const routes = JSON.parse(process.env.BARE_ROUTES ?? '[]') as { url: string; token: string }[];
// The statements of the request being captured (one at a time; nothing else runs then).
let capturing: Statement[] | undefined;
const logger: Logger = {
  logQuery(text, params) {
    capturing?.push({ text, params, name: `bare_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` });
  },
};

// The server's own way of opening the database (pool, PGlite options and extensions), then a
// drizzle instance with the capturing logger over the same driver client.
const url = process.env.DATABASE_URL;
const opened = await openDatabase({ url, pgliteDir: join(resolve(process.env.DATA_DIR ?? './data'), 'pgdata') });
const driver = (opened.db as unknown as { $client: unknown }).$client;
let db: Database;
let run: Run;
if (opened.kind === 'postgres') {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = driver as import('pg').Pool;
  db = drizzle(pool, { schema, logger }) as unknown as Database;
  run = async (s) => (await pool.query({ name: s.name, text: s.text, values: s.params })).rows;
} else {
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = driver as import('@electric-sql/pglite').PGlite;
  db = drizzle(client, { schema, logger }) as unknown as Database;
  run = async (s) => (await client.query(s.text, s.params)).rows;
}
const close = opened.close;

// The capture: the real app, asked each address once.
const app = await buildApp({
  db,
  dbKind: opened.kind,
  jwtSecret: process.env.JWT_SECRET!,
  filesDir: mkdtempSync(join(tmpdir(), 'soumissio-bare-files-')),
  jobWorkers: 0,
});
const captured = new Map<string, Statement[]>();
// What the app does as it starts (the sweep of unreferenced pictures) is over before the capture.
await new Promise((r) => setTimeout(r, 500));
for (const route of routes) {
  const statements: Statement[] = [];
  capturing = statements;
  const res = await app.inject({ method: 'GET', url: route.url, headers: { authorization: `Bearer ${route.token}` } });
  capturing = undefined;
  if (res.statusCode !== 200) throw new Error(`capture of ${route.url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  captured.set(route.url, statements);
  if (process.env.BARE_PRINT) console.error(`${route.url}: ${statements.length} statements\n${statements.map((s) => `  ${s.text}`).join('\n')}`);
}
await app.close();

const server = createServer((req, res) => {
  if (req.url === '/ready') return void res.end('ok');
  const statements = captured.get(req.url ?? '');
  if (!statements) {
    res.statusCode = 404;
    return void res.end();
  }
  void (async () => {
    const results: unknown[][] = [];
    for (const s of statements) results.push(await run(s));
    const body = JSON.stringify(results);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })().catch((error: unknown) => {
    console.error(error);
    res.statusCode = 500;
    res.end();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
const stop = () => {
  server.close(() => void close().then(() => process.exit(0)));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

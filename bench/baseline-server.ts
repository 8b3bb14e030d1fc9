// The throughput baselines: bare Fastify routes running the same SQL as the measured operations,
// with no authentication, validation, serialisation schema or logging; the rows go out as the
// driver returns them (JSON.stringify). Same database options as the real server.
//  - /baseline/:id: the profile read's query (user + company + revocation check);
//  - /baseline/list/:companyId: the tender list's one query (a page of 20, optional ?search=);
//  - /baseline/dashboard/:companyId: the member dashboard's one statement.
import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/client';
import { tenders } from '../server/db/schema';
import { createUserQueries } from '../server/domains/users/queries';
import { tenderFilters, tenderListRows } from '../server/domains/tenders/queries';
import { companyDashboardRow } from '../server/domains/dashboard/routes';

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: join(dataDir, 'pgdata') });
const queries = createUserQueries(database.db);
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/baseline/:id', async (req) => queries.session(req.params.id, 'no-such-token'));
app.get<{ Params: { companyId: string }; Querystring: { search?: string } }>('/baseline/list/:companyId', async (req) =>
  tenderListRows(database.db, and(eq(tenders.companyId, req.params.companyId), tenderFilters({ search: req.query.search })), { limit: 20, offset: 0, search: !!req.query.search }),
);
app.get<{ Params: { companyId: string } }>('/baseline/dashboard/:companyId', async (req) => companyDashboardRow(database.db, req.params.companyId));
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// The throughput baseline: a bare Fastify route running the same single-row query as the
// profile read (user + company + revocation check), with no authentication, validation,
// serialisation schema or logging. Same database options as the real server.
import Fastify from 'fastify';
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/client';
import { createUserQueries } from '../server/domains/users/queries';

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: join(dataDir, 'pgdata') });
const queries = createUserQueries(database.db);
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/baseline/:id', async (req) => queries.session(req.params.id, 'no-such-token'));
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { AppError } from '../../errors';
import { catalogue, firstPageCatalogue } from '../../i18n';
import { jobs } from '../../db/schema';

/** A dependency that has not answered in this time is not ready: a probe must answer quickly. */
export const READY_TIMEOUT_MS = 2_000;

/** Resolves 'ok', or 'failed' when the check throws or outlasts the timeout. */
async function probe(check: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)));
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export function systemHandlers({ db, dbKind, version, storage, counters }: Deps): Handlers<'getHealth' | 'getReadiness' | 'getTranslations'> {
  // One object per process under health/: processes sharing a bucket never step on each other's.
  const storageProbeKey = `health/ready-${randomBytes(8).toString('hex')}`;
  const storageRoundTrip = async () => {
    const bytes = Buffer.from('ready');
    await storage.put(storageProbeKey, bytes);
    const read = await storage.readRange(storageProbeKey, 0, bytes.length);
    await storage.delete(storageProbeKey);
    if (!read.equals(bytes)) throw new Error('storage read back other bytes');
  };
  return {
    // Liveness only: a process that answers is alive, whatever its dependencies (see getReadiness).
    async getHealth() {
      return { status: 'ok', database: dbKind, version };
    },
    async getReadiness() {
      const [database, storageState, queue, redis] = await Promise.all([
        probe(() => db.execute(sql`select 1`)),
        probe(storageRoundTrip),
        probe(() => db.select({ id: jobs.id }).from(jobs).limit(1)),
        // In the database, the counters are checked with it; in Redis, on their own.
        counters.check ? probe(() => counters.check!()) : undefined,
      ]);
      const checks = { database, storage: storageState, queue, ...(redis ? { counters: redis } : {}) };
      if (Object.values(checks).includes('failed')) throw new AppError(503, 'common-not_ready', { failed: Object.keys(checks).filter((k) => checks[k as keyof typeof checks] === 'failed').join(', ') }, checks);
      return checks;
    },
    async getTranslations(request, reply) {
      const { lng } = request.params;
      const { body, etag } = request.query.area === 'first' ? firstPageCatalogue(lng) : catalogue(lng);
      // Short cache with revalidation: a deploy's new keys reach clients within a minute.
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=60, must-revalidate');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
}

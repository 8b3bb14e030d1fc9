import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Extension } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The common type of both drivers: every query is written once against it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
export type OpenDatabase = {
  db: Database;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /**
   * Runs `work` while no other process of the installation runs its own: the migrations and seeds
   * of processes starting together (a fleet on PostgreSQL) one after the other. PGlite belongs to one process.
   */
  alone: <T>(work: () => Promise<T>) => Promise<T>;
  /** PGlite only: its data directory as a tarball, to start another database from (the API tests' migrated image). */
  dump?: () => Promise<Blob>;
};

// The advisory lock of a starting process's migrations and seeds (any number the installation uses for nothing else).
const STARTUP_LOCK = 0x50756d15;

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite runs inside the process: its shared buffers (128 MB by default) are the process's memory
 * once touched, and a 100,000-notice import touches them all. 32 MB keeps the server under 500 MB
 * through such an import (docs/sourcing.md, "Throughput"); pages beyond it come from the OS cache.
 * Given on the command line (postgresqlconf would replace the data directory's postgresql.conf).
 */
const pgliteOptions = (PGlite: { defaultStartParams: string[] }, extensions: Extensions) => ({
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  extensions,
});

type Extensions = { pg_trgm: Extension };
/** The extensions the migrations create (PGlite bundles each apart): pg_trgm for searching references. */
const pgliteExtensions = async (): Promise<Extensions> => ({ pg_trgm: (await import('@electric-sql/pglite/contrib/pg_trgm')).pg_trgm });

/**
 * Opens PostgreSQL when `url` is a postgres:// address, else PGlite persisted in `pgliteDir`
 * (in memory when it is undefined; started from `pgliteImage`, a data directory another
 * database's `dump` gave, when given). Drivers are imported lazily: each costs start-up time.
 */
export async function openDatabase(options: { url?: string; pgliteDir?: string; pgliteImage?: Blob }): Promise<OpenDatabase> {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) must not crash
    // the process: pg emits it on the pool, and the pool opens a new connection on next use.
    pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
    nameReadStatements(pool);
    const db = drizzle(pool, { schema }) as unknown as Database;
    const alone = async <T>(work: () => Promise<T>) => {
      // A session lock: held by this connection until unlocked, released by the server if the process dies.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    return { db, kind: 'postgres', close: () => pool.end(), alone };
  }
  const [{ PGlite }, { drizzle }, extensions] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), pgliteExtensions()]);
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir
    ? await PGlite.create(options.pgliteDir, pgliteOptions(PGlite, extensions))
    : await PGlite.create({ ...pgliteOptions(PGlite, extensions), loadDataDir: options.pgliteImage });
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close(), alone: (work) => work(), dump: () => client.dumpDataDir('none') };
}

/** Distinct statement texts given a name, at most: past them, statements are sent unnamed as before. */
export const MAX_NAMED_STATEMENTS = 2000;

/**
 * Every read the pool runs outside a transaction (a SELECT or WITH, which drizzle sends as the
 * same text for the same query shape, its values as $n) becomes a named prepared statement: each
 * connection parses and analyses it once, then only binds and executes it (issue 24: unnamed, the
 * potential page's statements were parsed and planned on every request, bench:overhead). The
 * name is the text's number in this process; shapes beyond MAX_NAMED_STATEMENTS (say, lists of
 * ids of many lengths) stay unnamed, so neither the driver's nor the server's cache grows without
 * bound. Writes are left as they are.
 */
function nameReadStatements(pool: { query: (...args: never[]) => unknown }) {
  const names = new Map<string, string>();
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && !(config as { name?: string }).name) {
      const { text } = config as { text?: unknown };
      if (typeof text === 'string' && /^\s*(select|with)\b/i.test(text)) {
        let name = names.get(text);
        if (name === undefined && names.size < MAX_NAMED_STATEMENTS) names.set(text, (name = `read_${names.size}`));
        if (name !== undefined) return query({ ...config, name }, ...rest);
      }
    }
    return query(config, ...rest);
  }) as never;
}

export async function migrateDatabase(db: Database, kind: DatabaseKind): Promise<void> {
  if (kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  }
}

/** A unique-constraint violation, whichever driver raised it (drizzle wraps the driver error). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

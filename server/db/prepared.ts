import type { Database } from './client';

/**
 * A query built once per database, not on each request: drizzle's `.prepare(name)` with
 * `sql.placeholder()` values keeps the SQL text it rendered (issue 24: rendering the SQL of every
 * request was a fifth of the main thread, bench:overhead). On PostgreSQL it is also a named
 * statement, parsed once per connection; PGlite runs the kept text. A transaction is a database
 * of its own here (its own connection): its queries are prepared for it on first use.
 */
export function preparedPer<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) built.set(db, (query = build(db)));
    return query;
  };
}

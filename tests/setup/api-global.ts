// Migrates one database for the whole API suite; each test file then starts from a copy of it
// instead of creating and migrating its own (2.5 s of a PGlite start and 27 migrations a file,
// 0.6 s from the copy). On PGlite the copy is a dumped data directory in a temporary file; on
// PostgreSQL (DATABASE_URL) a template database that `create database … template` copies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated data directory's tarball; PostgreSQL: the migrated template database's name. */
    migratedDatabase: { pgliteImage: string } | { template: string };
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrateDatabase(database.db, database.kind);
    const image = await database.dump!();
    await database.close();
    const dir = mkdtempSync(join(tmpdir(), 'soumissio-api-image-'));
    const path = join(dir, 'migrated.tar');
    writeFileSync(path, Buffer.from(await image.arrayBuffer()));
    project.provide('migratedDatabase', { pgliteImage: path });
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const { default: pg } = await import('pg');
  // The prefix of the test databases: CI drops whatever a crash left behind.
  const template = `soumissio_t_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const own = new URL(url);
  own.pathname = `/${template}`;
  // Closed before any copy: PostgreSQL copies a template nobody is connected to.
  const database = await openDatabase({ url: own.toString() });
  await migrateDatabase(database.db, database.kind);
  await database.close();
  project.provide('migratedDatabase', { template });
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

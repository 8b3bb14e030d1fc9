// npm run import -- FILE… : imports BOAMP, TED and DECP exports into the database the server uses
// (DATABASE_URL, else the embedded one in DATA_DIR/pgdata; stop that server first: PGlite has one
// process), then prints each file's counts. Exit code 1 when a file could not be imported.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { openDatabase, migrateDatabase } from '../server/db/client';
import { createImportRun, failImportRun, runImport, type ImportHooks } from '../server/domains/sourcing/store';
import { createMailer } from '../server/mail/mailer';
import { alertImportHooks } from '../server/domains/alerts/notify';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('Usage: npm run import -- FILE… (JSON, JSON Lines, XML or ZIP exports of BOAMP, TED or DECP)');
  process.exit(2);
}
const missing = files.filter((file) => !existsSync(file) || !statSync(file).isFile());
if (missing.length) {
  console.error(`Not a file: ${missing.join(', ')}`);
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: join(dataDir, 'pgdata') });
await migrateDatabase(database.db, database.kind);
// The companies working a call whose deadline a correction moves (or that is cancelled) are told,
// as when an admin imports in the app: that needs the server's secret (JWT_SECRET, or the one it
// keeps in the data folder) for the unsubscribe links of the emails.
const secretFile = join(dataDir, 'jwt-secret');
const secret = process.env.JWT_SECRET || (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : '');
const port = Number(process.env.PORT ?? 8080);
const mailer = createMailer({ db: database.db, publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''), smtpUrl: process.env.SMTP_URL || undefined, from: process.env.MAIL_FROM || undefined });
const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
const hooks: ImportHooks | undefined = secret ? alertImportHooks({ db: database.db, mailer, secret, log }) : undefined;
if (!secret) console.warn('No JWT_SECRET nor data folder secret: deadline changes are recorded but nobody is notified.');
let failed = false;
try {
  for (const file of files) {
    const started = Date.now();
    const runId = await createImportRun(database.db, { fileName: basename(file), size: statSync(file).size, status: 'running', origin: 'cli' });
    try {
      const counts = await runImport({ db: database.db, runId, input: file, hooks });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `${file}: ${counts.notices} notices in ${seconds} s — new ${counts.new}, updated ${counts.updated}, cancelled ${counts.cancelled}, awarded ${counts.awarded}, refused ${counts.refused}, unchanged ${counts.unchanged}`,
      );
      if (counts.refused) console.info(`  refusals and their reasons: GET /api/admin/imports/${runId}/refused`);
    } catch (error) {
      failed = true;
      await failImportRun(database.db, runId, 'import-failed');
      console.error(`${file}: import failed: ${(error as Error).message}`);
    }
  }
} finally {
  await mailer.idle();
  mailer.close();
  await database.close();
}
process.exit(failed ? 1 : 0);

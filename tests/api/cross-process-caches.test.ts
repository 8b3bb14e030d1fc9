// What one process keeps in memory must not outlive a change made through another (issue 27,
// docs/scaling.md "Per-process state"). Two apps on one database, as two API processes would be:
// A writes (and runs the jobs), B reads. B's chat keeps each tender's passage index: it answers
// from a document added, replaced, read again or deleted through A after it had built the index.
// Sessions: a token B has already verified is refused on B once A revokes it, and a role changed,
// an account deactivated or a password changed through A is seen by B at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { indexBuildsStarted } from '../../server/domains/chat/passages';
import { storedText } from '../../server/domains/submission/ae';
import type { Storage } from '../../server/storage/storage';
import { createTestApp, createUser, type TestContext } from './context';
import { buildZip, formRequest, insertTender, textPdf } from './documents-fixtures';

type Person = Awaited<ReturnType<typeof createUser>>;
type Message = { answer: string; citations: { fileName: string; page: number; excerpt: string }[] };

/** App B on A's database: on PostgreSQL through a pool of its own, as another process would be; on PGlite, the one instance. */
async function secondApp(ctx: TestContext): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  let db = ctx.db;
  let closeDb: () => Promise<void> = async () => undefined;
  if (ctx.dbKind === 'postgres' && process.env.DATABASE_URL) {
    const { rows } = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${rows[0]!.name}`;
    const own = await openDatabase({ url: url.toString() });
    db = own.db;
    closeDb = own.close;
  }
  const app = await buildApp({ db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, filesDir: ctx.filesDir, jobWorkers: 0, soffice: null });
  return {
    app,
    close: async () => {
      await app.close();
      await closeDb();
    },
  };
}

const DEADLINE = 'Quelle est la date limite de remise des offres ?';
const VISIT = 'La visite sur site est-elle obligatoire ?';

const ask = async (app: FastifyInstance, person: Person, tenderId: string, question: string): Promise<Message> => {
  const res = await app.inject({ method: 'POST', url: `/api/tenders/${tenderId}/chat/messages`, headers: { authorization: `Bearer ${person.token}`, 'accept-language': 'fr' }, payload: { question } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { details: Message }).details;
};

describe('the chat on B follows the documents changed through A', () => {
  let ctx: TestContext;
  let b: FastifyInstance;
  let closeB: (() => Promise<void>) | undefined;
  let manager: Person;
  let tenderId: string;

  /** Waits until every document of the tender is read (A runs the jobs). */
  async function documentsRead() {
    for (const end = Date.now() + 60_000; ; ) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/${tenderId}/docs`, headers: { authorization: `Bearer ${manager.token}` } });
      const { documents } = res.json() as { documents: { extraction: { status: string } | null }[] };
      if (documents.every((d) => d.extraction?.status === 'done')) return;
      if (Date.now() > end) throw new Error('documents still being read');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const upload = async (filename: string, lines: string) => {
    const res = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${manager.companyId}`, manager.token, { tenderId }, { filename, data: textPdf([lines]) }));
    expect(res.statusCode).toBe(201);
    await documentsRead();
    return (res.json() as { details: { _id: string } }).details._id;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ jobWorkers: 1 });
    ({ app: b, close: closeB } = await secondApp(ctx));
    manager = await createUser(ctx, 'manager');
    tenderId = (await insertTender(ctx, manager.companyId!)).id;
  }, 60_000);
  afterAll(async () => {
    await closeB?.();
    await ctx?.close();
  });

  it('answers from a document added through A after B had built the index, then from its replacement, and no longer from it once deleted', async () => {
    const rc = await upload('RC.pdf', 'Article 4 - Remise des offres\nLa date limite de remise des offres est fixee au 15 juillet 2026 a 12 h.');
    const first = await ask(b, manager, tenderId, DEADLINE);
    expect(first.answer).toMatch(/15 juillet 2026/);
    expect(first.citations[0]).toMatchObject({ fileName: 'RC.pdf', page: 1 });
    expect((await ask(b, manager, tenderId, VISIT)).citations.map((c) => c.fileName)).not.toContain('Visite.pdf');
    // B keeps the index: asking again builds nothing.
    const builds = indexBuildsStarted();
    await ask(b, manager, tenderId, DEADLINE);
    expect(indexBuildsStarted()).toBe(builds);

    // Added through A: B builds anew and answers from it.
    const visit = await upload('Visite.pdf', 'Article 6 - Visite\nUne visite sur site est obligatoire le 3 mars 2026 a 10 h, en presence du maitre d ouvrage.');
    const visited = await ask(b, manager, tenderId, VISIT);
    expect(visited.answer).toMatch(/3 mars 2026/);
    expect(visited.citations[0]).toMatchObject({ fileName: 'Visite.pdf', page: 1 });
    expect(indexBuildsStarted()).toBe(builds + 1);

    // Replaced through A: the new file's text answers on B.
    const replaced = await ctx.app.inject(
      formRequest('PATCH', `/api/tenderDocs/${rc}?companyId=${manager.companyId}`, manager.token, {}, { filename: 'RC-v2.pdf', data: textPdf(['Article 4 - Remise des offres\nLa date limite de remise des offres est reportee au 20 septembre 2026 a 12 h.']) }),
    );
    expect(replaced.statusCode).toBe(200);
    await documentsRead();
    const moved = await ask(b, manager, tenderId, DEADLINE);
    expect(moved.answer).toMatch(/20 septembre 2026/);
    expect(moved.answer).not.toMatch(/15 juillet/);
    expect(moved.citations[0]).toMatchObject({ fileName: 'RC-v2.pdf' });

    // Read again through A (same file, a new reading job): B's index is built again.
    const again = builds + 2;
    expect(indexBuildsStarted()).toBe(again);
    const reread = await ctx.app.inject({ method: 'POST', url: `/api/tenderDocs/${visit}/extraction`, headers: { authorization: `Bearer ${manager.token}` } });
    expect(reread.statusCode).toBe(202);
    await documentsRead();
    expect((await ask(b, manager, tenderId, VISIT)).citations[0]).toMatchObject({ fileName: 'Visite.pdf' });
    expect(indexBuildsStarted()).toBe(again + 1);

    // Deleted through A: B no longer cites it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/tenderDocs/${visit}`, headers: { authorization: `Bearer ${manager.token}` } })).statusCode).toBe(200);
    const gone = await ask(b, manager, tenderId, VISIT);
    expect(gone.citations.map((c) => c.fileName)).not.toContain('Visite.pdf');
    expect(gone.answer).not.toMatch(/3 mars 2026/);
  }, 120_000);
});

describe('sessions on B follow what A changed', () => {
  let ctx: TestContext;
  let b: FastifyInstance;
  let closeB: (() => Promise<void>) | undefined;
  let admin: Person;

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ app: b, close: closeB } = await secondApp(ctx));
    admin = await createUser(ctx, 'admin');
  }, 60_000);
  afterAll(async () => {
    await closeB?.();
    await ctx?.close();
  });

  const profileOn = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  const asAdmin = (method: 'PATCH', url: string, payload: object) => ctx.app.inject({ method, url, headers: { authorization: `Bearer ${admin.token}` }, payload });

  it('refuses on B a token signed out on A, though B had verified it before', async () => {
    const person = await createUser(ctx, 'manager');
    expect((await profileOn(b, person.token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { authorization: `Bearer ${person.token}` } })).statusCode).toBe(200);
    const refused = await profileOn(b, person.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ msg: expect.any(String) });
  });

  it('sees on B a role changed on A at once: the token still carries the old role, the database answers', async () => {
    const person = await createUser(ctx, 'manager');
    expect((await profileOn(b, person.token)).json()).toMatchObject({ role: 'manager' });
    // A manager may rename the company; an employee may not.
    const rename = (name: string) => b.inject({ method: 'PATCH', url: `/api/companies/${person.companyId}`, headers: { authorization: `Bearer ${person.token}` }, payload: { name } });
    expect((await rename('Toitures du Rhône')).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/api/users/${person.id}/role`, { role: 'employee' })).statusCode).toBe(200);
    expect((await profileOn(b, person.token)).json()).toMatchObject({ role: 'employee' });
    expect((await rename('Toitures de Vienne')).statusCode).toBe(403);
  });

  it('refuses on B an account deactivated on A, and the sessions a password change ended', async () => {
    const person = await createUser(ctx, 'employee', { companyId: (await createUser(ctx, 'manager')).companyId });
    expect((await profileOn(b, person.token)).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/api/users/${person.id}/status`, { active: false })).statusCode).toBe(200);
    expect((await profileOn(b, person.token)).statusCode).toBe(401);
    expect((await asAdmin('PATCH', `/api/users/${person.id}/status`, { active: true })).statusCode).toBe(200);
    expect((await profileOn(b, person.token)).statusCode).toBe(200);

    // A second session, opened on B, ends when the password is changed through A with the first.
    const other = await b.inject({ method: 'POST', url: '/api/users/login', payload: { email: person.email, password: person.password } });
    const otherToken = (other.json() as { token: string }).token;
    expect((await profileOn(b, otherToken)).statusCode).toBe(200);
    const changed = await ctx.app.inject({ method: 'PATCH', url: '/api/users/password', headers: { authorization: `Bearer ${person.token}` }, payload: { currentPassword: person.password, newPassword: 'Another-Correct-Horse-43' } });
    expect(changed.statusCode).toBe(200);
    expect((await profileOn(b, otherToken)).statusCode).toBe(401);
    expect((await profileOn(b, person.token)).statusCode).toBe(200);
  });
});

describe("the text of a stored AE, read once by storage key", () => {
  const aeDocx = (amount: string) =>
    buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>'), deflate: true },
      { name: 'word/document.xml', data: Buffer.from(`<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>Montant hors taxes : ${amount} euros</w:t></w:r></w:p></w:body></w:document>`), deflate: true },
    ]);

  /** A storage whose first reads fail as an unreachable object store would. */
  function flakyStorage(data: Buffer, failures: number): Storage & { reads: number } {
    const storage = {
      reads: 0,
      async get() {
        storage.reads++;
        if (storage.reads <= failures) throw new Error('connect ECONNREFUSED');
        const { Readable } = await import('node:stream');
        return { stream: Readable.from([data]), size: data.length };
      },
    };
    return storage as unknown as Storage & { reads: number };
  }

  it('asks the storage again after a failed read, and keeps what the bytes said once read', async () => {
    const storage = flakyStorage(aeDocx('12 500,00'), 1);
    const file = { storageKey: `submission/test/${Math.random()}`, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fileName: 'AE.docx' };
    expect(await storedText(storage, file)).toBeNull();
    expect(await storedText(storage, file)).toMatch(/12 500,00/);
    expect(await storedText(storage, file)).toMatch(/12 500,00/);
    expect(storage.reads).toBe(2);
  });

  it('keeps a file that cannot be read as such: its bytes are not asked again', async () => {
    const storage = flakyStorage(Buffer.from('not an office file'), 0);
    const file = { storageKey: `submission/test/${Math.random()}`, mime: 'application/msword', fileName: 'AE.doc' };
    expect(await storedText(storage, file)).toBeNull();
    expect(await storedText(storage, file)).toBeNull();
    expect(storage.reads).toBe(1);
  });
});

// Notices stored as tender calls (issue 13): fields, idempotence, identity across sources,
// corrections with their history, cancellations, awards, refusals, and the admin's upload job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { awards, refusedNotices, sourceNotices, tenderCallChanges, tenderCallLots, tenderCalls } from '../../server/db/schema';
import { importNotices } from '../../server/domains/sourcing/index';
import type { ImportedNotice } from '../../server/domains/sourcing/notice';
import { createImportRun, runImport, storeBatch, type ImportCounts } from '../../server/domains/sourcing/store';
import { createTestApp, createUser, errorOf, filesUnder, multipart, type TestContext } from './context';

const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');
const fixture = (name: string) => join(FIXTURES, name);

let ctx: TestContext;
let tmp: string;

beforeAll(async () => {
  ctx = await createTestApp({ jobWorkers: 1 });
  tmp = await mkdtemp(join(tmpdir(), 'sourcing-import-'));
});
afterAll(async () => {
  await ctx?.close();
  await rm(tmp, { recursive: true, force: true });
});

async function importFile(path: string): Promise<ImportCounts> {
  const runId = await createImportRun(ctx.db, { fileName: path.split('/').pop()!, size: 0, status: 'running' });
  return runImport({ db: ctx.db, runId, input: path });
}

async function noticeOf(name: string, sourceId?: string): Promise<ImportedNotice> {
  for await (const r of importNotices(fixture(name))) if ('notice' in r && (!sourceId || r.notice.sourceId === sourceId)) return r.notice;
  throw new Error(`no notice ${sourceId ?? ''} in ${name}`);
}

/** Stores notices made by the test (derived from real ones) as one batch. */
async function store(...notices: ImportedNotice[]) {
  const runId = await createImportRun(ctx.db, { fileName: 'derived.json', size: 0, status: 'running' });
  return (await storeBatch(ctx.db, runId, 'derived.json', notices.map((notice) => ({ notice })))).counts;
}

const callOf = async (source: string, sourceId: string) => {
  const [link] = await ctx.db.select({ callId: sourceNotices.tenderCallId }).from(sourceNotices).where(and(eq(sourceNotices.source, source), eq(sourceNotices.sourceId, sourceId)));
  if (!link?.callId) return undefined;
  const [call] = await ctx.db.select().from(tenderCalls).where(eq(tenderCalls.id, link.callId));
  return call;
};
const linksOf = async (callId: string) =>
  (await ctx.db.select({ source: sourceNotices.source, sourceId: sourceNotices.sourceId }).from(sourceNotices).where(eq(sourceNotices.tenderCallId, callId))).map((l) => `${l.source}:${l.sourceId}`).sort();

describe('importing files', () => {
  it('a BOAMP v230 call lands with its fields: reference, buyer reference, CPV, place, Paris deadline', async () => {
    const counts = await importFile(fixture('test-pub-9.xml'));
    expect(counts).toMatchObject({ notices: 1, new: 1, refused: 0 });
    const call = (await callOf('boamp', '16-652'))!;
    expect(call).toMatchObject({
      reference: '16-652',
      source: 'boamp',
      sourceId: '16-652',
      buyerReference: 'DAMR 2016/01',
      title: "prestation d'interim médical en anesthesie-réanimation, CHU, à Saint-Etienne",
      buyer: 'CHU St Etienne',
      buyerSiret: null,
      cpvCodes: ['79625000'],
      department: '42',
      departements: ['42'],
      region: 'Auvergne-Rhône-Alpes',
      nuts: ['FR715'],
      deadlineZone: 'Europe/Paris',
      deadlineDayOnly: false,
      status: 'open',
    });
    // 16:00 in Paris in January.
    expect(call.submissionDeadline.toISOString()).toBe('2016-01-25T15:00:00.000Z');
  });

  it('a TED R2.0.9 call lands with its lots and its notice address', async () => {
    await importFile(fixture('19-090974-001-EXP.xml'));
    const call = (await callOf('ted', '91489-2019'))!;
    expect(call.source).toBe('ted');
    expect(call.buyer).toBe('EPS Paul Guiraud');
    expect(call.department).toBe('92');
    expect(call.submissionDeadline.toISOString()).toBe('2019-03-22T14:00:00.000Z');
    expect(call.noticeUrl).toBe('http://ted.europa.eu/udl?uri=TED:NOTICE:091489-2019:TEXT:FR:HTML');
  });

  it('re-importing the same files changes nothing: every notice counts as unchanged', async () => {
    const before = await ctx.db.select({ id: tenderCalls.id, updatedAt: tenderCalls.updatedAt }).from(tenderCalls);
    const files = ['test-pub-9.xml', '19-090974-001-EXP.xml', 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'];
    for (const name of files) await importFile(fixture(name));
    const first = await ctx.db.select({ id: tenderCalls.id }).from(tenderCalls);
    for (const name of files) expect(await importFile(fixture(name))).toMatchObject({ new: 0, updated: 0, unchanged: expect.any(Number) as number });
    const fnsimple = await importFile(fixture(files[2]!));
    expect(fnsimple).toEqual({ notices: 5, new: 0, updated: 0, cancelled: 0, awarded: 0, refused: 0, unchanged: 5 });
    const after = await ctx.db.select({ id: tenderCalls.id, updatedAt: tenderCalls.updatedAt }).from(tenderCalls);
    expect(after).toHaveLength(first.length);
    // The calls imported earlier were not touched again.
    for (const row of before) expect(after.find((a) => a.id === row.id)?.updatedAt.getTime()).toBe(row.updatedAt.getTime());
  });

  it('a malformed notice is refused with its reason while the others of the file land', async () => {
    const mapa = JSON.parse(await readFile(fixture('nicolasmura_boamp-query_2024_mapa_2records.json'), 'utf8')) as { results: unknown[] };
    const path = join(tmp, 'mixed.json');
    await writeFile(path, JSON.stringify([mapa.results[0], { not: 'a notice' }, mapa.results[1]]));
    const runId = await createImportRun(ctx.db, { fileName: 'mixed.json', size: 0, status: 'running' });
    const counts = await runImport({ db: ctx.db, runId, input: path });
    expect(counts).toMatchObject({ notices: 3, new: 2, refused: 1 });
    const refused = await ctx.db.select().from(refusedNotices).where(eq(refusedNotices.importRunId, runId));
    expect(refused).toMatchObject([{ reason: 'sourcing-unknown-shape', fileName: 'mixed.json', position: 2 }]);
    expect(await callOf('boamp', '24-76932')).toBeDefined();

    // The same run done again (a job restarted after a crash): its counts and refusals start over.
    expect(await runImport({ db: ctx.db, runId, input: path })).toMatchObject({ notices: 3, new: 0, unchanged: 2, refused: 1 });
    expect(await ctx.db.select().from(refusedNotices).where(eq(refusedNotices.importRunId, runId))).toHaveLength(1);
  });
});

describe('identity and history', () => {
  it('a correction moves the deadline of the call it names and records what changed', async () => {
    const correction = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06184060013B');
    // The call it corrects, as first published (not among the fixtures): the deadline of 10 July.
    await store({ ...correction, sourceId: 'BWP06173060423D', kind: 'call', related: [], deadline: '2006-07-10T12:00:00+02:00', deadlineDate: '2006-07-10' });
    const original = (await callOf('boamp', 'BWP06173060423D'))!;
    expect(original.submissionDeadline.toISOString()).toBe('2006-07-10T10:00:00.000Z');

    const counts = await importFile(fixture('akshaiyganesh_json_api_boamp_2006_v110_20records.json'));
    expect(counts.updated).toBeGreaterThanOrEqual(1);
    const corrected = (await callOf('boamp', 'BWP06184060013B'))!;
    expect(corrected.id).toBe(original.id);
    expect(corrected.submissionDeadline.toISOString()).toBe('2006-07-24T10:00:00.000Z');
    const history = await ctx.db.select().from(tenderCallChanges).where(eq(tenderCallChanges.tenderCallId, original.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'correction', source: 'boamp', sourceId: 'BWP06184060013B', deadlineMoved: true });
    expect(history[0]!.changes).toContainEqual({ field: 'submissionDeadline', from: '2006-07-10T10:00:00.000Z', to: '2006-07-24T10:00:00.000Z' });
    expect(await linksOf(original.id)).toEqual(['boamp:BWP06173060423D', 'boamp:BWP06184060013B']);
  });

  it('a cancellation closes the call it names; one naming an unknown call is refused', async () => {
    const cancellation = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06181000031P');
    // Before its call exists, the cancellation has nothing to close.
    const runId = await createImportRun(ctx.db, { fileName: 'x.json', size: 0, status: 'running' });
    const early = await storeBatch(ctx.db, runId, 'x.json', [{ notice: { ...cancellation, sourceId: 'BWP-EARLY' } }]);
    expect(early.counts.refused).toBe(1);
    const [refusal] = await ctx.db.select().from(refusedNotices).where(eq(refusedNotices.importRunId, runId));
    expect(refusal).toMatchObject({ reason: 'sourcing-unknown-call', source: 'boamp', sourceId: 'BWP-EARLY' });

    const call = await noticeOf('test-pub-2.xml');
    await store({ ...call, sourceId: 'BWP06151100141C', related: [] });
    expect(await store(cancellation)).toMatchObject({ cancelled: 1 });
    const closed = (await callOf('boamp', 'BWP06151100141C'))!;
    expect(closed.status).toBe('cancelled');
    const [change] = await ctx.db.select().from(tenderCallChanges).where(eq(tenderCallChanges.tenderCallId, closed.id));
    expect(change).toMatchObject({ kind: 'cancellation', changes: [{ field: 'status', from: 'open', to: 'cancelled' }] });
    // Again: nothing more to do.
    expect(await store(cancellation)).toMatchObject({ cancelled: 0, unchanged: 1 });
  });

  it("an imported call is among a company's potential tenders until a notice cancels it", async () => {
    const manager = await createUser(ctx, 'manager');
    // The company has no profile: the call matches nothing and is listed among those (matchStatus=none).
    const call = await noticeOf('test-pub-9.xml');
    await store({ ...call, sourceId: '99-1', title: 'Entretien des orgues de la cathédrale', related: [], deadline: '2099-06-30T12:00:00+02:00', deadlineDate: '2099-06-30' });
    const potential = async () =>
      ((await ctx.app.inject({ method: 'GET', url: '/api/tenders/potential?search=orgues%20cathedrale&matchStatus=none', headers: { authorization: `Bearer ${manager.token}` } })).json() as { tenders: { tenderCall: { reference: string; buyer: string; submissionDeadline: string } }[] }).tenders.map((t) => t.tenderCall);
    expect(await potential()).toEqual([expect.objectContaining({ reference: '99-1', buyer: 'CHU St Etienne', submissionDeadline: '2099-06-30T10:00:00.000Z' })]);
    const cancellation = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06181000031P');
    expect(await store({ ...cancellation, sourceId: '99-2', related: [{ source: 'boamp', sourceId: '99-1' }] })).toMatchObject({ cancelled: 1 });
    expect(await potential()).toEqual([]);
  });

  it('an award attaches its winner to the call it names, or is kept alone when the call is unknown', async () => {
    const call = await noticeOf('test-pub-8.xml');
    await store({ ...call, sourceId: '16-119846', related: [] });
    expect(await importFile(fixture('test-attribution-2.xml'))).toMatchObject({ awarded: 1 });
    const awarded = (await callOf('boamp', '16-119846'))!;
    expect(awarded.status).toBe('awarded');
    const [award] = await ctx.db.select().from(awards).where(eq(awards.tenderCallId, awarded.id));
    expect(award).toMatchObject({ source: 'boamp', sourceId: '16-138580', winners: [{ name: 'SARL ENVIRONNEMENT & SOLUTIONS', siret: null }], amount: 38820, awardDate: '2017-02-06' });

    // DECP records award contracts of calls never imported: award rows without a call.
    expect(await importFile(fixture('decp-13001845000028-2024-02-29-01.TRANSCRIBED.json'))).toMatchObject({ awarded: 1, new: 0 });
    const alone = await ctx.db.select().from(awards).where(and(eq(awards.source, 'decp'), isNull(awards.tenderCallId)));
    expect(alone).toHaveLength(1);
    expect(alone[0]!.buyerSiret).toBe('13001845000028');
    expect(alone[0]!.winners.length).toBeGreaterThan(0);
    // Re-imported: the same award rows, not twice as many.
    expect(await importFile(fixture('decp-13001845000028-2024-02-29-01.TRANSCRIBED.json'))).toMatchObject({ awarded: 0, unchanged: 1 });
    expect(await ctx.db.select().from(awards).where(eq(awards.source, 'decp'))).toHaveLength(1);
  });

  it('the same call on BOAMP and TED is one call with both links: by the TED number the BOAMP notice names', async () => {
    const boamp = await noticeOf('test-pub-9.xml');
    const ted = await noticeOf('19-090974-001-EXP.xml');
    await store({ ...ted, sourceId: '11111-2019' });
    expect(await store({ ...boamp, sourceId: '19-111', related: [{ source: 'ted', sourceId: '11111-2019' }] })).toMatchObject({ new: 0, updated: 1 });
    const call = (await callOf('ted', '11111-2019'))!;
    expect(await linksOf(call.id)).toEqual(['boamp:19-111', 'ted:11111-2019']);
    // The TED notice's fields stay; the BOAMP one fills what TED lacked (the buyer's reference).
    expect(call.title).toBe(ted.title);
    expect(call.buyerReference).toBe('DAMR 2016/01');
  });

  it('… in either order: the TED notice arriving after the BOAMP one that names it, in the same batch', async () => {
    const boamp = await noticeOf('test-pub-9.xml');
    const ted = await noticeOf('19-090974-001-EXP.xml');
    expect(await store({ ...boamp, sourceId: '19-112', related: [{ source: 'ted', sourceId: '44444-2019' }] }, { ...ted, sourceId: '44444-2019' })).toMatchObject({ new: 1, updated: 1 });
    const call = (await callOf('boamp', '19-112'))!;
    expect(await linksOf(call.id)).toEqual(['boamp:19-112', 'ted:44444-2019']);
    expect(call.title).toBe(boamp.title);
  });

  it('… or by the buyer reference, buyer and deadline when neither names the other', async () => {
    const boamp = await noticeOf('test-pub-9.xml');
    const ted = await noticeOf('19-090974-001-EXP.xml');
    await store({ ...boamp, sourceId: '19-222', reference: 'REF-2019-7', buyer: { name: 'Ville de Test', siret: '21690123100011' } });
    const twin = { ...ted, sourceId: '22222-2019', reference: 'REF-2019-7', buyer: { name: 'VILLE DE TEST', siret: null }, deadline: boamp.deadline, deadlineDate: boamp.deadlineDate };
    expect(await store(twin)).toMatchObject({ new: 0, updated: 1 });
    const call = (await callOf('boamp', '19-222'))!;
    expect(await linksOf(call.id)).toEqual(['boamp:19-222', 'ted:22222-2019']);
    // Another deadline: another call.
    expect(await store({ ...twin, sourceId: '33333-2019', deadline: '2019-09-01T12:00:00+02:00' })).toMatchObject({ new: 1 });
  });

  it('a notice the database refuses (an amount past bigint) is refused alone; the batch around it lands', async () => {
    const call = await noticeOf('test-pub-9.xml');
    const counts = await store({ ...call, sourceId: '19-401' }, { ...call, sourceId: '19-402', estimatedAmount: 1e22 }, { ...call, sourceId: '19-403' });
    expect(counts).toMatchObject({ notices: 3, new: 2, refused: 1 });
    expect(await callOf('boamp', '19-401')).toBeDefined();
    expect(await callOf('boamp', '19-402')).toBeUndefined();
    expect(await callOf('boamp', '19-403')).toBeDefined();
    const [refusal] = await ctx.db.select().from(refusedNotices).where(eq(refusedNotices.sourceId, '19-402'));
    expect(refusal).toMatchObject({ reason: 'sourcing-store-failed', source: 'boamp', position: 2 });
  });

  it('a call, its correction and its award in the same batch: one call, the deadline moved, the award attached', async () => {
    const correction = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06184060013B');
    const award = await noticeOf('test-attribution-2.xml');
    const counts = await store(
      { ...correction, sourceId: 'B-501', kind: 'call', related: [], deadline: '2006-07-10T12:00:00+02:00', deadlineDate: '2006-07-10' },
      { ...correction, sourceId: 'B-502', related: [{ source: 'boamp', sourceId: 'B-501' }] },
      { ...award, sourceId: 'B-503', related: [{ source: 'boamp', sourceId: 'B-501' }] },
    );
    expect(counts).toMatchObject({ notices: 3, new: 1, updated: 1, awarded: 1, refused: 0 });
    const call = (await callOf('boamp', 'B-501'))!;
    expect(call.submissionDeadline.toISOString()).toBe('2006-07-24T10:00:00.000Z');
    expect(call.status).toBe('awarded');
    expect(await linksOf(call.id)).toEqual(['boamp:B-501', 'boamp:B-502', 'boamp:B-503']);
    const history = await ctx.db.select().from(tenderCallChanges).where(eq(tenderCallChanges.tenderCallId, call.id));
    expect(history.map((h) => [h.kind, h.sourceId, h.deadlineMoved]).sort()).toEqual([
      ['award', 'B-503', false],
      ['correction', 'B-502', true],
    ]);
    expect(await ctx.db.select({ winners: awards.winners }).from(awards).where(eq(awards.tenderCallId, call.id))).toEqual([{ winners: [{ name: 'SARL ENVIRONNEMENT & SOLUTIONS', siret: null }] }]);
  });

  it('two versions of one notice in the same batch: one call with the later version, recorded as republished', async () => {
    const call = await noticeOf('test-pub-9.xml');
    const counts = await store({ ...call, sourceId: '19-511', related: [] }, { ...call, sourceId: '19-511', related: [], title: 'Intérim médical, version corrigée', deadline: '2016-02-01T12:00:00+01:00' });
    expect(counts).toMatchObject({ notices: 2, new: 1, updated: 1 });
    const stored = (await callOf('boamp', '19-511'))!;
    expect(stored.title).toBe('Intérim médical, version corrigée');
    expect(stored.submissionDeadline.toISOString()).toBe('2016-02-01T11:00:00.000Z');
    expect(await linksOf(stored.id)).toEqual(['boamp:19-511']);
    const [change] = await ctx.db.select().from(tenderCallChanges).where(eq(tenderCallChanges.tenderCallId, stored.id));
    expect(change).toMatchObject({ kind: 'republished', deadlineMoved: true });
    // The file imported again: nothing new.
    expect(await store({ ...call, sourceId: '19-511', related: [], title: 'Intérim médical, version corrigée', deadline: '2016-02-01T12:00:00+01:00' })).toMatchObject({ unchanged: 1 });
  });

  it('a BOAMP call and its TED twin (same buyer reference, buyer and deadline) in the same batch are one call', async () => {
    const boamp = await noticeOf('test-pub-9.xml');
    const ted = await noticeOf('19-090974-001-EXP.xml');
    const twin = { ...ted, sourceId: '55555-2019', reference: 'REF-2019-9', buyer: { name: 'VILLE DE TEST', siret: null }, deadline: boamp.deadline, deadlineDate: boamp.deadlineDate };
    expect(await store({ ...boamp, sourceId: '19-521', reference: 'REF-2019-9', buyer: { name: 'Ville de Test', siret: '21690123100011' } }, twin)).toMatchObject({ new: 1, updated: 1 });
    const call = (await callOf('boamp', '19-521'))!;
    expect(await linksOf(call.id)).toEqual(['boamp:19-521', 'ted:55555-2019']);
  });

  it('a notice the database refuses leaves nothing a later notice of the batch could attach to', async () => {
    const call = await noticeOf('test-pub-9.xml');
    const cancellation = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06181000031P');
    const counts = await store({ ...call, sourceId: '19-531', estimatedAmount: 1e22 }, { ...cancellation, sourceId: '19-532', related: [{ source: 'boamp', sourceId: '19-531' }] }, { ...call, sourceId: '19-533' });
    expect(counts).toMatchObject({ notices: 3, new: 1, refused: 2 });
    const refusals = await ctx.db.select().from(refusedNotices).where(inArray(refusedNotices.sourceId, ['19-531', '19-532']));
    expect(refusals.map((r) => [r.sourceId, r.reason]).sort()).toEqual([
      ['19-531', 'sourcing-store-failed'],
      ['19-532', 'sourcing-unknown-call'],
    ]);
    expect(await callOf('boamp', '19-533')).toBeDefined();
  });

  it('lots are stored with their number as published when it is not a plain integer', async () => {
    const call = await noticeOf('test-pub-9.xml');
    await store({ ...call, sourceId: '19-333', lots: [{ number: '2016-52', title: 'Voirie', cpv: ['45233140'], amount: 12000 }, { number: '2016-53', title: '', cpv: [], amount: null }] });
    const stored = (await callOf('boamp', '19-333'))!;
    const lots = await ctx.db.select().from(tenderCallLots).where(eq(tenderCallLots.tenderCallId, stored.id));
    expect(lots.map((l) => [l.number, l.publishedNumber, l.title, l.estimatedAmount]).sort()).toEqual([
      [1, '2016-52', 'Voirie', 12000],
      [2, '2016-53', 'Lot 2016-53', null],
    ]);
  });
});

describe('admin upload', () => {
  it('an admin uploads a file; a job imports it with progress and counts; the refusals are listed with reasons', async () => {
    const admin = await createUser(ctx, 'admin');
    const auth = { authorization: `Bearer ${admin.token}` };
    const fnsimple = JSON.parse(await readFile(fixture('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8')) as { data: { results: Record<string, unknown>[] } };
    const records = fnsimple.data.results.map((r) => ({ ...r, idweb: `U-${String(r.idweb)}` }));
    const lines = [records[0], '{"broken": tru}', records[1], { idweb: 'U-none' }, ...records.slice(2)].map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');
    const form = multipart([{ name: 'file', filename: 'export.jsonl', type: 'application/x-ndjson', data: Buffer.from(lines) }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...auth, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(202);
    const body = res.json() as { msg: string; details: { _id: string; fileName: string; status: string } };
    expect(body.msg).toBe('Import lancé : il se poursuit en arrière-plan.');
    expect(body.details).toMatchObject({ fileName: 'export.jsonl' });

    type Run = { _id: string; status: string; progress: number; counts: ImportCounts };
    let run: Run | undefined;
    for (let i = 0; i < 200; i++) {
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/imports?perPage=all', headers: auth })).json() as { imports: Run[] };
      run = list.imports.find((r) => r._id === body.details._id);
      if (run?.status === 'done' || run?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(run).toMatchObject({ status: 'done', progress: 100, counts: { notices: 7, new: 5, refused: 2, unchanged: 0 } });

    const refused = (await ctx.app.inject({ method: 'GET', url: `/api/admin/imports/${run!._id}/refused?perPage=1&page=2`, headers: { ...auth, 'accept-language': 'en' } })).json() as {
      count: number;
      totalPages: number;
      refused: { reasonKey: string; reason: string; fileName: string }[];
    };
    expect(refused).toMatchObject({ count: 2, totalPages: 2 });
    expect(refused.refused).toHaveLength(1);
    expect(refused.refused[0]!.fileName).toBe('export.jsonl');
    expect(refused.refused[0]!.reason).not.toBe(refused.refused[0]!.reasonKey);
    expect(refused.refused[0]!.reasonKey).toMatch(/^sourcing-/);
    const runs = await ctx.db.select().from(refusedNotices).where(eq(refusedNotices.fileName, 'export.jsonl'));
    expect(runs.map((r) => r.reason).sort()).toEqual(['sourcing-malformed-json', 'sourcing-unknown-shape']);
    // The upload is removed from the storage once imported.
    expect(filesUnder(ctx.filesDir).filter((f) => f.startsWith('imports'))).toEqual([]);
  });

  it('a file that is neither JSON, XML nor ZIP is refused before any job; staff may not import', async () => {
    const admin = await createUser(ctx, 'admin');
    const text = multipart([{ name: 'file', filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { authorization: `Bearer ${admin.token}`, ...text.headers }, payload: text.payload });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).msg).toBe("Fichier non accepté : un export JSON, XML ou ZIP d'avis est attendu.");

    const empty = multipart([]);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { authorization: `Bearer ${admin.token}`, ...empty.headers }, payload: empty.payload });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).msg).toBe("Choisissez un fichier d'avis à importer.");
    expect(filesUnder(ctx.filesDir).filter((f) => f.startsWith('imports'))).toEqual([]);

    const manager = await createUser(ctx, 'manager');
    const json = multipart([{ name: 'file', filename: 'avis.json', type: 'application/json', data: Buffer.from('[]') }]);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { authorization: `Bearer ${manager.token}`, ...json.headers }, payload: json.payload });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/imports', headers: { authorization: `Bearer ${manager.token}` } })).statusCode).toBe(403);
  });
});

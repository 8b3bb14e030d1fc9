// The place of execution of imported notices (issue 24): "Rénovation de la caserne de gendarmerie
// de DOULAINCOURT-SAUCOURT (52)" showed "Aisne (02) · 32", the first of the nine départements BOAMP
// *publishes* it in, and the region's INSEE code. The place comes from the notice's place fields,
// is shown by names, is never a publication département, and is what matching by place reads.
// Security 4: an imported notice's link is http(s) or nothing, on import and on output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { companies, sourceNotices, tenderCalls } from '../../server/db/schema';
import { importNotices, importRecord } from '../../server/domains/sourcing/index';
import type { ImportedNotice } from '../../server/domains/sourcing/notice';
import { placeOfText } from '../../server/domains/sourcing/normalise';
import { matchCalls } from '../../server/domains/sourcing/matching';
import { createImportRun, storeBatch } from '../../server/domains/sourcing/store';
import { createTestApp, createUser, type TestContext } from './context';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');
const FNSIMPLE = 'jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json';

async function noticeOf(name: string, sourceId: string): Promise<ImportedNotice> {
  for await (const r of importNotices(join(FIXTURES, name))) if ('notice' in r && r.notice.sourceId === sourceId) return r.notice;
  throw new Error(`no notice ${sourceId} in ${name}`);
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the place of execution of real BOAMP records, not where they are published', () => {
  it('26-7113: the gendarmerie of Doulaincourt-Saucourt is in Haute-Marne (52, Grand Est), though published in 02, 08, 10, 51, 52…', async () => {
    const n = await noticeOf(FNSIMPLE, '26-7113');
    expect(n.place).toEqual({ departements: ['52'], region: 'Grand Est', nuts: [] });
  });

  it('26-7319: "Argonay (74)", published in 74 and 69, is in Haute-Savoie only; 26-7109: a postcode 92300; 24-76932 (MAPA): cp 84100', async () => {
    expect((await noticeOf(FNSIMPLE, '26-7319')).place).toEqual({ departements: ['74'], region: 'Auvergne-Rhône-Alpes', nuts: [] });
    expect((await noticeOf(FNSIMPLE, '26-7109')).place.departements).toEqual(['92']);
    expect((await noticeOf('nicolasmura_boamp-query_2024_mapa_2records.json', '24-76932')).place.departements).toEqual(['84']);
  });

  it('a notice with no place field shows none rather than a publication département (MAPA 24-76638, published in 54 and 57; v230 16-186063, DEP_PUBLICATION 77 only)', async () => {
    expect((await noticeOf('nicolasmura_boamp-query_2024_mapa_2records.json', '24-76638')).place).toEqual({ departements: [], region: null, nuts: [] });
    expect((await noticeOf('test-pub-3.xml', '16-186063')).place).toEqual({ departements: [], region: null, nuts: [] });
  });

  it('the column code_departement_prestation is a place, code_departement is not', () => {
    const record = { idweb: '26-1', objet: 'Travaux', dateparution: '2026-01-21', code_departement: ['02', '52'] };
    const placed = importRecord({ type: 'json', value: { ...record, code_departement_prestation: '52' }, origin: 'x' });
    const unplaced = importRecord({ type: 'json', value: record, origin: 'x' });
    expect('notice' in placed && placed.notice.place).toEqual({ departements: ['52'], region: 'Grand Est', nuts: [] });
    expect('notice' in unplaced && unplaced.notice.place).toEqual({ departements: [], region: null, nuts: [] });
  });

  it('places as buyers write them', () => {
    expect(placeOfText('Caserne de gendarmerie - 2 rue de la Gendarmerie à Doulaincourt-Saucourt (52 270)').departements).toEqual(['52']);
    expect(placeOfText('(59) Nord').departements).toEqual(['59']);
    expect(placeOfText('Isère')).toEqual({ departements: ['38'], regions: [] });
    expect(placeOfText('Région Normandie')).toEqual({ departements: [], regions: ['Normandie'] });
    expect(placeOfText('Ajaccio 20000').departements).toEqual(['2A']);
    // A town alone, or a number that is no postcode, says nothing.
    expect(placeOfText('Craon.')).toEqual({ departements: [], regions: [] });
    expect(placeOfText('Lot 123456 du marché')).toEqual({ departements: [], regions: [] });
  });
});

describe('stored and matched by that place', () => {
  it("the Doulaincourt call is stored in 52 · Grand Est, and matches a company of 52 by place, not one of 02 (Aisne)", async () => {
    const notice = await noticeOf(FNSIMPLE, '26-7113');
    // Its deadline (February 2026) is past: moved on so that it is matched.
    const runId = await createImportRun(ctx.db, { fileName: 'derived.json', size: 0, status: 'running' });
    await storeBatch(ctx.db, runId, 'derived.json', [{ notice: { ...notice, sourceId: '26-7113-p', deadline: '2099-02-20T12:00:00+01:00', deadlineDate: '2099-02-20' } }]);
    const [call] = await ctx.db
      .select({ id: tenderCalls.id, department: tenderCalls.department, region: tenderCalls.region })
      .from(tenderCalls)
      .innerJoin(sourceNotices, eq(sourceNotices.tenderCallId, tenderCalls.id))
      .where(and(eq(sourceNotices.source, 'boamp'), eq(sourceNotices.sourceId, '26-7113-p')));
    expect(call).toMatchObject({ department: '52', region: 'Grand Est' });

    const haute = await createUser(ctx, 'manager');
    const aisne = await createUser(ctx, 'manager');
    await ctx.db.update(companies).set({ departments: ['52'] }).where(eq(companies.id, haute.companyId!));
    await ctx.db.update(companies).set({ departments: ['02'], regions: ['Hauts-de-France'] }).where(eq(companies.id, aisne.companyId!));
    await matchCalls(ctx.db, [call!.id]);
    type Row = { matchScore: number; matchReasons: { criterion: string; points: number; matched: string[] }[]; tenderCall: { _id: string; department: string | null; region: string | null } };
    const potential = async (token: string) =>
      ((await ctx.app.inject({ method: 'GET', url: '/api/tenders/potential?perPage=all', headers: { authorization: `Bearer ${token}` } })).json() as { tenders: Row[] }).tenders.find((t) => t.tenderCall._id === call!.id);
    const row = await potential(haute.token);
    expect(row).toMatchObject({ matchScore: 20, matchReasons: [{ criterion: 'place', points: 20, matched: ['52'] }], tenderCall: { department: '52', region: 'Grand Est' } });
    const other = await potential(aisne.token);
    expect(other?.matchReasons ?? []).toEqual([]);
  });
});

describe('an imported notice keeps only an http(s) link (security 4)', () => {
  it('on import: a javascript: url_avis is dropped for the BOAMP address of its idweb', () => {
    const r = importRecord({ type: 'json', value: { idweb: '26-2', objet: 'Travaux', url_avis: 'javascript:alert(document.cookie)' }, origin: 'x' });
    expect('notice' in r && r.notice.url).toBe('https://www.boamp.fr/pages/avis/?q=idweb:26-2');
    const spaced = importRecord({ type: 'json', value: { idweb: '26-3', objet: 'Travaux', url_avis: ' JavaScript:alert(1)' }, origin: 'x' });
    expect('notice' in spaced && spaced.notice.url).toBe('https://www.boamp.fr/pages/avis/?q=idweb:26-3');
  });

  it('on output: a call and a notice stored with a javascript: link (an older import) are returned with none', async () => {
    const notice = await noticeOf(FNSIMPLE, '26-7298');
    const runId = await createImportRun(ctx.db, { fileName: 'derived.json', size: 0, status: 'running' });
    await storeBatch(ctx.db, runId, 'derived.json', [{ notice: { ...notice, sourceId: '26-7298-x', deadline: '2099-02-16T12:00:00+01:00', deadlineDate: '2099-02-16' } }]);
    const [link] = await ctx.db.select({ callId: sourceNotices.tenderCallId }).from(sourceNotices).where(eq(sourceNotices.sourceId, '26-7298-x'));
    // What an import before this fix stored.
    await ctx.db.update(tenderCalls).set({ noticeUrl: 'javascript:alert(document.cookie)' }).where(eq(tenderCalls.id, link!.callId!));
    await ctx.db.update(sourceNotices).set({ url: 'javascript:alert(1)' }).where(eq(sourceNotices.sourceId, '26-7298-x'));
    const manager = await createUser(ctx, 'manager');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/tenderCalls/${link!.callId}`, headers: { authorization: `Bearer ${manager.token}` } });
    expect(res.statusCode).toBe(200);
    const body = (res.json() as { tenderCall: { noticeUrl: string; links: { url: string | null }[] } }).tenderCall;
    expect(body.noticeUrl).toBe('');
    expect(body.links).toEqual([expect.objectContaining({ url: null })]);
    expect(res.body).not.toContain('javascript:');
  });
});

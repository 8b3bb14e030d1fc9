// Market and history (issue 13): what the imports record, exposed. A call's links and status, its
// changes, its awards; the same buyer's past awards for similar CPV codes with their statistics
// (DECP data.gouv.fr PES fixture, expected values read by hand from the file); the calls a company
// won (by its SIREN: any of its establishments) and lost; who may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { awards, companies, sourceNotices, tenderCalls, tenders } from '../../server/db/schema';
import { importNotices } from '../../server/domains/sourcing/index';
import { normalisedBuyer } from '../../server/domains/sourcing/market';
import type { ImportedNotice } from '../../server/domains/sourcing/notice';
import { createImportRun, runImport, storeBatch } from '../../server/domains/sourcing/store';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');
const fixture = (name: string) => join(FIXTURES, name);

type Market = {
  changes: { kind: string; source: string; sourceId: string; changes: { field: string; from: unknown; to: unknown }[]; deadlineMoved: boolean }[];
  awards: { lot: string | null; winners: { name: string | null; siret: string | null }[]; amount: number | null; awardDate: string | null; offers: number | null }[];
  similar: { by: string | null; cpvPrefixes: string[] };
  buyerAwards: { title: string; winners: { name: string | null; siret: string | null }[]; amount: number | null; awardDate: string | null; cpvCodes: string[]; link: { source: string; sourceId: string; url: string | null } }[];
  buyerStats: { count: number; since: string | null; medianAmount: number | null; minAmount: number | null; maxAmount: number | null; topWinners: { name: string | null; siret: string | null; count: number }[] };
};
type CallBody = { tenderCall: { status: string; links: { source: string; sourceId: string; url: string | null; kind: string; publishedAt: string | null }[] } };

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;

const get = (token: string, url: string, lang = 'fr') => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

async function importFile(name: string) {
  const runId = await createImportRun(ctx.db, { fileName: name, size: 0, status: 'running' });
  return runImport({ db: ctx.db, runId, input: fixture(name) });
}
async function noticeOf(name: string, sourceId?: string): Promise<ImportedNotice> {
  for await (const r of importNotices(fixture(name))) if ('notice' in r && (!sourceId || r.notice.sourceId === sourceId)) return r.notice;
  throw new Error(`no notice ${sourceId ?? ''} in ${name}`);
}
async function store(...notices: ImportedNotice[]) {
  const runId = await createImportRun(ctx.db, { fileName: 'derived.json', size: 0, status: 'running' });
  return (await storeBatch(ctx.db, runId, 'derived.json', notices.map((notice) => ({ notice })))).counts;
}
const callIdOf = async (source: string, sourceId: string) =>
  (await ctx.db.select({ id: sourceNotices.tenderCallId }).from(sourceNotices).where(and(eq(sourceNotices.source, source), eq(sourceNotices.sourceId, sourceId))))[0]!.id!;
/** A call typed by an admin for a buyer of the DECP fixture. */
async function typedCall(values: { buyer: string; buyerSiret?: string; cpvCodes: string[] }) {
  const [row] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `MKT-${Math.random().toString(36).slice(2, 9)}`, title: 'Rénovation des façades et menuiseries de la mairie annexe', submissionDeadline: new Date(Date.now() + 20 * 86_400_000), ...values })
    .returning({ id: tenderCalls.id });
  return row!.id;
}
const market = async (token: string, callId: string) => {
  const res = await get(token, `/api/tenderCalls/${callId}/market`);
  expect(res.statusCode).toBe(200);
  return res.json() as Market;
};

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  // DECP: 110 awards of 2018–2019 (none with a known call); BOAMP: the v110 calls with their correction.
  expect(await importFile('data.gouv.fr_pes_2019-02-03.json')).toMatchObject({ notices: 110, awarded: 110 });
});
afterAll(() => ctx?.close());

describe('what a call shows of its notices', () => {
  it('links and status: an imported call lists its notice; an award notice makes it awarded with its winner', async () => {
    const call = await noticeOf('test-pub-8.xml');
    await store({ ...call, sourceId: '16-119846', related: [] });
    const callId = await callIdOf('boamp', '16-119846');
    const before = (await get(employee.token, `/api/tenderCalls/${callId}`)).json() as CallBody;
    expect(before.tenderCall.status).toBe('open');
    expect(before.tenderCall.links).toEqual([{ source: 'boamp', sourceId: '16-119846', url: expect.stringContaining('https://www.boamp.fr/'), kind: 'call', publishedAt: expect.any(String) }]);

    expect(await importFile('test-attribution-2.xml')).toMatchObject({ awarded: 1 });
    const after = (await get(employee.token, `/api/tenderCalls/${callId}`)).json() as CallBody;
    expect(after.tenderCall.status).toBe('awarded');
        expect(after.tenderCall.links.map((l) => `${l.source}:${l.sourceId}:${l.kind}`).sort()).toEqual(['boamp:16-119846:call', 'boamp:16-138580:award']);
    const m = await market(employee.token, callId);
    expect(m.awards).toEqual([{ lot: null, winners: [{ name: 'SARL ENVIRONNEMENT & SOLUTIONS', siret: null }], amount: 38820, awardDate: '2017-02-06', offers: null }]);
    expect(m.changes.at(-1)).toMatchObject({ kind: 'award', source: 'boamp', sourceId: '16-138580', changes: [{ field: 'status', from: 'open', to: 'awarded' }, { field: 'awards', from: null, to: 1 }] });
  });

  it('changes after a correction: the moved deadline, from and to', async () => {
    const correction = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06184060013B');
    await store({ ...correction, sourceId: 'BWP06173060423D', kind: 'call', related: [], deadline: '2006-07-10T12:00:00+02:00', deadlineDate: '2006-07-10' });
    await importFile('akshaiyganesh_json_api_boamp_2006_v110_20records.json');
    const callId = await callIdOf('boamp', 'BWP06173060423D');
    const m = await market(manager.token, callId);
    expect(m.changes).toHaveLength(1);
    expect(m.changes[0]).toMatchObject({ kind: 'correction', source: 'boamp', sourceId: 'BWP06184060013B', deadlineMoved: true });
    expect(m.changes[0]!.changes).toContainEqual({ field: 'submissionDeadline', from: '2006-07-10T10:00:00.000Z', to: '2006-07-24T10:00:00.000Z' });
    const body = (await get(manager.token, `/api/tenderCalls/${callId}`)).json() as CallBody;
    expect(body.tenderCall.links.map((l) => `${l.sourceId}:${l.kind}`)).toEqual(['BWP06173060423D:call', 'BWP06184060013B:correction']);
  });
});

describe("the buyer's past awards", () => {
  it('by name and CPV group: Ville de Lyon, façades and joinery (454), newest first, with the statistics', async () => {
    // Typed without SIRET: the buyer is found by its name, case and punctuation ignored.
    const callId = await typedCall({ buyer: 'VILLE DE LYON.', cpvCodes: ['45443000', '45421100'] });
    const m = await market(employee.token, callId);
    expect(m.similar).toEqual({ by: 'name', cpvPrefixes: ['454'] });
    expect(m.buyerAwards.map((a) => [a.winners[0]!.name, a.amount, a.awardDate])).toEqual([
      ['DB VERRE', 262904, '2018-11-23'],
      ['CMA CONCEPT', 189077, '2018-10-03'],
    ]);
    expect(m.buyerAwards[0]).toMatchObject({ cpvCodes: ['45441000'], winners: [{ name: 'DB VERRE', siret: '39833047200034' }], link: { source: 'decp' } });
    expect(m.buyerStats).toEqual({
      count: 2,
      since: '2018-10-03',
      medianAmount: 225991,
      minAmount: 189077,
      maxAmount: 262904,
      topWinners: [
        { name: 'CMA CONCEPT', siret: '79984366900026', count: 1 },
        { name: 'DB VERRE', siret: '39833047200034', count: 1 },
      ],
    });
  });

  it('falls back to the division when the buyer awarded nothing of the group', async () => {
    const callId = await typedCall({ buyer: 'Ville de Lyon', cpvCodes: ['45112000'] });
    const m = await market(employee.token, callId);
    expect(m.similar.cpvPrefixes).toEqual(['45']);
    expect(m.buyerAwards.map((a) => a.winners[0]!.name)).toEqual(['RAZEL-BEC - Auvergne-Rhône-Alpes', 'DB VERRE', 'CMA CONCEPT']);
    expect(m.buyerStats).toMatchObject({ count: 3, medianAmount: 262904, maxAmount: 1355208 });
  });

  it("folds a buyer's name in SQL as in Node, and reads awards by that name through its index", async () => {
    const names = ['VILLE DE LYON.', "  Commune d'Œuvre-sur-Ærø ", 'Métropole  Européenne de Lille — Direction des Bâtiments', 'SIVU (Syndicat intercommunal) n°3'];
    for (const name of names) {
      const key = ((await ctx.db.execute(sql`select name_key(${name}) as key`)) as unknown as { rows: { key: string }[] }).rows[0]!.key;
      expect(key).toBe(normalisedBuyer(name));
    }
    expect(normalisedBuyer("  Commune d'Œuvre-sur-Ærø ")).toBe('commune d oeuvre sur aer');
    // With sequential scans priced out, the plan shows whether the market's condition can use the index.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await tx.execute(sql`explain select id from ${awards} where name_key(${awards.buyer}) = ${normalisedBuyer('Ville de Lyon')}`));
    });
    expect(plan).toContain('awards_buyer_key_idx');
  });

  it('by SIRET when the call has one, whatever its name; none without a CPV code', async () => {
    const callId = await typedCall({ buyer: 'Commune de Saint-Paul (La Réunion)', buyerSiret: '21974015600019', cpvCodes: ['45210000'] });
    const m = await market(employee.token, callId);
    expect(m.similar).toEqual({ by: 'siret', cpvPrefixes: ['452'] });
    expect(m.buyerAwards.map((a) => [a.winners[0]!.name, a.amount])).toEqual([
      ['ETHEVE ENTREPRISE', 34901],
      ['CEGELEC', 29500],
      ['DLA BATIMENT', 47770],
      ['SRAB', 40072],
    ]);
    // Median of 29 500, 34 901, 40 072 and 47 770.
    expect(m.buyerStats).toMatchObject({ count: 4, medianAmount: 37487, minAmount: 29500, maxAmount: 47770, since: '2018-11-06' });

    const none = await market(employee.token, await typedCall({ buyer: 'Ville de Lyon', cpvCodes: [] }));
    expect(none).toMatchObject({ similar: { by: 'name', cpvPrefixes: [] }, buyerAwards: [], buyerStats: { count: 0, medianAmount: null } });
  });

  it('an unknown call answers 404; anonymous 401', async () => {
    const res = await get(manager.token, '/api/tenderCalls/00000000-0000-4000-8000-000000000000/market', 'en');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).msg).toBeTruthy();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tenderCalls/${await typedCall({ buyer: 'Ville de Lyon', cpvCodes: [] })}/market` })).statusCode).toBe(401);
  });
});

describe('the calls a company won and lost', () => {
  it('won by its SIRET (DECP), lost with the winner and amount of the call award, newest first, paged', async () => {
    // The company is DLA BATIMENT of the fixture (SIRET as published).
    await ctx.db.update(companies).set({ siret: '80427848900013' }).where(eq(companies.id, manager.companyId!));
    const lostCall = await callIdOf('boamp', '16-119846');
    await ctx.db.insert(tenders).values({ tenderCallId: lostCall, companyId: manager.companyId!, status: 'lost', submissionDeadline: new Date('2017-01-10T11:00:00Z') });

    const url = `/api/companies/${manager.companyId}/awards`;
    const res = await get(employee.token, url);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; totalPages: number; awards: { outcome: string; title: string; buyer: string | null; winners: { name: string | null }[]; amount: number | null; awardDate: string | null; tenderId: string | null; tenderCallId: string | null; link: { source: string } | null }[] };
    expect(body.count).toBe(2);
    expect(body.awards.map((a) => [a.outcome, a.winners[0]?.name, a.amount, a.awardDate])).toEqual([
      ['won', 'DLA BATIMENT', 47770, '2018-11-06'],
      ['lost', 'SARL ENVIRONNEMENT & SOLUTIONS', 38820, '2017-02-06'],
    ]);
    expect(body.awards[0]).toMatchObject({ buyer: 'BUDG.PRINC. VILLE DE SAINT PAUL', tenderCallId: null, link: { source: 'decp' } });
    expect(body.awards[1]).toMatchObject({ tenderCallId: lostCall, tenderId: expect.any(String), link: null });

    const second = (await get(manager.token, `${url}?perPage=1&page=2`)).json() as typeof body;
    expect(second).toMatchObject({ count: 2, totalPages: 2, awards: [{ outcome: 'lost' }] });
    expect(((await get(manager.token, `${url}?perPage=1&page=5`)).json() as typeof body).count).toBe(2);
  });

  it('won by another establishment of the company (same SIREN, another SIRET) or naming its SIREN alone, through the index on the SIRENs', async () => {
    // Another establishment of DLA BATIMENT (same SIREN 804278489, another SIRET).
    const [row] = await ctx.db.insert(companies).values({ name: 'DLA BATIMENT — agence de Saint-Pierre', siret: '80427848900047' }).returning({ id: companies.id });
    const agency = await createUser(ctx, 'manager', { companyId: row!.id });
    await ctx.db.insert(awards).values([
      // A TED award naming the SIREN alone; another company whose SIREN only starts alike.
      { source: 'ted', sourceId: '111111-2019', position: 0, title: 'Réfection de la toiture du gymnase', winners: [{ name: 'DLA BATIMENT', siret: '804278489' }], amount: 12000, awardDate: '2019-03-01' },
      { source: 'ted', sourceId: '222222-2019', position: 0, title: 'Entretien des espaces verts', winners: [{ name: 'SARL 8042784', siret: '80427849000011' }], amount: 9000, awardDate: '2019-04-01' },
    ]);
    const body = (await get(agency.token, `/api/companies/${row!.id}/awards`)).json() as { count: number; awards: { outcome: string; title: string; winners: { siret: string | null }[]; amount: number | null }[] };
    expect(body.count).toBe(2);
    expect(body.awards.map((a) => [a.outcome, a.winners[0]?.siret, a.amount])).toEqual([
      ['won', '804278489', 12000],
      ['won', '80427848900013', 47770],
    ]);
    // The query can use the expression index (sequential scans off: the table is small).
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql`explain select id from ${awards} where award_winner_sirens(winners) @> array['804278489']::text[]`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('awards_winner_sirens_idx');
  });

  it('only its staff and admins read them: another company 404, anonymous 401', async () => {
    const url = `/api/companies/${manager.companyId}/awards`;
    expect((await get(admin.token, url)).statusCode).toBe(200);
    expect((await get(outsider.token, url)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    // A company without SIRET lists only what it lost.
    expect(((await get(outsider.token, `/api/companies/${outsider.companyId}/awards`)).json() as { count: number }).count).toBe(0);
  });
});

// The demo tells one story (issue 24): what its notes say agrees with the decisions it records, and
// a call whose deadline passed long ago is not still being answered. The demo is seeded relative to
// the day it starts (its own calls' dates are fixed by their documents), so this holds on any day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, savedSearches, tenderCalls, tenderGoNoGo, tenderNotes, tenders } from '../../server/db/schema';
import { savedSearchCondition } from '../../server/domains/saved-searches/condition';
import { DEMO_COMPANY_NAME, seed } from '../../server/db/seed';
import { localStorage } from '../../server/storage/local';
import { createTestApp, type TestContext } from './context';

/** Past its deadline by more than this, a tender has been submitted (or decided, or let go). */
const LATE_DAYS = 7;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seed(ctx.db, { demo: true, storage: localStorage(ctx.filesDir), print: () => undefined });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const demoTenders = async () =>
  ctx.db
    .select({ id: tenders.id, reference: tenderCalls.reference, status: tenders.status, deadline: tenders.submissionDeadline, note: tenderNotes.text, decision: tenderGoNoGo.decision })
    .from(tenders)
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .leftJoin(tenderNotes, eq(tenderNotes.tenderId, tenders.id))
    .leftJoin(tenderGoNoGo, eq(tenderGoNoGo.tenderId, tenders.id))
    .where(eq(companies.name, DEMO_COMPANY_NAME));

describe('the demo data', () => {
  it(`has no tender still "en cours" more than ${LATE_DAYS} days after its deadline`, async () => {
    const rows = await demoTenders();
    // The demo's own DCE calls are there (the fixture folders exist in the repository).
    expect(rows.map((r) => r.reference)).toEqual(expect.arrayContaining(['2026FCSSA0025', 'DAE-AMOA-2025']));
    const late = rows.filter((r) => r.deadline && r.deadline.getTime() < Date.now() - LATE_DAYS * 86_400_000 && r.status === 'in_progress');
    expect(late.map((r) => `${r.reference} (${r.deadline!.toISOString().slice(0, 10)})`)).toEqual([]);
  });

  it(`has no pipeline tender still before submission (non démarré, en cours, en attente) more than ${LATE_DAYS} days after its deadline`, async () => {
    const rows = await demoTenders();
    // A call set aside by a No-Go is out of the pipeline: it stays where it was when it was let go.
    const before = new Set(['not_started', 'in_progress', 'pending']);
    const late = rows.filter((r) => r.decision !== 'no_go' && r.deadline && r.deadline.getTime() < Date.now() - LATE_DAYS * 86_400_000 && before.has(r.status));
    expect(late.map((r) => `${r.reference} ${r.status} (${r.deadline!.toISOString().slice(0, 10)})`)).toEqual([]);
  });

  it('explains every score by its reasons: the Grenoble tender (38) matches the company by its département 38', async () => {
    const rows = await ctx.db
      .select({ reference: tenderCalls.reference, score: tenders.matchScore, reasons: tenders.matchReasons })
      .from(tenders)
      .innerJoin(companies, eq(companies.id, tenders.companyId))
      .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
      .where(eq(companies.name, DEMO_COMPANY_NAME));
    for (const row of rows) expect(row.reasons.reduce((sum, r) => sum + r.points, 0), `${row.reference}: ${row.score} ${JSON.stringify(row.reasons)}`).toBe(row.score);
    const grenoble = rows.find((r) => r.reference === '2026FCSSA0025')!;
    expect(grenoble.reasons).toContainEqual({ criterion: 'place', points: 20, matched: ['38'] });
  });

  it('has no note that contradicts the Go/No-Go decision recorded on its tender', async () => {
    const rows = await demoTenders();
    const noted = rows.filter((r) => r.note);
    expect(noted.length).toBeGreaterThan(0);
    for (const row of noted) {
      const text = row.note!.toLowerCase();
      const saysNoGo = /\bno[- ]?go\b/.test(text);
      const saysGo = /\bgo (décidé|validé|acté)|décision : go\b/.test(text);
      if (saysGo) expect(row.decision, `${row.reference}: "${row.note}"`).toBe('go');
      if (saysNoGo) expect(row.decision, `${row.reference}: "${row.note}"`).toBe('no_go');
    }
  });

  it('gives the company two saved searches (issue 24), the heating one feeding the digest', async () => {
    const rows = await ctx.db.select().from(savedSearches).innerJoin(companies, eq(companies.id, savedSearches.companyId)).where(eq(companies.name, DEMO_COMPANY_NAME)).orderBy(savedSearches.name);
    expect(rows.map((r) => [r.saved_searches.name, r.saved_searches.alerts])).toEqual([
      ['Chauffage – Isère et Savoie', true],
      ['Écoles – réhabilitation', false],
    ]);
    // The schools one finds a demo call (the heating one waits for new calls in Isère and Savoie).
    const schools = rows[1]!.saved_searches;
    expect((await ctx.db.select({ id: tenderCalls.id }).from(tenderCalls).where(savedSearchCondition(schools))).length).toBeGreaterThan(0);
  });
});

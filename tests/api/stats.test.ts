import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenderCalls, tenderGoNoGo, tenderStatusChanges, tenders, type TenderStatus } from '../../server/db/schema';
import { computeAdminStats } from '../../server/domains/admin/stats';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const statsAs = (token: string) => ctx.app.inject({ url: '/api/admin/stats/', headers: { authorization: `Bearer ${token}` } });

let seq = 0;
/** A tender and its whole history, inserted directly: [changedAt, to] pairs, the first being the creation. */
async function tenderWithHistory(companyId: string, status: TenderStatus, deadline: string, history: [string, TenderStatus][]) {
  const submissionDeadline = new Date(deadline);
  const [call] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `STATS-${seq++}`, title: 'Aménagement d’une place', buyer: 'Ville de Lyon', submissionDeadline })
    .returning({ id: tenderCalls.id });
  const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status, submissionDeadline }).returning({ id: tenders.id });
  await ctx.db.insert(tenderStatusChanges).values(
    history.map(([at, toStatus], i) => ({ tenderId: tender!.id, fromStatus: i === 0 ? null : history[i - 1]![1], toStatus, changedAt: new Date(at) })),
  );
  return tender!.id;
}

describe('GET /api/admin/stats/', () => {
  it('answers the spec defaults on an empty database: zeros, "0" and twelve empty months ending with this one', async () => {
    const admin = await createUser(ctx, 'admin');
    const res = await statsAs(admin.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const empty = { count: 0, averageDays: '0', timeSavings: '0' };
    expect(body).toMatchObject({
      totalTenders: 0,
      responseRate: 0,
      conversionRate: 0,
      statusChangeStats: { averageDays: '0', timeSavings: '0', totalCount: 0, statusBreakdown: { submitted: empty, won: empty, lost: empty } },
    });
    expect(body.tendersByMonth).toHaveLength(12);
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    expect(body.tendersByMonth.at(-1)).toEqual({ month: thisMonth, created: 0, submitted: 0, won: 0 });
    expect(body.tendersByMonth.every((m: { created: number; submitted: number; won: number }) => m.created + m.submitted + m.won === 0)).toBe(true);
  });

  it('is for admins only', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    for (const who of [manager, employee]) {
      const res = await statsAs(who.token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).msg).toBeTruthy();
    }
  });

  describe('on a seeded history, as of 2026-11-23 10:00 UTC (11:00 in Paris)', () => {
    const NOW = new Date('2026-11-23T10:00:00Z');
    // Windows of timeSavings: recent = after 2026-08-25T10:00Z (now − 90 days),
    // previous = after 2026-05-27T10:00Z and up to 2026-08-25T10:00Z.

    beforeAll(async () => {
      const { companyId: c } = await createUser(ctx, 'manager');
      const { companyId: other } = await createUser(ctx, 'manager');
      // T1 won. in_progress→submitted 30 d (Jun 2, previous window); →won 30 d (Jul 2, previous).
      const t1 = await tenderWithHistory(c!, 'won', '2026-06-01T10:00:00Z', [
        ['2026-05-01T08:00:00Z', 'not_started'],
        ['2026-05-03T08:00:00Z', 'in_progress'],
        ['2026-06-02T08:00:00Z', 'submitted'],
        ['2026-07-02T08:00:00Z', 'won'],
      ]);
      // T2 lost. Submitted 2026-09-30T22:30Z = 1 October 00:30 in Paris (summer time): an October
      // submission, 59.5 d after in_progress (recent); →lost 20 d (recent).
      await tenderWithHistory(c!, 'lost', '2026-10-01T10:00:00Z', [
        ['2026-08-01T08:00:00Z', 'not_started'],
        ['2026-08-02T10:30:00Z', 'in_progress'],
        ['2026-09-30T22:30:00Z', 'submitted'],
        ['2026-10-20T22:30:00Z', 'lost'],
      ]);
      // T3 submitted. Created 2026-10-31T23:30Z = 1 November 00:30 in Paris (winter time): a
      // November creation; →submitted 3.5 d later (recent).
      await tenderWithHistory(c!, 'submitted', '2026-11-30T10:00:00Z', [
        ['2026-10-31T23:30:00Z', 'not_started'],
        ['2026-11-04T11:30:00Z', 'submitted'],
      ]);
      // T4 in progress, deadline passed, never submitted: counts against the response rate.
      // Created 2025-11-30T23:30Z = 1 December 2025 00:30 in Paris: the oldest of the 12 months.
      const t4 = await tenderWithHistory(c!, 'in_progress', '2026-11-01T10:00:00Z', [
        ['2025-11-30T23:30:00Z', 'not_started'],
        ['2025-12-10T08:00:00Z', 'in_progress'],
      ]);
      // T5 not started, deadline ahead: not in the response rate. Created 2025-11-30 23:00 in
      // Paris: before the 12 months.
      const t5 = await tenderWithHistory(c!, 'not_started', '2026-12-15T10:00:00Z', [['2025-11-30T22:00:00Z', 'not_started']]);
      // T6 won. →submitted 30 d (Mar 31, in neither window); →won 76 d (Jun 15, previous).
      await tenderWithHistory(c!, 'won', '2026-04-01T10:00:00Z', [
        ['2026-03-01T08:00:00Z', 'not_started'],
        ['2026-03-31T08:00:00Z', 'submitted'],
        ['2026-06-15T08:00:00Z', 'won'],
      ]);
      // T7 won. →submitted 10 d (Sep 11, recent); →won 60 d (Nov 10, recent).
      await tenderWithHistory(c!, 'won', '2026-09-15T10:00:00Z', [
        ['2026-09-01T08:00:00Z', 'not_started'],
        ['2026-09-11T08:00:00Z', 'submitted'],
        ['2026-11-10T08:00:00Z', 'won'],
      ]);
      // T8, another company (the statistics are the platform's). →submitted 10 d (Jul 25,
      // previous); →lost 36 d (Aug 30, recent).
      const t8 = await tenderWithHistory(other!, 'lost', '2026-07-31T10:00:00Z', [
        ['2026-07-15T08:00:00Z', 'not_started'],
        ['2026-07-25T08:00:00Z', 'submitted'],
        ['2026-08-30T08:00:00Z', 'lost'],
      ]);
      // Go/No-Go: go on T1 and T8 (two companies), no-go on T4; T5's go is taken after NOW.
      await ctx.db.insert(tenderGoNoGo).values([
        { tenderId: t1, decision: 'go', decidedAt: new Date('2026-05-02T08:00:00Z') },
        { tenderId: t8, decision: 'go', decidedAt: new Date('2026-07-16T08:00:00Z') },
        { tenderId: t4, decision: 'no_go', reason: 'Plan de charge complet', decidedAt: new Date('2025-12-12T08:00:00Z') },
        { tenderId: t5, decision: 'go', decidedAt: new Date('2026-11-24T08:00:00Z') },
      ]);
    });

    it('counts the Go/No-Go decisions taken by then, on every company', async () => {
      const stats = await computeAdminStats(ctx.db, NOW);
      expect(stats.decisions).toEqual({ go: 2, noGo: 1 });
    });

    it('counts every tender and computes the rates', async () => {
      const stats = await computeAdminStats(ctx.db, NOW);
      expect(stats.totalTenders).toBe(8);
      // Submitted: T1 T2 T3 T6 T7 T8 = 6; due: those 6 + T4 (deadline passed) = 7; 600/7 = 85.71…
      expect(stats.responseRate).toBe(85.7);
      // Current status: won T1 T6 T7 = 3, lost T2 T8 = 2; 300/5.
      expect(stats.conversionRate).toBe(60);
    });

    it('buckets creations, submissions and wins by calendar month in Paris, oldest first, empty months as zeros', async () => {
      const stats = await computeAdminStats(ctx.db, NOW);
      expect(stats.tendersByMonth).toEqual([
        { month: '2025-12', created: 1, submitted: 0, won: 0 }, // T4 (1 Dec 00:30 Paris)
        { month: '2026-01', created: 0, submitted: 0, won: 0 },
        { month: '2026-02', created: 0, submitted: 0, won: 0 },
        { month: '2026-03', created: 1, submitted: 1, won: 0 }, // T6 created and submitted
        { month: '2026-04', created: 0, submitted: 0, won: 0 },
        { month: '2026-05', created: 1, submitted: 0, won: 0 }, // T1
        { month: '2026-06', created: 0, submitted: 1, won: 1 }, // T1 submitted, T6 won
        { month: '2026-07', created: 1, submitted: 1, won: 1 }, // T8 created and submitted, T1 won
        { month: '2026-08', created: 1, submitted: 0, won: 0 }, // T2
        { month: '2026-09', created: 1, submitted: 1, won: 0 }, // T7 created and submitted
        { month: '2026-10', created: 0, submitted: 1, won: 0 }, // T2 (1 Oct 00:30 Paris)
        { month: '2026-11', created: 1, submitted: 1, won: 1 }, // T3 (1 Nov 00:30 Paris), T3 submitted, T7 won
      ]);
    });

    it('measures the days spent before each submission, win and loss, and compares the last 90 days with the 90 before', async () => {
      const stats = await computeAdminStats(ctx.db, NOW);
      expect(stats.statusChangeStats.statusBreakdown).toEqual({
        // 30 + 59.5 + 3.5 + 30 + 10 + 10 = 143 / 6 = 23.83…; recent (59.5 + 3.5 + 10) / 3 = 24.33…,
        // previous (30 + 10) / 2 = 20: 100 × (20 − 24.33…) / 20 = −21.66…
        submitted: { count: 6, averageDays: '23.8', timeSavings: '-21.7' },
        // 30 + 76 + 60 = 166 / 3 = 55.33…; recent 60, previous (30 + 76) / 2 = 53: 100 × (53 − 60) / 53 = −13.20…
        won: { count: 3, averageDays: '55.3', timeSavings: '-13.2' },
        // 20 + 36 = 56 / 2 = 28; both recent, no previous period: "0".
        lost: { count: 2, averageDays: '28', timeSavings: '0' },
      });
      // All 11: 143 + 166 + 56 = 365 / 11 = 33.18…; recent 59.5 + 3.5 + 10 + 60 + 20 + 36 = 189 / 6 = 31.5;
      // previous 30 + 10 + 30 + 76 = 146 / 4 = 36.5: 100 × (36.5 − 31.5) / 36.5 = 13.69…
      expect(stats.statusChangeStats).toMatchObject({ averageDays: '33.2', timeSavings: '13.7', totalCount: 11 });
    });

    it('answers the same figures over HTTP, in the shape of the contract', async () => {
      const admin = await createUser(ctx, 'admin');
      const res = await statsAs(admin.token);
      expect(res.statusCode).toBe(200);
      // The date-independent figures (the others depend on today's date).
      expect(res.json()).toMatchObject({ totalTenders: 8, conversionRate: 60, statusChangeStats: { totalCount: 11 } });
    });
  });
});

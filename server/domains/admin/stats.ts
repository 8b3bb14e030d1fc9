import { asc, lte, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { tenderGoNoGo, tenderStatusChanges, tenders, type TenderStatus } from '../../db/schema';

type AdminStats = components['schemas']['AdminStats'];
type StatusTimeStats = components['schemas']['StatusTimeStats'];

// The formulas are written out in docs/decisions.md ("Admin statistics"); keep both in step.

const DAY_MS = 86_400_000;
/** timeSavings compares the last WINDOW_DAYS with the WINDOW_DAYS before them. */
const WINDOW_DAYS = 90;
const MONTHS = 12;
const MEASURED = ['submitted', 'won', 'lost'] as const;
type Measured = (typeof MEASURED)[number];

/** One row of the history as of `now`; days: since the tender's previous row (null for its first). */
export type HistoryRow = { fromStatus: TenderStatus | null; toStatus: TenderStatus; changedAt: Date; days: number | null };
export type TenderTotals = { total: number; won: number; lost: number; submitted: number; due: number; go: number; noGo: number };

const round1 = (value: number) => Math.round(value * 10) / 10;
/** "4.5", "12", "-3.2": one decimal at most, "0" for nothing (and never "-0"). */
export const decimalText = (value: number | null) => (value === null ? '0' : String(round1(value) || 0));
const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : round1((100 * part) / whole));
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

const parisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' });
/** 'YYYY-MM' of the instant in Paris. */
export const monthInParis = (at: Date) => {
  const parts = parisMonth.formatToParts(at);
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
};

/** The 12 calendar months ending with the month of `now` (Paris), oldest first. */
export function lastMonths(now: Date, count = MONTHS): string[] {
  const [year, month] = monthInParis(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The time statistics of some changes: their count, mean duration and the 90-day comparison. */
function timeStats(changes: { days: number | null; at: number }[], now: Date): StatusTimeStats {
  const measured = changes.filter((c): c is { days: number; at: number } => c.days !== null);
  const recentFrom = now.getTime() - WINDOW_DAYS * DAY_MS;
  const previousFrom = recentFrom - WINDOW_DAYS * DAY_MS;
  const recent = mean(measured.filter((c) => c.at > recentFrom).map((c) => c.days));
  const previous = mean(measured.filter((c) => c.at > previousFrom && c.at <= recentFrom).map((c) => c.days));
  return {
    count: changes.length,
    averageDays: decimalText(mean(measured.map((c) => c.days))),
    // A previous mean of 0 days (same-instant changes) cannot be compared: "0" like an empty period.
    timeSavings: decimalText(recent === null || !previous ? null : (100 * (previous - recent)) / previous),
  };
}

/** The statistics from the history rows (all at or before `now`) and the tenders' totals. Pure. */
export function statsFrom(rows: HistoryRow[], totals: TenderTotals, now: Date): AdminStats {
  const months = lastMonths(now);
  const byMonth = new Map(months.map((month) => [month, { month, created: 0, submitted: 0, won: 0 }]));
  const changesInto: Record<Measured, { days: number | null; at: number }[]> = { submitted: [], won: [], lost: [] };

  for (const row of rows) {
    const bucket = byMonth.get(monthInParis(row.changedAt));
    // The first row of a tender (fromStatus null) is its creation, not a change.
    if (row.fromStatus === null) {
      if (bucket) bucket.created += 1;
      continue;
    }
    if (bucket && (row.toStatus === 'submitted' || row.toStatus === 'won')) bucket[row.toStatus] += 1;
    if ((MEASURED as readonly string[]).includes(row.toStatus)) {
      changesInto[row.toStatus as Measured].push({ days: row.days, at: row.changedAt.getTime() });
    }
  }

  const overall = timeStats(MEASURED.flatMap((s) => changesInto[s]), now);
  return {
    totalTenders: totals.total,
    responseRate: percentOf(totals.submitted, totals.due),
    conversionRate: percentOf(totals.won, totals.won + totals.lost),
    tendersByMonth: months.map((m) => byMonth.get(m)!),
    statusChangeStats: {
      averageDays: overall.averageDays,
      timeSavings: overall.timeSavings,
      totalCount: overall.count,
      statusBreakdown: { submitted: timeStats(changesInto.submitted, now), won: timeStats(changesInto.won, now), lost: timeStats(changesInto.lost, now) },
    },
    decisions: { go: totals.go, noGo: totals.noGo },
  };
}

/** The platform statistics as of `now` (injected so that tests can fix the date). */
export async function computeAdminStats(db: Database, now: Date): Promise<AdminStats> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const submittedAsOfNow = sql`exists (select 1 from ${tenderStatusChanges} c where c.tender_id = ${tenders.id} and c.from_status is not null and c.to_status = 'submitted' and c.changed_at <= ${at})`;
  const [totalsRow] = await db
    .select({
      total: sql<number>`count(*)::int`,
      won: sql<number>`(count(*) filter (where ${tenders.status} = 'won'))::int`,
      lost: sql<number>`(count(*) filter (where ${tenders.status} = 'lost'))::int`,
      submitted: sql<number>`(count(*) filter (where ${submittedAsOfNow}))::int`,
      due: sql<number>`(count(*) filter (where ${tenders.submissionDeadline} < ${at} or ${submittedAsOfNow}))::int`,
      go: sql<number>`(select count(*)::int from ${tenderGoNoGo} where ${tenderGoNoGo.decision} = 'go' and ${tenderGoNoGo.decidedAt} <= ${at})`,
      noGo: sql<number>`(select count(*)::int from ${tenderGoNoGo} where ${tenderGoNoGo.decision} = 'no_go' and ${tenderGoNoGo.decidedAt} <= ${at})`,
    })
    .from(tenders);
  const rows = await db
    .select({
      fromStatus: tenderStatusChanges.fromStatus,
      toStatus: tenderStatusChanges.toStatus,
      changedAt: tenderStatusChanges.changedAt,
      days: sql<number | null>`(extract(epoch from ${tenderStatusChanges.changedAt} - lag(${tenderStatusChanges.changedAt}) over (partition by ${tenderStatusChanges.tenderId} order by ${tenderStatusChanges.changedAt}, ${tenderStatusChanges.id})) / 86400)::float8`,
    })
    .from(tenderStatusChanges)
    .where(lte(tenderStatusChanges.changedAt, now))
    .orderBy(asc(tenderStatusChanges.changedAt));
  const count = (key: keyof TenderTotals) => Number(totalsRow?.[key] ?? 0);
  const totals: TenderTotals = { total: count('total'), won: count('won'), lost: count('lost'), submitted: count('submitted'), due: count('due'), go: count('go'), noGo: count('noGo') };
  return statsFrom(
    rows.map((r) => ({ ...r, days: r.days === null ? null : Number(r.days) })),
    totals,
    now,
  );
}

export function adminStatsHandlers({ db }: Deps): Handlers<'getAdminStats'> {
  return {
    async getAdminStats() {
      return computeAdminStats(db, new Date());
    },
  };
}

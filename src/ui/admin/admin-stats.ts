import type { components } from '../../../openapi/schema';
import { localeOf } from '../format';

export type AdminStats = components['schemas']['AdminStats'];
export type StatusTimeStats = components['schemas']['StatusTimeStats'];
export type MonthStats = AdminStats['tendersByMonth'][number];
export const MEASURED_STATUSES = ['submitted', 'won', 'lost'] as const;

// Spec section 7: missing values default to 0, an empty list or "0". The server always answers
// every field; this keeps an older or partial answer displayable instead of crashing a chart.
const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOr0 = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '0');
const objectOr = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function timeStats(raw: unknown): StatusTimeStats {
  const o = objectOr(raw);
  return { count: numberOr0(o.count), averageDays: textOr0(o.averageDays), timeSavings: textOr0(o.timeSavings) };
}

/** The admin statistics with the spec defaults filled in, whatever part of them is missing. */
export function normaliseAdminStats(raw: unknown): AdminStats {
  const o = objectOr(raw);
  const change = objectOr(o.statusChangeStats);
  const breakdown = objectOr(change.statusBreakdown);
  const decisions = objectOr(o.decisions);
  const months = Array.isArray(o.tendersByMonth) ? o.tendersByMonth : [];
  return {
    totalTenders: numberOr0(o.totalTenders),
    responseRate: numberOr0(o.responseRate),
    conversionRate: numberOr0(o.conversionRate),
    tendersByMonth: months
      .map(objectOr)
      .filter((m) => typeof m.month === 'string')
      .map((m) => ({ month: m.month as string, created: numberOr0(m.created), submitted: numberOr0(m.submitted), won: numberOr0(m.won) })),
    statusChangeStats: {
      averageDays: textOr0(change.averageDays),
      timeSavings: textOr0(change.timeSavings),
      totalCount: numberOr0(change.totalCount),
      statusBreakdown: { submitted: timeStats(breakdown.submitted), won: timeStats(breakdown.won), lost: timeStats(breakdown.lost) },
    },
    decisions: { go: numberOr0(decisions.go), noGo: numberOr0(decisions.noGo) },
  };
}

/** A percentage (0 to 100) in the interface language: "42,5 %", "42.5%". */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** A decimal number sent as text ("4.5") in the interface language ("4,5"). */
export function formatDecimal(value: string | number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(Number(value));
}

/** A 'YYYY-MM' month, short, in the interface language ("nov. 2026", "Nov 2026"). */
export function formatMonth(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  // Mid-month at noon UTC: the same month in every time zone.
  return new Intl.DateTimeFormat(localeOf(language), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 15, 12)));
}

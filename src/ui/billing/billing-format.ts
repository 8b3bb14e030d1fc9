import { localeOf } from '../format';

/** Cents as euros with their decimals ("49,00 €", "€49.00"). */
export function formatMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar day of the contract (YYYY-MM-DD) as a date of the interface language, read as a day (no time zone shift). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Whole days left until `iso` (0 once passed), counted up: "1 day left" until the last second. */
export function daysLeft(iso: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 86_400_000));
}

/** How close a usage is to its limit: `over` at or past it, `near` from 80 %. */
export function usageLevel(used: number, limit: number | null): 'ok' | 'near' | 'over' {
  if (limit === null) return 'ok';
  if (used >= limit) return 'over';
  return used >= limit * 0.8 ? 'near' : 'ok';
}

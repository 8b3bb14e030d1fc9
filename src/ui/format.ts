// Dates in the interface language, on Paris time (spec: deadlines and dates are shown for France).
import { daysUntil, PRODUCT_ZONE, wallClockInstant } from '../../rules/calendar';

const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };

export function localeOf(language: string): string {
  return LOCALES[language.slice(0, 2)] ?? 'fr-FR';
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: PRODUCT_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: PRODUCT_ZONE }).format(new Date(iso));
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** A deadline on Paris time with its zone ("12 mars 2026, 12:00 UTC+1"). */
export function formatDeadline(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: PRODUCT_ZONE,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The time between now and a moment, in the largest unit that stays readable: minutes under an
 * hour, hours under two days, then calendar days in Paris as the reminders, the calendar and the
 * vault count them ("dans 3 jours", "in 5 hours", "2 days ago").
 */
export function formatRelative(iso: string, language: string, now: number = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const size = Math.abs(diff);
  const rtf = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'always' });
  if (size < HOUR) return rtf.format(Math.round(diff / MINUTE), 'minute');
  if (size < 2 * DAY) return rtf.format(Math.round(diff / HOUR), 'hour');
  return rtf.format(daysUntil(iso, now), 'day');
}

/** Whole euros excluding VAT, in the interface language ("1 250 000 €", "€1,250,000"). */
export function formatAmount(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(value);
}

/** Values joined as a sentence would ("a, b et c", "a, b and c"). */
export function formatList(values: readonly string[], language: string): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(values);
}

/** A date and time as typed for Paris ("2026-03-12", "12:00") to an ISO instant; null when incomplete. */
export function parisToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = wallClockInstant(date, time);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An ISO instant as the date and time a person in Paris reads ("2026-07-15", "12:00"): parisToIso's inverse. */
export function isoToParis(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: PRODUCT_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

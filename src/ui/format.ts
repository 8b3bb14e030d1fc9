// Dates in the interface language, on Paris time (spec: deadlines and dates are shown for France).
const LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB' };
export const TIME_ZONE = 'Europe/Paris';

export function localeOf(language: string): string {
  return LOCALES[language.slice(0, 2)] ?? 'fr-FR';
}

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

import { localeOf } from '../format';

/** An amount in euros, to the cent, in the interface language ("1 234,50 €", "€1,234.50"). */
export function formatEuros(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'EUR' }).format(value);
}

/** A unit price as the cell shows it, without the currency ("1 234,50", "1,234.50"). */
export function formatPrice(value: number | null, language: string): string {
  if (value === null) return '';
  return new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);
}

/** A quantity as the buyer wrote it ("10,5", "1 200"). */
export function formatQuantity(value: number | null, language: string): string {
  if (value === null) return '';
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 4 }).format(value);
}

/**
 * A price typed in a cell: blank empties it; "1 234,50", "1234.5", "1.234,50", "1,234.50" and
 * "12,50 €" are read as people write them. When both a comma and a dot appear, the last one is the
 * decimal separator; a lone dot is a decimal point, a lone comma too in French (in English unless
 * it sets off exactly three digits, "1,234"); repeated, either groups thousands, by three. Returns undefined when the text is not a price (negative, letters).
 */
export function parsePrice(text: string, language: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (compact === '') return null;
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(compact)) return undefined;
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  let decimal: ',' | '.' | null = null;
  if (lastComma >= 0 && lastDot >= 0) decimal = lastComma > lastDot ? ',' : '.';
  else if (lastComma >= 0) decimal = compact.indexOf(',') === lastComma && !(language.startsWith('en') && /,\d{3}$/.test(compact)) ? ',' : null;
  // A lone dot is a decimal point in both languages (the numeric keypad types one).
  else if (lastDot >= 0) decimal = compact.indexOf('.') === lastDot ? '.' : null;
  const at = decimal === null ? compact.length : compact.lastIndexOf(decimal);
  const whole = compact.slice(0, at);
  const fraction = compact.slice(at + 1);
  // Thousands come in groups of three ("1.234.567", "1,234"); anything else is a typing slip.
  const groups = whole.split(/[.,]/);
  if (groups.slice(1).some((group) => group.length !== 3) || /[.,]/.test(fraction)) return undefined;
  const value = Number(`${groups.join('') || '0'}${decimal === null ? '' : `.${fraction}`}`);
  return Number.isFinite(value) && value <= 1_000_000_000 ? value : undefined;
}

// Small, format-independent clean-ups shared by the importers (research/sourcing.md, "Pitfalls").
import { DEPARTEMENTS, REGIONS, regionOfDepartement } from '../../../rules/france';
import type { Procedure } from './notice';

export const PARIS = 'Europe/Paris';

/** Repeatable elements come as an object, an array or nothing. */
export function asArray<T>(value: T | T[] | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const NEEDS_FOLDING = /[\t\u00a0]| {2}|\n/;

/** Trimmed text with runs of blanks folded; '' and non-strings become null. */
export function cleanText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  // Most texts have nothing to fold: one scan instead of three replaces.
  if (!NEEDS_FOLDING.test(value)) {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  const text = value.replace(/[ \t\u00a0]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return text === '' ? null : text;
}

/** An 8-digit CPV code from "45211350-7", "45454000." or a 7-digit code that lost its leading zero. */
export function cpvCode(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const eight = /^(\d{8})(?!\d)/.exec(text);
  if (eight) return eight[1]!;
  if (/^\d{7}$/.test(text)) return `0${text}`;
  return null;
}

export function uniqueCodes(codes: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const code of codes) if (code) seen.add(code);
  return [...seen];
}

/** Amounts come as strings with placeholders ("0.00", valeurBasse "1"): those mean "not given". */
export function amount(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const text = value.replace(/[\s\u00a0]/g, '').replace(/€|EUR/gi, '');
    if (!/^-?\d+(?:[.,]\d+)?$/.test(text)) return null;
    n = Number(text.replace(',', '.'));
  } else return null;
  return Number.isFinite(n) && n > 1 ? n : null;
}

export function integer(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
}

/** SIRET (14) or SIREN (9) digits; "NATIONALID can be a SIREN with spaces". */
export function siret(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/[\s.\u00a0-]/g, '');
  return /^(\d{14}|\d{9})$/.test(digits) ? digits : null;
}

/** Département code, zero-padded ("2" → "02"), Corsica and overseas kept. */
export function departement(value: unknown): string | null {
  const text = (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '').trim().toUpperCase();
  if (/^\d$/.test(text)) return `0${text}`;
  if (/^(\d{2}|2A|2B|97[1-6])$/.test(text)) return DEPARTEMENT_CODES.has(text) ? text : null;
  return null;
}

/** Département of a French postcode (Corsica: 200–201 → 2A, 202–206 → 2B). */
export function departementOfPostcode(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value).padStart(5, '0') : '';
  if (!/^\d{5}$/.test(text)) return null;
  if (text.startsWith('97')) return departement(text.slice(0, 3));
  if (text.startsWith('20')) return Number(text.slice(0, 3)) <= 201 ? '2A' : '2B';
  return departement(text.slice(0, 2));
}

const DEPARTEMENT_CODES = new Set(DEPARTEMENTS.map((d) => d.code));

/** The region's name of a département ("38" → "Auvergne-Rhône-Alpes"): regions are stored and shown by name. */
export const regionOf = regionOfDepartement;

// NUTS level 3 → département, by NUTS version: 2013 (FR715 = Loire) and 2016/2021 (FRK25 = Loire).
// The three-letter prefixes of the two versions never collide, so one map serves both.
const NUTS_2013 =
  'FR101 75 FR102 77 FR103 78 FR104 91 FR105 92 FR106 93 FR107 94 FR108 95 FR211 08 FR212 10 FR213 51 FR214 52 ' +
  'FR221 02 FR222 60 FR223 80 FR231 27 FR232 76 FR241 18 FR242 28 FR243 36 FR244 37 FR245 41 FR246 45 FR251 14 ' +
  'FR252 50 FR253 61 FR261 21 FR262 58 FR263 71 FR264 89 FR301 59 FR302 62 FR411 54 FR412 55 FR413 57 FR414 88 ' +
  'FR421 67 FR422 68 FR431 25 FR432 39 FR433 70 FR434 90 FR511 44 FR512 49 FR513 53 FR514 72 FR515 85 FR521 22 ' +
  'FR522 29 FR523 35 FR524 56 FR531 16 FR532 17 FR533 79 FR534 86 FR611 24 FR612 33 FR613 40 FR614 47 FR615 64 ' +
  'FR621 09 FR622 12 FR623 31 FR624 32 FR625 46 FR626 65 FR627 81 FR628 82 FR631 19 FR632 23 FR633 87 FR711 01 ' +
  'FR712 07 FR713 26 FR714 38 FR715 42 FR716 69 FR717 73 FR718 74 FR721 03 FR722 15 FR723 43 FR724 63 FR811 11 ' +
  'FR812 30 FR813 34 FR814 48 FR815 66 FR821 04 FR822 05 FR823 06 FR824 13 FR825 83 FR826 84 FR831 2A FR832 2B ' +
  'FRA10 971 FRA20 972 FRA30 973 FRA40 974 FRA50 976';
const NUTS_2016 =
  'FRB01 18 FRB02 28 FRB03 36 FRB04 37 FRB05 41 FRB06 45 FRC11 21 FRC12 58 FRC13 71 FRC14 89 FRC21 25 FRC22 39 ' +
  'FRC23 70 FRC24 90 FRD11 14 FRD12 50 FRD13 61 FRD21 27 FRD22 76 FRE11 59 FRE12 62 FRE21 02 FRE22 60 FRE23 80 ' +
  'FRF11 67 FRF12 68 FRF21 08 FRF22 10 FRF23 51 FRF24 52 FRF31 54 FRF32 55 FRF33 57 FRF34 88 FRG01 44 FRG02 49 ' +
  'FRG03 53 FRG04 72 FRG05 85 FRH01 22 FRH02 29 FRH03 35 FRH04 56 FRI11 24 FRI12 33 FRI13 40 FRI14 47 FRI15 64 ' +
  'FRI21 19 FRI22 23 FRI23 87 FRI31 16 FRI32 17 FRI33 79 FRI34 86 FRJ11 11 FRJ12 30 FRJ13 34 FRJ14 48 FRJ15 66 ' +
  'FRJ21 09 FRJ22 12 FRJ23 31 FRJ24 32 FRJ25 46 FRJ26 65 FRJ27 81 FRJ28 82 FRK11 03 FRK12 15 FRK13 43 FRK14 63 ' +
  'FRK21 01 FRK22 07 FRK23 26 FRK24 38 FRK25 42 FRK26 69 FRK27 73 FRK28 74 FRL01 04 FRL02 05 FRL03 06 FRL04 13 ' +
  'FRL05 83 FRL06 84 FRM01 2A FRM02 2B FRY10 971 FRY20 972 FRY30 973 FRY40 974 FRY50 976';
const NUTS_DEPT = new Map<string, string>();
for (const table of [NUTS_2013, NUTS_2016]) {
  const parts = table.split(' ');
  for (let i = 0; i + 1 < parts.length; i += 2) NUTS_DEPT.set(parts[i]!, parts[i + 1]!);
}
// Île-de-France kept its FR1 codes in 2016: FR101…FR108 are in both versions.

export function departementOfNuts(code: string | null | undefined): string | null {
  return (code && NUTS_DEPT.get(code.trim().toUpperCase())) ?? null;
}

/**
 * The place of execution from its fields (never from where a notice is published): départements,
 * NUTS codes, and a region named without a département (a lieu d'exécution "Normandie"). The region
 * is its name, the first département's region first.
 */
export function place(departements: (string | null)[], nuts: (string | null)[], regions: (string | null)[] = []) {
  const nutsCodes = uniqueCodes(nuts.map((n) => (n ? n.trim().toUpperCase() : null)));
  const depts = uniqueCodes([...departements, ...nutsCodes.map(departementOfNuts)]);
  return { departements: depts, region: regionOf(depts[0]) ?? regions.find(Boolean) ?? null, nuts: nutsCodes };
}

const folded = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const DEPT_BY_NAME = new Map(DEPARTEMENTS.map((d) => [folded(d.name), d.code] as const));
const REGION_BY_NAME = new Map(REGIONS.map((r) => [folded(r), r] as const));

/**
 * Départements and region of a free-text place of execution, as buyers write it: a postcode
 * ("… Doulaincourt-Saucourt 52270", "(52 270)"), a code in brackets ("Argonay (74)", "(59) Nord"),
 * or the whole text a département's or region's name ("Isère", "Normandie"). A town's name alone
 * ("Craon.") says nothing: no département is guessed.
 */
export function placeOfText(value: unknown): { departements: string[]; regions: string[] } {
  const text = cleanText(value);
  if (!text) return { departements: [], regions: [] };
  const depts: (string | null)[] = [];
  for (const m of text.matchAll(/(?<![\d,.])(\d{2}) ?(\d{3})(?![\d,.])/g)) depts.push(departementOfPostcode(`${m[1]}${m[2]}`));
  for (const m of text.matchAll(/\(\s*(\d{2,3}|2[AB])\s*\)/gi)) depts.push(departement(m[1]));
  const name = folded(text.replace(/\(\s*(\d{2,3}|2[AB])\s*\)/gi, ' ')).replace(/^(?:departement|region) (?:de l |de la |de |du |des |d )?/, '');
  if (depts.every((d) => !d) && DEPT_BY_NAME.has(name)) depts.push(DEPT_BY_NAME.get(name)!);
  const region = REGION_BY_NAME.get(name);
  return { departements: uniqueCodes(depts), regions: region ? [region] : [] };
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Procedure names from every source folded to one vocabulary. */
export function procedureOf(raw: string | null | undefined): Procedure | null {
  if (!raw) return null;
  const text = fold(raw).replace(/[_\s]+/g, '-');
  if (text.includes('adapt')) return 'adapted';
  if (text.includes('dialog')) return 'competitive-dialogue';
  if (text.includes('innovation')) return 'innovation-partnership';
  if (text.includes('concours') || text.includes('contest')) return 'design-contest';
  if (text.includes('restr')) return 'restricted';
  if (text.includes('nego') || text.startsWith('neg-')) return 'negotiated';
  if (text.includes('ouvert') || text.includes('open')) return 'open';
  return 'other';
}

/** TED publication number as "92667-2018" from "2018/S 042-092667", "00092667-2018" or "092667-2018". */
export function tedNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const ojs = /^(\d{4})\/S\s*\d+-0*(\d+)$/.exec(text);
  if (ojs) return `${ojs[2]}-${ojs[1]}`;
  const plain = /^0*(\d+)-(\d{4})$/.exec(text);
  return plain ? `${plain[1]}-${plain[2]}` : null;
}

/** YYYY-MM-DD from "2019-01-22+01:00", "2006-07-5", "20190226", "2021-08-09Z". */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text);
  if (!m) return null;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneParts(utcMs: number, zone: string) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(utcMs))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/**
 * formatToParts costs ~30 µs a call and a deadline needs four: results are kept by (zone, instant),
 * which repeat (noon on a handful of days) across a file's notices. Bounded: cleared when full.
 */
const offsets = new Map<string, number>();
const instants = new Map<string, string>();
const MEMO_LIMIT = 20_000;
function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

function offsetMinutes(utcMs: number, zone: string): number {
  const key = `${zone}|${utcMs}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = zoneParts(utcMs, zone);
  return remember(offsets, key, (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000) / 60000);
}

function formatInstant(utcMs: number, zone: string): string {
  const key = `${zone}|${utcMs}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const off = offsetMinutes(utcMs, zone);
  const p = zoneParts(utcMs, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return remember(instants, key, `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`);
}

export interface Deadline {
  deadline: string | null;
  deadlineDate: string | null;
  deadlineZone: string | null;
}

export const NO_DEADLINE: Deadline = { deadline: null, deadlineDate: null, deadlineZone: null };

/**
 * A wall-clock date and time read in `zone`, whatever offset the source stamped on it:
 * opendatasoft writes +00:00 on Paris noon, DILA v230 +01:00 in April, eForms converters +01:00 in August.
 */
export function wallClock(date: string | null, time: string | null, zone = PARIS): Deadline {
  const day = isoDate(date);
  if (!day) return NO_DEADLINE;
  const t = time ? /^(\d{1,2})(?::|h|\s*heures?\s*)?(\d{2})?(?::(\d{2}))?/.exec(time.trim()) : null;
  if (!t || Number(t[1]) > 23) return { deadline: null, deadlineDate: day, deadlineZone: zone };
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, mo - 1, d, Number(t[1]), Number(t[2] ?? 0), Number(t[3] ?? 0));
  let utc = naive - offsetMinutes(naive, zone) * 60000;
  // Near a DST change the first guess can be an hour off: correct with the offset at the result.
  utc = naive - offsetMinutes(utc, zone) * 60000;
  return { deadline: formatInstant(utc, zone), deadlineDate: day, deadlineZone: zone };
}

/** "2024-07-25T12:00:00+00:00" → its date and wall-clock time, offset dropped. */
export function wallClockOfStamp(value: unknown, zone = PARIS): Deadline {
  if (typeof value !== 'string') return NO_DEADLINE;
  const m = /^(\d{4}-\d{1,2}-\d{1,2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?/.exec(value.trim());
  if (!m) return NO_DEADLINE;
  return wallClock(m[1]!, m[2] ?? null, zone);
}

/** A true instant (legacy DILA epoch milliseconds) shown in `zone`. */
export function instant(epochMs: number, zone = PARIS): Deadline {
  const iso = formatInstant(epochMs, zone);
  return { deadline: iso, deadlineDate: iso.slice(0, 10), deadlineZone: zone };
}

export function dateInZone(epochMs: number, zone = PARIS): string {
  return formatInstant(epochMs, zone).slice(0, 10);
}

// Buyer country → the zone TED's zone-less times are read in.
const COUNTRY_ZONES: Record<string, string> = {
  FR: 'Europe/Paris', BE: 'Europe/Brussels', LU: 'Europe/Luxembourg', DE: 'Europe/Berlin', NL: 'Europe/Amsterdam',
  IT: 'Europe/Rome', ES: 'Europe/Madrid', PT: 'Europe/Lisbon', IE: 'Europe/Dublin', AT: 'Europe/Vienna',
  PL: 'Europe/Warsaw', CZ: 'Europe/Prague', SK: 'Europe/Bratislava', HU: 'Europe/Budapest', SI: 'Europe/Ljubljana',
  HR: 'Europe/Zagreb', RO: 'Europe/Bucharest', BG: 'Europe/Sofia', GR: 'Europe/Athens', CY: 'Asia/Nicosia',
  MT: 'Europe/Malta', DK: 'Europe/Copenhagen', SE: 'Europe/Stockholm', FI: 'Europe/Helsinki', EE: 'Europe/Tallinn',
  LV: 'Europe/Riga', LT: 'Europe/Vilnius', CH: 'Europe/Zurich', NO: 'Europe/Oslo',
};
const ALPHA3: Record<string, string> = {
  FRA: 'FR', BEL: 'BE', LUX: 'LU', DEU: 'DE', NLD: 'NL', ITA: 'IT', ESP: 'ES', PRT: 'PT', IRL: 'IE', AUT: 'AT',
  POL: 'PL', CZE: 'CZ', SVK: 'SK', HUN: 'HU', SVN: 'SI', HRV: 'HR', ROU: 'RO', BGR: 'BG', GRC: 'GR', CYP: 'CY',
  MLT: 'MT', DNK: 'DK', SWE: 'SE', FIN: 'FI', EST: 'EE', LVA: 'LV', LTU: 'LT', CHE: 'CH', NOR: 'NO',
};

export function zoneOfCountry(code: string | null | undefined): string | null {
  if (!code) return null;
  const upper = code.trim().toUpperCase();
  return COUNTRY_ZONES[ALPHA3[upper] ?? upper] ?? null;
}

export const boampUrl = (idweb: string) => `https://www.boamp.fr/pages/avis/?q=idweb:${encodeURIComponent(idweb)}`;
export const tedUrl = (number: string) => `https://ted.europa.eu/udl?uri=TED:NOTICE:${number}:TEXT:FR:HTML`;

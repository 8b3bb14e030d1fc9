import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const languages = ['fr', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

export const localesDir = fileURLToPath(new URL('../locales', import.meta.url));

type Catalogue = { body: string; etag: string; texts: Record<string, string>; mtimeMs: number };
const cache = new Map<string, Catalogue>();

/**
 * The catalogue of one language; re-read when the file changes, so a running dev server follows
 * edits. A file caught half-written (an editor or a deploy rewriting it) keeps the last good
 * catalogue until it parses: a request never fails for it.
 */
export function catalogue(lng: Language): Catalogue {
  return catalogueFile(`${localesDir}/${lng}/translation.json`);
}

/** One catalogue file, cached by path (exported for the test of a half-written file). */
export function catalogueFile(path: string): Catalogue {
  const mtimeMs = statSync(path).mtimeMs;
  const cached = cache.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return cached;
  const body = readFileSync(path, 'utf8');
  let texts: Record<string, string>;
  try {
    texts = JSON.parse(body) as Record<string, string>;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
  const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, texts, mtimeMs };
  cache.set(path, entry);
  return entry;
}

/**
 * Key prefixes of the first page's catalogue: the signed-out pages (/sign-in and its siblings),
 * the shell around them and the messages of forms and errors. The client shows /sign-in from
 * these (about a sixth of the catalogue) and loads the rest after the first paint; pages past
 * the signed-out ones wait for the rest (src/i18n/plugins.ts). Same source file, no copy.
 */
export const FIRST_PAGE_AREAS = [
  'app', 'auth', 'common', 'dialog', 'drawer', 'forgot', 'form', 'header', 'invitesignup', 'notfound',
  'page', 'password', 'reset', 'role', 'signin', 'signup', 'theme', 'validation', 'verify',
] as const;

const firstCache = new Map<Language, { body: string; etag: string; mtimeMs: number }>();

/** The first page's part of a catalogue (FIRST_PAGE_AREAS), derived from the same file. */
export function firstPageCatalogue(lng: Language): { body: string; etag: string } {
  const whole = catalogue(lng);
  const cached = firstCache.get(lng);
  if (cached && cached.mtimeMs === whole.mtimeMs) return cached;
  const areas = new Set<string>(FIRST_PAGE_AREAS);
  const body = JSON.stringify(Object.fromEntries(Object.entries(whole.texts).filter(([key]) => areas.has(key.split('-')[0]!))));
  const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, mtimeMs: whole.mtimeMs };
  firstCache.set(lng, entry);
  return entry;
}

/** The preferred supported language of an Accept-Language header, honouring q-values. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  let best: Language = defaultLanguage;
  let bestQ = -1;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    const primary = range.trim().toLowerCase().split('-')[0] as Language;
    if (Number.isFinite(weight) && weight > bestQ && weight > 0 && languages.includes(primary)) {
      best = primary;
      bestQ = weight;
    }
  }
  return best;
}

export function translate(lng: Language, key: string, vars: Record<string, string | number> = {}): string {
  const text = catalogue(lng).texts[key] ?? catalogue(defaultLanguage).texts[key] ?? key;
  // A fraction is written the language's way (1,4 in French); whole numbers as they are.
  const written = (value: string | number | undefined) => (typeof value === 'number' && !Number.isInteger(value) ? value.toLocaleString(lng === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 }) : String(value ?? ''));
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => written(vars[name]));
}

/** A catalogue sentence in the language of the request. */
export const t = (request: { headers: Record<string, string | string[] | undefined> }, key: string, vars?: Record<string, string | number>) =>
  translate(pickLanguage(request.headers['accept-language'] as string | undefined), key, vars);

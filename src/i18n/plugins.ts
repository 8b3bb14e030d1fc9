import type { BackendModule, LanguageDetectorModule } from 'i18next';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES } from './languages';

// Two small i18next plugins doing exactly what i18next-http-backend and
// i18next-browser-languagedetector were used for here, at a fraction of their weight:
// together those two cost ~5.4 KiB gzip of the 120 KiB the sign-in page may load.

const isSupported = (value: string | null | undefined): value is string =>
  value !== null && value !== undefined && (LANGUAGES as readonly string[]).includes(value);

function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

/** localStorage first, then the cookie; the choice is written back to both. */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    let stored: string | null;
    try {
      stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    } catch {
      stored = null;
    }
    if (isSupported(stored)) return stored;
    const cookie = readCookie(LANGUAGE_COOKIE);
    return isSupported(cookie) ? cookie : undefined;
  },
  cacheUserLanguage(lng) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    } catch {
      // Private mode: the cookie still keeps the choice.
    }
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; path=/; max-age=31536000; SameSite=Strict`;
  },
};

let complete: Promise<void> = Promise.resolve();

/**
 * Resolves once the whole catalogue of the languages read so far is in. Pages past the
 * signed-out ones wait for it before rendering (src/app/routes.tsx), so they never show a key.
 */
export const catalogueComplete = () => complete;

const afterFirstPaint = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 50);

/**
 * Fetches `${backendUrl}/locales/{lng}/translation.json`. While the app starts (until `started()`),
 * a language is read in two steps: the first page's strings (`?area=first`, preloaded by
 * public/theme-init.js), then the rest once the page is idle, merged into the same namespace
 * (react-i18next re-renders on `added`). A language chosen later is read whole at once.
 */
export function httpBackend(backendUrl: string): BackendModule & { started(): void } {
  let starting = true;
  let store: { addResourceBundle(lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean): void } | undefined;
  const get = (language: string, area?: 'first') =>
    fetch(`${backendUrl}/locales/${encodeURIComponent(language)}/translation.json${area ? `?area=${area}` : ''}`, { credentials: 'same-origin' }).then((response) =>
      response.ok ? (response.json() as Promise<Record<string, string>>) : Promise.reject(new Error(`HTTP ${response.status}`)),
    );
  return {
    type: 'backend',
    init(services) {
      // The store has addResourceBundle at run time; i18next's types only declare its events.
      store = services.resourceStore as unknown as typeof store;
    },
    started() {
      starting = false;
    },
    read(language, namespace, callback) {
      if (!starting) {
        get(language).then(
          (data) => callback(null, data),
          (error: Error) => callback(error, false),
        );
        return;
      }
      const first = get(language, 'first');
      const rest = first.then(
        () =>
          new Promise<void>((resolve) =>
            afterFirstPaint(() =>
              get(language).then(
                (data) => resolve(store?.addResourceBundle(language, namespace, data, true, true)),
                // The first page works without the rest; the next language change reads it whole.
                () => resolve(),
              ),
            ),
          ),
        () => undefined,
      );
      const before = complete;
      complete = Promise.all([before, rest]).then(() => undefined);
      first.then(
        (data) => callback(null, data),
        (error: Error) => callback(error, false),
      );
    },
  };
}

import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';

// Ready for running the unit project without isolation (`--no-isolate`; vitest.config.ts still
// isolates): one worker then runs file after file in the same jsdom window and module cache, and
// this file runs again before each of them. What a file changes that would outlive it is put back
// here, so that each file starts as it would alone. Isolated, all of this is cheap and changes
// nothing.

// Module mocks. vi.mock swaps a module for the importers evaluated after it, and the module cache
// is shared: a view imported by an earlier file keeps the real module (the mock does not apply),
// and one first imported under a mock keeps the mock for the files after (it leaks). So a file
// that mocks starts and ends with a fresh cache (its neighbours pay one more import of the app).
// This runs before the imports below, so that they too are fresh.
const testPath = expect.getState().testPath;
const mocksModules = !!testPath && /\bvi\.(mock|doMock)\(/.test(readFileSync(testPath, 'utf8'));
if (mocksModules) vi.resetModules();

const { cleanup } = await import('@testing-library/react');
const { getI18n, setI18n } = await import('react-i18next');

// Storybook's setProjectAnnotations sets a global that composeStories reads when it composes. The
// story tests call it in a beforeAll, after composing at module level: alone, their stories have
// no project decorators (the i18n decorator renders nothing until its instance is ready; without it
// the story reads the react-i18next default instance synchronously). Another file's call must not
// give them those decorators.
const storybookGlobals = globalThis as { globalProjectAnnotations?: unknown; defaultProjectAnnotations?: unknown };
delete storybookGlobals.globalProjectAnnotations;
delete storybookGlobals.defaultProjectAnnotations;

// jsdom has no ResizeObserver, and nothing resizes there: Ark's positioning and the lazy diagram
// (@xyflow/react) only need one to exist. A test that needs resizes stubs its own.
if (typeof window !== 'undefined' && typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// What the file's imports set up (the react-i18next default instance that initReactI18next set,
// its language, the page's language and title, the address), taken once they are evaluated and
// before the file's tests: a cached import does not set it up again for the next file.
type Snapshot = {
  i18n: ReturnType<typeof getI18n> | undefined;
  language: string | undefined;
  html: Map<string, string>;
  body: Map<string, string>;
  title: string;
  url: string;
  patched: Map<object, Map<PropertyKey, PropertyDescriptor>>;
};
let snapshot: Snapshot | null = null;

const attributes = (element: Element) => new Map([...element.attributes].map((a) => [a.name, a.value]));
function restoreAttributes(element: Element, saved: Map<string, string>) {
  for (const { name } of [...element.attributes]) if (!saved.has(name)) element.removeAttribute(name);
  for (const [name, value] of saved) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

// Objects some tests patch for what jsdom lacks (document.elementFromPoint, Range rects, object
// URLs): a patch made by a file is undone after it.
const patchable = () => [document, Range.prototype, Element.prototype, HTMLElement.prototype, URL];
const descriptors = (target: object) => new Map(Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key)!]));
function restoreDescriptors(target: object, saved: Map<PropertyKey, PropertyDescriptor>) {
  for (const key of Reflect.ownKeys(target)) {
    const before = saved.get(key);
    const now = Reflect.getOwnPropertyDescriptor(target, key)!;
    if (!before) {
      if (now.configurable) Reflect.deleteProperty(target, key);
    } else if (before.value !== now.value || before.get !== now.get || before.set !== now.set) {
      if (now.configurable) Reflect.defineProperty(target, key, before);
    }
  }
}

beforeAll(() => {
  if (typeof document === 'undefined') return;
  const i18n = getI18n();
  snapshot = {
    i18n,
    language: i18n?.language,
    html: attributes(document.documentElement),
    body: attributes(document.body),
    title: document.title,
    url: window.location.href,
    patched: new Map(patchable().map((target) => [target, descriptors(target)])),
  };
});

afterEach(() => {
  // Node-environment files (the contract checks) share this setup but have no DOM.
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});

afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  if (typeof document !== 'undefined' && snapshot) {
    const saved = snapshot;
    snapshot = null;
    cleanup();
    sessionStorage.clear();
    document.body.replaceChildren();
    if (saved.i18n) {
      setI18n(saved.i18n);
      if (saved.language && saved.i18n.language !== saved.language) await saved.i18n.changeLanguage(saved.language);
    }
    restoreAttributes(document.documentElement, saved.html);
    restoreAttributes(document.body, saved.body);
    document.title = saved.title;
    if (window.location.href !== saved.url) window.history.replaceState(null, '', saved.url);
    for (const [target, descriptorsBefore] of saved.patched) restoreDescriptors(target, descriptorsBefore);
  }
  if (mocksModules) vi.resetModules();
});

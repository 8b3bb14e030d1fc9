import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES } from './languages';
import { httpBackend, languageDetector } from './plugins';

type Options = {
  /** Backend base address for /locales; same origin when empty. */
  backendUrl?: string;
  /** Static catalogues (Storybook, tests): no HTTP. */
  resources?: Resource;
  lng?: string;
};

// Keys are flat (`signin-title`): no key or namespace separators.
export async function createI18n({ backendUrl = '', resources, lng }: Options = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  const backend = resources ? undefined : httpBackend(backendUrl);
  if (backend) instance.use(backend);
  if (!lng) instance.use(languageDetector);
  instance.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  await instance.init({
    ...(resources ? { resources } : {}),
    ...(lng ? { lng } : {}),
    fallbackLng: 'fr',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // 'added': the rest of the catalogue, merged after the first paint, re-renders what shows it.
    react: { useSuspense: true, bindI18nStore: 'added' },
  });
  backend?.started();
  return instance;
}

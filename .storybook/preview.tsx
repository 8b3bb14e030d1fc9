import '@fontsource-variable/inter';
import '../src/ui/theme/global.css';
import { useEffect, useState, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n } from '../src/i18n/i18n';
import fr from '../locales/fr/translation.json';
import en from '../locales/en/translation.json';

// Catalogues imported statically: stories need no backend.
const i18nReady = createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng: 'fr' });

function WithI18n({ language, children }: { language: string; children: ReactNode }) {
  const [i18n, setI18n] = useState<I18n | null>(null);
  useEffect(() => {
    void i18nReady.then(async (instance) => {
      await instance.changeLanguage(language);
      setI18n(instance);
    });
  }, [language]);
  return i18n ? <I18nextProvider i18n={i18n}>{children}</I18nextProvider> : null;
}

const withProviders: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const { hook } = memoryLocation({ path: '/' });
  return (
    <WithI18n language={context.globals.locale === 'en' ? 'en' : 'fr'}>
      <Router hook={hook}>
        <Story />
      </Router>
    </WithI18n>
  );
};

const preview: Preview = {
  decorators: [withProviders],
  initialGlobals: { theme: 'light', locale: 'fr' },
  globalTypes: {
    theme: {
      description: 'Theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'Language',
      toolbar: { title: 'Language', icon: 'globe', items: [{ value: 'fr', title: 'Français' }, { value: 'en', title: 'English' }], dynamicTitle: true },
    },
  },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
  },
};

export default preview;

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "Soumissio — <page title>", following the interface language. */
export function usePageTitle(key: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t('app-name')} — ${t(key)}`;
  }, [t, key, i18n.resolvedLanguage]);
}

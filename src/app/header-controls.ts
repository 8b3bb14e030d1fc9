import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../ui/theme/theme-mode';
import type { HeaderProps } from '../ui/shell/Header';

/** Language and theme for the header, shared by both layouts. */
export function useHeaderControls(): Omit<HeaderProps, 'end'> {
  const { i18n } = useTranslation();
  const [themeMode, setThemeMode] = useThemeMode();
  return {
    language: i18n.resolvedLanguage === 'en' ? 'en' : 'fr',
    onLanguageChange: (language) => void i18n.changeLanguage(language),
    themeMode,
    onThemeModeChange: setThemeMode,
  };
}

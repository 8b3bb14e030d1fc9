import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Languages, Monitor, Moon, Sun } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { ChoiceMenu } from '../components/ChoiceMenu';
import type { ThemeMode } from '../theme/theme-mode';
import { LOGO_SRC } from './logo';

export type HeaderProps = {
  language: 'fr' | 'en';
  onLanguageChange: (language: 'fr' | 'en') => void;
  themeMode: ThemeMode;
  onThemeModeChange: (mode: ThemeMode) => void;
  /** Sign-in/sign-up links when signed out, the profile menu when signed in. */
  end: ReactNode;
  /** Signed in: the notification bell, just before the profile menu. */
  bell?: ReactNode;
  /** Before the logo: the button that opens the side menu in a drawer on small screens. */
  start?: ReactNode;
  /** With the side menu on screen, the logo lives in the menu; the header keeps it on small screens only. */
  logoInSideMenu?: boolean;
};

const themeIcons = { light: <Sun />, dark: <Moon />, system: <Monitor /> };

export function Header({ language, onLanguageChange, themeMode, onThemeModeChange, end, bell, start, logoInSideMenu = false }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header
      // At 320 px (400 % zoom) the signed-out links go to a second row rather than past the edge (WCAG 1.4.10).
      className={css({
        minH: '14',
        px: { base: '4', md: '6' },
        py: '1.5',
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        alignItems: 'center',
        columnGap: '2',
        rowGap: '1',
        bg: 'bg.default',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        position: 'sticky',
        top: 0,
        zIndex: 'sticky',
      })}
    >
      {start}
      <Link
        href="/"
        aria-label={t('header-home_link')}
        className={cx(
          css({ display: 'inline-flex', alignItems: 'center', gap: '2', textDecoration: 'none', color: 'fg.default' }),
          logoInSideMenu && css({ md: { display: 'none' } }),
        )}
      >
        <img src={LOGO_SRC} alt="" width={28} height={28} />
        {/* The logo alone on a phone: the link's name says where it goes. */}
        <span className={css({ display: { base: 'none', sm: 'inline' }, fontWeight: 'semibold', fontSize: 'md', letterSpacing: '-0.01em' })}>{t('app-name')}</span>
      </Link>
      <span className={css({ me: 'auto' })} />
      <ChoiceMenu
        label={t('header-language')}
        triggerLabel={t('header-language_button', { code: language.toUpperCase() })}
        trigger={
          <>
            <Languages />
            <span className={css({ textTransform: 'uppercase' })}>{language}</span>
          </>
        }
        value={language}
        onChange={onLanguageChange}
        choices={[
          { value: 'fr', label: 'Français', lang: 'fr' },
          { value: 'en', label: 'English', lang: 'en' },
        ]}
      />
      <ChoiceMenu
        label={t('header-theme')}
        trigger={themeIcons[themeMode]}
        value={themeMode}
        onChange={onThemeModeChange}
        choices={[
          { value: 'light', label: t('theme-light'), icon: themeIcons.light },
          { value: 'dark', label: t('theme-dark'), icon: themeIcons.dark },
          { value: 'system', label: t('theme-system'), icon: themeIcons.system },
        ]}
      />
      <div className={css({ display: 'flex', alignItems: 'center', gap: '2', ms: '2' })}>
        {bell}
        {end}
      </div>
    </header>
  );
}

export function SignedOutLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link href="/sign-in" className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', textDecoration: 'none', px: '2', _hover: { color: 'accent.text' } })}>
        {t('header-sign_in')}
      </Link>
      <Link
        href="/manager/sign-up"
        className={css({
          fontSize: 'sm',
          fontWeight: 'medium',
          textDecoration: 'none',
          bg: 'accent.default',
          color: 'accent.fg',
          px: '3',
          h: '8',
          display: 'inline-flex',
          alignItems: 'center',
          borderRadius: 'md',
          _hover: { bg: 'accent.emphasized' },
        })}
      >
        {t('header-sign_up')}
      </Link>
    </>
  );
}

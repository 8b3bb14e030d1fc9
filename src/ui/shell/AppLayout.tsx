import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { skipLink } from './CenteredLayout';
import { LOGO_SRC } from './logo';

type AppLayoutProps = { header: ReactNode; sideMenu: ReactNode; children: ReactNode };

/**
 * The signed-in layout: side menu on the left (270 px from 1280 px, 72 px compact below it,
 * moved into a drawer under the md breakpoint), header and page content on the right.
 */
export function AppLayout({ header, sideMenu, children }: AppLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ minH: '100dvh', display: 'flex' })}>
      <a href="#main" className={skipLink}>
        {t('common-skip_to_content')}
      </a>
      <aside
        className={css({
          display: { base: 'none', md: 'flex' },
          flexDirection: 'column',
          flexShrink: '0',
          w: { md: 'sideMenuCompact', wide: 'sideMenu' },
          h: '100dvh',
          position: 'sticky',
          top: '0',
          bg: 'bg.default',
          borderRightWidth: '1px',
          borderColor: 'border.default',
          // No overflow clipping here: the compact menu's tooltips stand out to the right.
        })}
      >
        <Link
          href="/"
          aria-label={t('header-home_link')}
          className={css({ display: 'flex', alignItems: 'center', gap: '2', h: '14', flexShrink: '0', px: { md: '0', wide: '5' }, justifyContent: { md: 'center', wide: 'flex-start' }, textDecoration: 'none', color: 'fg.default', borderBottomWidth: '1px', borderColor: 'border.default' })}
        >
          <img src={LOGO_SRC} alt="" width={28} height={28} />
          {/* The compact logo is the mark alone, under the 1280 px breakpoint. */}
          <span className={css({ display: { base: 'none', wide: 'inline' }, fontWeight: 'semibold', fontSize: 'md', letterSpacing: '-0.01em' })}>{t('app-name')}</span>
        </Link>
        {sideMenu}
      </aside>
      <div className={css({ flex: '1', minW: '0', display: 'flex', flexDirection: 'column' })}>
        {header}
        <main id="main" tabIndex={-1} className={css({ flex: '1', w: 'full', maxW: 'content', mx: 'auto', px: { base: '4', md: '8' }, pt: '8', pb: '24', outline: 'none' })}>
          {children}
        </main>
      </div>
    </div>
  );
}

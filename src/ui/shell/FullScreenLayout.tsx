import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { skipLink } from './CenteredLayout';

type FullScreenLayoutProps = { header: ReactNode; children: ReactNode; back?: ReactNode };

/**
 * Full-screen work (assisted writing): the header, the way back (no side menu here: without it the
 * page was a dead end but for the browser's button), then the whole width for the page.
 */
export function FullScreenLayout({ header, back, children }: FullScreenLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={skipLink}>
        {t('common-skip_to_content')}
      </a>
      {header}
      {back ? (
        <nav aria-label={t('fullscreen-back_label')} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', px: { base: '3', md: '6' }, pt: '2', fontSize: 'sm' })}>
          {back}
        </nav>
      ) : null}
      <main id="main" tabIndex={-1} className={css({ flex: '1', display: 'flex', flexDirection: 'column', minH: '0', w: 'full', outline: 'none' })}>
        {children}
      </main>
    </div>
  );
}

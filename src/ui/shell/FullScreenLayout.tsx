import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { skipLink } from './CenteredLayout';

type FullScreenLayoutProps = { header: ReactNode; children: ReactNode };

/** Full-screen work (assisted writing): the header, then the whole width for the page. */
export function FullScreenLayout({ header, children }: FullScreenLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={skipLink}>
        {t('common-skip_to_content')}
      </a>
      {header}
      <main id="main" tabIndex={-1} className={css({ flex: '1', display: 'flex', flexDirection: 'column', minH: '0', w: 'full', outline: 'none' })}>
        {children}
      </main>
    </div>
  );
}

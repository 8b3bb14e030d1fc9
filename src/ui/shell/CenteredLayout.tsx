import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';

type CenteredLayoutProps = { header: ReactNode; children: ReactNode };

/** The centered narrow layout of the signed-out pages. */
export function CenteredLayout({ header, children }: CenteredLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a href="#main" className={skipLink}>
        {t('common-skip_to_content')}
      </a>
      {header}
      <main id="main" tabIndex={-1} className={css({ flex: '1', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: '4', py: { base: '8', md: '16' }, outline: 'none' })}>
        <div className={css({ w: 'full', maxW: 'narrow' })}>{children}</div>
      </main>
    </div>
  );
}

export const skipLink = css({
  position: 'absolute',
  left: '2',
  top: '-20',
  zIndex: 'skipLink',
  bg: 'bg.default',
  color: 'accent.text',
  px: '3',
  py: '2',
  borderRadius: 'md',
  boxShadow: 'popover',
  _focus: { top: '2' },
});

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Hourglass } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';

/** The routes of features that come with later issues: their guards work, their pages say so. */
export function ComingSoonView() {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '4', py: '16', px: '4' })}>
      <span className={css({ w: '14', h: '14', borderRadius: 'full', bg: 'accent.subtle', color: 'accent.text', display: 'grid', placeItems: 'center' })} aria-hidden="true">
        <Hourglass size={28} />
      </span>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('comingsoon-title')}</h1>
      <p className={css({ color: 'fg.muted', maxW: 'md' })}>{t('comingsoon-text')}</p>
      <Link href="/dashboard" className={cx(button({ size: 'lg' }), css({ mt: '2' }))}>
        {t('comingsoon-back_dashboard')}
      </Link>
    </div>
  );
}

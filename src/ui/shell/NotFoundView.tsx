import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileQuestion } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '4', py: '16', px: '4' })}>
      <span className={css({ w: '14', h: '14', borderRadius: 'full', bg: 'bg.muted', color: 'fg.muted', display: 'grid', placeItems: 'center' })} aria-hidden="true">
        <FileQuestion size={28} />
      </span>
      <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', letterSpacing: '0.08em' })}>404</p>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('notfound-title')}</h1>
      <p className={css({ color: 'fg.muted', maxW: 'md' })}>{t('notfound-text')}</p>
      <Link href="/" className={cx(button({ size: 'lg' }), css({ mt: '2' }))}>
        {t('notfound-back_home')}
      </Link>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** Shown while a page's code or the session loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'grid', placeItems: 'center', minH: '60dvh' })}>
      <Spinner size="lg" label={t('common-loading')} />
    </div>
  );
}

/** Shown when a page's code could not be fetched (offline, new deployment). */
export function PageLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '16', px: '4' })}>
      <CircleAlert size={32} aria-hidden="true" className={css({ color: 'danger.text' })} />
      <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{t('page-load_error_title')}</h1>
      <p className={css({ color: 'fg.muted' })}>{t('page-load_error_text')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('page-retry')}
      </Button>
    </div>
  );
}

/**
 * Shown when a page failed while drawing itself: a fault of ours, not of the connection. The
 * floating report button stays on screen (it belongs to the shell), so the text points to it.
 */
export function PageRenderError({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '16', px: '4' })}>
      <TriangleAlert size={32} aria-hidden="true" className={css({ color: 'danger.text' })} />
      <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{t('page-render_error_title')}</h1>
      <p className={css({ color: 'fg.muted', maxW: '40rem' })}>{t('page-render_error_text')}</p>
      <Button variant="outline" onClick={onReload}>
        {t('page-reload')}
      </Button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Skeleton } from '../components/Skeleton';
import { LoadFailed } from '../components/LoadFailed';

/** The tender a page about one tender (its documents, its planning) is loading. */
export type TenderHeader = { state: 'loading' } | { state: 'failure'; error: string } | { state: 'loaded'; id: string; reference: string; title: string };

/**
 * What such a page shows until its tender is loaded: skeletons, then the failure with a retry.
 * Null once loaded, so the page renders its own content.
 */
export function TenderLoadState({ tender, contentLabel, errorTitle, onRetry }: { tender: TenderHeader; contentLabel: string; errorTitle: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (tender.state === 'loading') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <Skeleton lines={2} label={t('common-loading')} widths={['30%', '60%']} />
        <Skeleton lines={6} label={contentLabel} widths={['100%', '96%', '88%', '94%', '82%', '90%']} />
      </div>
    );
  }
  if (tender.state === 'failure') {
    return (
      <LoadFailed title={errorTitle} message={tender.error} onRetry={onRetry} />
    );
  }
  return null;
}

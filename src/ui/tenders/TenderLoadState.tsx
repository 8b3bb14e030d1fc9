import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';

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
      <EmptyState
        tone="danger"
        role="alert"
        icon={<CircleAlert size={22} />}
        title={errorTitle}
        description={tender.error}
        actions={
          <Button variant="outline" onClick={onRetry}>
            {t('page-retry')}
          </Button>
        }
      />
    );
  }
  return null;
}

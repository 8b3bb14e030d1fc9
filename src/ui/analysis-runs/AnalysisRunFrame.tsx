import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileSearch, FileText, Play, RotateCcw } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardRoot } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { formatDateTime } from '../format';
import { LoadFailed } from '../components/LoadFailed';

export type AnalysisRunStatus = 'loading' | 'failure' | 'empty' | 'starting' | 'running' | 'ready';

/** What the frame reads of a run: the same for every analysis (DCE, CCTP). */
export type RunShown = {
  _id: string;
  status: components['schemas']['JobStatus'];
  progress: number;
  msg?: string;
  createdAt: string;
  createdBy: { _id: string; username: string } | null;
};

export type AnalysisRunFrameProps<Run extends RunShown> = {
  /** The analysis's catalogue prefix: `dceanalysis`, `cctpanalysis` (intro, run, rerun, empty_*, running…). */
  prefix: 'dceanalysis' | 'cctpanalysis';
  tenderId: string;
  status: AnalysisRunStatus;
  analysis: Run | null;
  history: RunShown[];
  error: string | null;
  runError: string | null;
  onRun: () => void;
  onRetry: () => void;
  onSelect: (id: string) => void;
  /** The results of a finished run. */
  children: (analysis: Run) => ReactNode;
  dialogs?: ReactNode;
};

/**
 * What every analysis page has around its results: the intro and the re-run button, loading,
 * failure, empty (run it, add documents), the progress of a running job, a failed job's reason,
 * and the history of runs.
 */
export function AnalysisRunFrame<Run extends RunShown>(props: AnalysisRunFrameProps<Run>) {
  const { t } = useTranslation();
  const { status, analysis, prefix } = props;
  const busy = status === 'starting' || status === 'running';
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <p className={css({ color: 'fg.muted', maxW: '3xl' })}>{t(`${prefix}-intro`)}</p>
        {status === 'ready' || status === 'running' || status === 'starting' ? (
          <Button onClick={props.onRun} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size="sm" label={t('common-loading')} /> : <RotateCcw size={16} aria-hidden="true" />}
            {t(`${prefix}-rerun`)}
          </Button>
        ) : null}
      </div>
      {props.runError ? <Alert status="error" title={t('analysisrun-run_error')}>{props.runError}</Alert> : null}
      <Body {...props} />
      {analysis && (status === 'ready' || status === 'running') && props.history.length > 1 ? <History {...props} /> : null}
      {props.dialogs}
    </div>
  );
}

function Body<Run extends RunShown>(props: AnalysisRunFrameProps<Run>) {
  const { t } = useTranslation();
  const { status, analysis, prefix } = props;
  if (status === 'loading') return <Skeleton lines={6} label={t('list-loading')} widths={['60%', '100%', '94%', '88%', '92%', '70%']} />;
  if (status === 'failure') {
    return (
      <LoadFailed title={t('analysisrun-load_error')} message={props.error} onRetry={props.onRetry} />
    );
  }
  if (status === 'empty' || (status === 'starting' && !analysis)) {
    return (
      <EmptyState
        icon={<FileSearch size={22} />}
        title={t(`${prefix}-empty_title`)}
        description={t(`${prefix}-empty_text`)}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'center' })}>
            <Button onClick={props.onRun} disabled={status === 'starting'} aria-busy={status === 'starting' || undefined}>
              {status === 'starting' ? <Spinner size="sm" label={t('common-loading')} /> : <Play size={16} aria-hidden="true" />}
              {t(`${prefix}-run`)}
            </Button>
            <Link href={`/tenders/${props.tenderId}/docs`} className={button({ variant: 'outline' })}>
              <FileText size={16} aria-hidden="true" />
              {t('analysisrun-add_documents')}
            </Link>
          </div>
        }
      />
    );
  }
  if (!analysis) return null;
  if (analysis.status === 'queued' || analysis.status === 'running') {
    return (
      <CardRoot>
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <p aria-live="polite" className={css({ fontWeight: 'medium' })}>
            {t(`${prefix}-running`, { progress: analysis.progress })}
          </p>
          <div role="progressbar" aria-label={t(`${prefix}-progress`)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={analysis.progress} className={css({ h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
            <div className={css({ h: 'full', bg: 'accent.default', transition: 'width 300ms' })} style={{ width: `${analysis.progress}%` }} />
          </div>
        </CardBody>
      </CardRoot>
    );
  }
  if (analysis.status === 'failed') return <Alert status="error" title={t(`${prefix}-failed`)}>{analysis.msg}</Alert>;
  return <>{props.children(analysis)}</>;
}

function History<Run extends RunShown>({ history, analysis, onSelect }: AnalysisRunFrameProps<Run>) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="analysis-history" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h2 id="analysis-history" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('analysisrun-history')}
      </h2>
      <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
        {history.map((run) => {
          const date = formatDateTime(run.createdAt, i18n.language);
          const label = run.createdBy ? t('analysisrun-history_item', { date, name: run.createdBy.username }) : t('analysisrun-history_item_anonymous', { date });
          return (
            <li key={run._id} className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
              <button
                type="button"
                onClick={() => onSelect(run._id)}
                aria-current={run._id === analysis?._id ? 'true' : undefined}
                className={cx(button({ variant: run._id === analysis?._id ? 'outline' : 'ghost', size: 'sm' }))}
              >
                {label}
              </button>
              <Badge tone={run.status === 'failed' ? 'danger' : run.status === 'done' ? 'success' : 'accent'}>{t(`analysisrun-run_${run.status}`)}</Badge>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

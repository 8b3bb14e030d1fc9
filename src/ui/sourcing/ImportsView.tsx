import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDown, ListX, RotateCcw, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { FileDrop } from '../components/FileDrop';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDateTime, formatNumber } from '../format';
import { formatFileSize } from '../format-size';
import type { components } from '../../../openapi/schema';

export type ImportRunRow = components['schemas']['ImportRun'];
export type RefusedNoticeRow = components['schemas']['RefusedNotice'];
type RunStatus = ImportRunRow['status'];

/** The runs that the server is still working on: the list is read again while one is. */
export const isRunPending = (run: ImportRunRow) => run.status === 'queued' || run.status === 'running';

/** The upload statechart's state, as the view shows it (src/machines/notice-import.machine.ts). */
export type ImportUploadState = {
  state: 'idle' | 'invalid' | 'uploading' | 'sent' | 'failed';
  file: { name: string; size: number } | null;
  progress: number;
  /** Why the file is refused or failed, localised. */
  error: string | null;
  message: string | null;
  canRetry: boolean;
};

const STATUS_TONE: Record<RunStatus, 'neutral' | 'accent' | 'success' | 'danger'> = { queued: 'neutral', running: 'accent', done: 'success', failed: 'danger' };
const COUNTS = ['new', 'updated', 'unchanged', 'cancelled', 'awarded'] as const;

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={css({ h: '1.5', w: 'full', minW: '6rem', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}
    >
      <div className={css({ h: 'full', bg: 'accent.default', transition: 'width 150ms' })} style={{ width: `${value}%` }} />
    </div>
  );
}

export type ImportUploadProps = {
  upload: ImportUploadState;
  accept: string;
  onFile: (file: File) => void;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
};

/** The drop zone and, once a file is chosen, where its upload stands. */
export function ImportUpload({ upload, accept, onFile, onCancel, onRetry, onDismiss }: ImportUploadProps) {
  const { t, i18n } = useTranslation();
  const uploading = upload.state === 'uploading';
  return (
    <section aria-labelledby="imports-upload-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="imports-upload-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('imports-upload_title')}
      </h2>
      <FileDrop label={t('imports-drop')} hint={t('imports-drop_hint')} accept={accept} disabled={uploading} onFile={onFile} />
      {upload.file && upload.state !== 'idle' ? (
        <div
          aria-busy={uploading || undefined}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' })}
        >
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere', flex: '1 1 12rem' })}>{upload.file.name}</span>
            <span className={css({ color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' })}>{formatFileSize(upload.file.size, i18n.language)}</span>
            <Badge tone={upload.state === 'sent' ? 'success' : uploading ? 'accent' : 'danger'} dot>
              {uploading ? t('imports-upload_uploading', { progress: upload.progress }) : t(`imports-upload_${upload.state}`)}
            </Badge>
            <div className={css({ display: 'flex', gap: '1' })}>
              {uploading ? (
                <Button size="sm" variant="ghost" onClick={onCancel}>
                  <X size={14} aria-hidden="true" />
                  {t('imports-cancel')}
                </Button>
              ) : null}
              {upload.canRetry ? (
                <Button size="sm" variant="ghost" onClick={onRetry}>
                  <RotateCcw size={14} aria-hidden="true" />
                  {t('imports-retry')}
                </Button>
              ) : null}
              {!uploading ? (
                <Button size="icon" variant="ghost" onClick={onDismiss} aria-label={t('imports-dismiss')}>
                  <X size={14} aria-hidden="true" />
                </Button>
              ) : null}
            </div>
          </div>
          {uploading ? <ProgressBar value={upload.progress} label={t('imports-upload_progress', { name: upload.file.name })} /> : null}
          {upload.error && (upload.state === 'invalid' || upload.state === 'failed') ? (
            <Alert status="error">{upload.error}</Alert>
          ) : null}
          {upload.state === 'sent' && upload.message ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{upload.message}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The runs as a table that stacks on a phone: file, who and when, status with progress, counts. */
export function ImportRunsTable({ runs, onShowRefused }: { runs: ImportRunRow[]; onShowRefused: (run: ImportRunRow) => void }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Table caption={t('imports-runs_title')} stackOnPhone>
      <TableHead>
        <TableRow>
          <TableHeader>{t('imports-col_file')}</TableHeader>
          <TableHeader>{t('imports-col_started')}</TableHeader>
          <TableHeader>{t('imports-col_status')}</TableHeader>
          {COUNTS.map((count) => (
            <TableHeader key={count} className={css({ textAlign: 'end' })}>
              {t(`imports-count_${count}`)}
            </TableHeader>
          ))}
          <TableHeader className={css({ textAlign: 'end' })}>{t('imports-count_refused')}</TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {runs.map((run) => (
          <TableRow key={run._id}>
            <TableCell label={t('imports-col_file')} className={css({ minW: '12rem' })}>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{run.fileName}</span>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {formatFileSize(run.size, i18n.language)} · {t('imports-notices_read', { count: run.counts.notices, n: n(run.counts.notices) })}
                </span>
              </div>
            </TableCell>
            <TableCell label={t('imports-col_started')} className={css({ whiteSpace: 'nowrap' })}>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                <span>{run.origin === 'upload' ? (run.createdBy?.username ?? t('imports-by_nobody')) : t(`imports-origin_${run.origin}`)}</span>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{formatDateTime(run.createdAt, i18n.language)}</span>
              </div>
            </TableCell>
            <TableCell label={t('imports-col_status')} className={css({ minW: '9rem' })}>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', alignItems: 'flex-start' })}>
                <Badge tone={STATUS_TONE[run.status]} dot>
                  {run.status === 'running' ? t('imports-status_running_at', { progress: run.progress }) : t(`imports-status_${run.status}`)}
                </Badge>
                {isRunPending(run) ? <ProgressBar value={run.progress} label={t('imports-run_progress', { name: run.fileName })} /> : null}
                {run.status === 'failed' && run.error ? <span className={css({ color: 'danger.text', fontSize: 'xs' })}>{run.error}</span> : null}
              </div>
            </TableCell>
            {COUNTS.map((count) => (
              <TableCell key={count} label={t(`imports-count_${count}`)} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>
                {n(run.counts[count])}
              </TableCell>
            ))}
            <TableCell label={t('imports-count_refused')} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>
              {run.counts.refused > 0 ? (
                <Button size="sm" variant="outline" onClick={() => onShowRefused(run)} aria-label={t('imports-show_refused', { count: run.counts.refused, n: n(run.counts.refused), name: run.fileName })}>
                  <ListX size={14} aria-hidden="true" />
                  {n(run.counts.refused)}
                </Button>
              ) : (
                n(0)
              )}
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

export type RefusedDialogProps = {
  run: ImportRunRow | null;
  list: ListState<RefusedNoticeRow>;
  onPage: (page: number) => void;
  onRetry: () => void;
  onClose: () => void;
};

/** A run's refused notices, in file order: which notice, why (localised), what the reader said and where. */
export function RefusedDialog({ run, list, onPage, onRetry, onClose }: RefusedDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={run !== null} onClose={onClose} size="lg" title={t('imports-refused_title', { name: run?.fileName ?? '' })} description={t('imports-refused_text')}>
      <ListFrame
        list={list}
        narrowed={false}
        label={t('imports-refused_list')}
        onRetry={onRetry}
        onPageChange={onPage}
        empty={{ icon: <ListX size={22} />, title: t('imports-refused_empty'), description: t('imports-refused_empty_text') }}
      >
        <ul aria-label={t('imports-refused_list')} className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
          {list.items.map((notice) => (
            <li key={notice._id} className={css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md' })}>
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', justifyContent: 'space-between' })}>
                <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>
                  {notice.sourceId ? t('imports-refused_notice', { id: notice.sourceId }) : t('imports-refused_no_id')}
                  {notice.source ? <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}> · {notice.source}</span> : null}
                </span>
                {notice.origin ? <code className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>{notice.origin}</code> : null}
              </div>
              <span className={css({ color: 'danger.text' })}>{notice.reason}</span>
              {notice.detail ? <span className={css({ color: 'fg.muted', fontSize: 'sm', overflowWrap: 'anywhere' })}>{notice.detail}</span> : null}
            </li>
          ))}
        </ul>
      </ListFrame>
    </Dialog>
  );
}

export type ImportsViewProps = ImportUploadProps & {
  runs: ListState<ImportRunRow>;
  onPage: (page: number) => void;
  onRetryRuns: () => void;
  onShowRefused: (run: ImportRunRow) => void;
  /** The refused notices' dialog, rendered by the page (its own list statechart). */
  refusedDialog?: ReactNode;
  /** The built-in connectors' section, rendered by the page (its own statecharts). */
  connectors?: ReactNode;
};

export function ImportsView(props: ImportsViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('imports-title')} description={t('imports-subtitle')} />
      <ImportUpload upload={props.upload} accept={props.accept} onFile={props.onFile} onCancel={props.onCancel} onRetry={props.onRetry} onDismiss={props.onDismiss} />
      {props.connectors}
      <section aria-labelledby="imports-runs-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="imports-runs-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('imports-runs_title')}
        </h2>
        <ListFrame
          list={props.runs}
          narrowed={false}
          label={t('imports-runs_title')}
          onRetry={props.onRetryRuns}
          onPageChange={props.onPage}
          empty={{ icon: <FileDown size={22} />, title: t('imports-empty_title'), description: t('imports-empty_text') }}
        >
          <ImportRunsTable runs={props.runs.items} onShowRefused={props.onShowRefused} />
        </ListFrame>
      </section>
      {props.refusedDialog}
    </div>
  );
}

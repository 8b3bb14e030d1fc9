import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowLeft, Download, FileArchive, FileSearch, FileText, RefreshCw, RotateCcw, Trash2, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { canRetryEntry, type UploadEntry } from '../../machines/upload-queue.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { EmptyState } from '../components/EmptyState';
import { FileDrop } from '../components/FileDrop';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDateTime } from '../format';
import { formatFileSize } from '../format-size';
import { PageHeading } from '../components/ListFrame';
import { TenderLoadState, type TenderHeader } from '../tenders/TenderLoadState';
import { LoadFailed } from '../components/LoadFailed';

export type TenderDocRow = components['schemas']['TenderDoc'];

export type TenderDocsViewProps = {
  tender: TenderHeader;
  documents: { state: 'loading' | 'loaded' | 'failure'; items: TenderDocRow[]; error: string | null };
  /** The upload queue's entries, in the order the files were given. */
  queue: UploadEntry[];
  /** The picker's `accept`. */
  accept: string;
  onFiles: (files: File[]) => void;
  onCancel: (id: string) => void;
  onRetryUpload: (id: string) => void;
  onDismiss: (id: string) => void;
  onClearFinished: () => void;
  onRetryTender: () => void;
  onRetryDocuments: () => void;
  replacingId: string | null;
  replaceError: string | null;
  onReplace: (doc: TenderDocRow, file: File) => void;
  deleting: TenderDocRow | null;
  deleteBusy: boolean;
  deleteError: string | null;
  onDelete: (doc: TenderDocRow) => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
  /** Opens the document's extracted text. */
  onShowText: (doc: TenderDocRow) => void;
  /** Reads the document's text again (after a failure). */
  onExtract: (doc: TenderDocRow) => void;
  extractingId: string | null;
  /** The text preview, drawn by the page (it owns its requests). */
  textDialog?: ReactNode;
};

const STATUS_TONE = { queued: 'neutral', uploading: 'accent', done: 'success', failed: 'danger', cancelled: 'neutral' } as const;

/** A short name for a file's type: its extension, as people know it (PDF, DOCX, ZIP…). */
export function fileKind(fileName: string): string {
  const extension = fileName.includes('.') ? fileName.split('.').pop()! : '';
  return extension.toUpperCase() || '—';
}

export function TenderDocsView(props: TenderDocsViewProps) {
  const { t } = useTranslation();
  const { tender } = props;
  if (tender.state !== 'loaded') return <TenderLoadState tender={tender} contentLabel={t('list-loading')} errorTitle={t('tenderdocs-tender_error')} onRetry={props.onRetryTender} />;
  const busy = props.queue.some((entry) => entry.status === 'queued' || entry.status === 'uploading');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <Link href={`/tenders/${tender.id}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg.muted', fontSize: 'sm', alignSelf: 'flex-start' })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('tenderdocs-back')}
      </Link>
      <PageHeading title={t('tenderdocs-title')} description={`${tender.reference} · ${tender.title}`} />
      <CardRoot>
        <CardHeader>
          <CardTitle>{t('tenderdocs-add_title')}</CardTitle>
        </CardHeader>
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <FileDrop multiple label={t('tenderdocs-drop')} hint={t('tenderdocs-drop_hint')} accept={props.accept} onFiles={props.onFiles} />
          {props.queue.length > 0 ? <UploadQueue {...props} busy={busy} /> : null}
        </CardBody>
      </CardRoot>
      <section aria-labelledby="tenderdocs-list" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="tenderdocs-list" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('tenderdocs-list')}
        </h2>
        {props.replaceError ? (
          <Alert status="error" title={t('tenderdocs-replace_error')}>
            {props.replaceError}
          </Alert>
        ) : null}
        <DocumentsTable {...props} />
      </section>
      <ConfirmDialog
        open={props.deleting !== null}
        danger
        title={t('tenderdocs-delete_title')}
        description={t('tenderdocs-delete_text', { name: props.deleting?.fileName ?? '' })}
        confirmLabel={t('tenderdocs-delete')}
        busy={props.deleteBusy}
        error={props.deleteError}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
      {props.textDialog}
    </div>
  );
}

function UploadQueue(props: TenderDocsViewProps & { busy: boolean }) {
  const { t, i18n } = useTranslation();
  const finished = props.queue.some((entry) => entry.status !== 'queued' && entry.status !== 'uploading');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <h3 id="tenderdocs-queue" className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
          {t('tenderdocs-queue')}
        </h3>
        {finished ? (
          <Button size="sm" variant="ghost" onClick={props.onClearFinished}>
            {t('tenderdocs-clear_finished')}
          </Button>
        ) : null}
      </div>
      <ul aria-labelledby="tenderdocs-queue" aria-busy={props.busy || undefined} className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
        {props.queue.map((entry) => (
          <li key={entry.id} className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' })}>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
              <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere', flex: '1 1 12rem' })}>{entry.file.name}</span>
              <span className={css({ color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' })}>{formatFileSize(entry.file.size, i18n.language)}</span>
              <Badge tone={STATUS_TONE[entry.status]} dot>
                {entry.status === 'uploading' ? t('tenderdocs-status_uploading', { progress: entry.progress }) : t(`tenderdocs-status_${entry.status}`)}
              </Badge>
              <div className={css({ display: 'flex', gap: '1' })}>
                {entry.status === 'queued' || entry.status === 'uploading' ? (
                  <Button size="sm" variant="ghost" onClick={() => props.onCancel(entry.id)} aria-label={t('list-action_named', { action: t('tenderdocs-cancel'), target: entry.file.name })}>
                    <X size={14} aria-hidden="true" />
                    {t('tenderdocs-cancel')}
                  </Button>
                ) : null}
                {/* A file refused for its type or size would be refused again: no retry for it. */}
                {canRetryEntry(entry) ? (
                  <Button size="sm" variant="ghost" onClick={() => props.onRetryUpload(entry.id)} aria-label={t('list-action_named', { action: t('tenderdocs-retry'), target: entry.file.name })}>
                    <RotateCcw size={14} aria-hidden="true" />
                    {t('tenderdocs-retry')}
                  </Button>
                ) : null}
                {entry.status !== 'queued' && entry.status !== 'uploading' ? (
                  <Button size="icon" variant="ghost" onClick={() => props.onDismiss(entry.id)} aria-label={t('list-action_named', { action: t('tenderdocs-dismiss'), target: entry.file.name })}>
                    <X size={14} aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </div>
            {entry.status === 'uploading' ? <ProgressBar value={entry.progress} label={t('tenderdocs-progress', { name: entry.file.name })} /> : null}
            {entry.status === 'failed' && entry.error ? (
              <p className={css({ color: 'danger.text', fontSize: 'sm' })}>{entry.error.message}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={css({ h: '1.5', w: 'full', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}
    >
      <div className={css({ h: 'full', bg: 'accent.default', transition: 'width 150ms' })} style={{ width: `${value}%` }} />
    </div>
  );
}

function DocumentsTable(props: TenderDocsViewProps) {
  const { t, i18n } = useTranslation();
  const { documents } = props;
  if (documents.state === 'failure') {
    return (
      <LoadFailed title={t('list-error_title')} message={documents.error} onRetry={props.onRetryDocuments} />
    );
  }
  if (documents.items.length === 0 && documents.state === 'loading') {
    return (
      <div className={css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '5' })}>
        <Skeleton lines={4} label={t('list-loading')} widths={['100%', '94%', '88%', '92%']} />
      </div>
    );
  }
  if (documents.items.length === 0) {
    return <EmptyState icon={<FileText size={22} />} title={t('tenderdocs-empty_title')} description={t('tenderdocs-empty_text')} />;
  }
  return (
    <Table caption={t('tenderdocs-list')} busy={documents.state === 'loading'}>
      <TableHead>
        <TableRow>
          <TableHeader>{t('tenderdocs-col_name')}</TableHeader>
          <TableHeader>{t('tenderdocs-col_type')}</TableHeader>
          <TableHeader>{t('tenderdocs-col_size')}</TableHeader>
          <TableHeader>{t('tenderdocs-col_text')}</TableHeader>
          <TableHeader>{t('tenderdocs-col_added')}</TableHeader>
          <TableHeader>
            <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
          </TableHeader>
        </TableRow>
      </TableHead>
      <tbody>
        {documents.items.map((doc) => (
          <TableRow key={doc._id}>
            <TableCell className={css({ minW: '14rem' })}>
              <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
                {doc.entries ? <FileArchive size={16} aria-hidden="true" className={css({ flexShrink: 0, mt: '0.5' })} /> : <FileText size={16} aria-hidden="true" className={css({ flexShrink: 0, mt: '0.5' })} />}
                <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 })}>
                  <span className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{doc.fileName}</span>
                  {doc.entries ? <ZipEntries entries={doc.entries} /> : null}
                </div>
              </div>
            </TableCell>
            <TableCell className={css({ whiteSpace: 'nowrap' })}>{fileKind(doc.fileName)}</TableCell>
            <TableCell className={css({ whiteSpace: 'nowrap' })}>{formatFileSize(doc.size, i18n.language)}</TableCell>
            <TableCell className={css({ minW: '10rem' })}>
              <ExtractionState doc={doc} busy={props.extractingId === doc._id} onExtract={props.onExtract} />
            </TableCell>
            <TableCell>
              {/* Who and when in one column: the text's state needs the room. */}
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                <span>{doc.uploadedBy?.username ?? '—'}</span>
                <span className={css({ whiteSpace: 'nowrap', color: 'fg.muted', fontSize: 'sm' })}>{formatDateTime(doc.createdAt, i18n.language)}</span>
              </div>
            </TableCell>
            <TableCell>
              <div className={css({ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: '1' })}>
                {doc.extraction?.status === 'done' && doc.extraction.pages > 0 ? (
                  <Button size="sm" variant="ghost" onClick={() => props.onShowText(doc)} aria-label={t('list-action_named', { action: t('tenderdocs-text_show'), target: doc.fileName })}>
                    <FileSearch size={14} aria-hidden="true" />
                    {t('tenderdocs-text_show')}
                  </Button>
                ) : null}
                <a href={doc.url} download className={button({ variant: 'ghost', size: 'sm' })} aria-label={t('list-action_named', { action: t('tenderdocs-download'), target: doc.fileName })}>
                  <Download size={14} aria-hidden="true" />
                  {t('tenderdocs-download')}
                </a>
                <ReplaceButton doc={doc} accept={props.accept} busy={props.replacingId === doc._id} disabled={props.replacingId !== null} onReplace={props.onReplace} />
                <Button size="icon" variant="ghost" onClick={() => props.onDelete(doc)} aria-label={t('list-action_named', { action: t('tenderdocs-delete'), target: doc.fileName })}>
                  <Trash2 size={16} aria-hidden="true" className={css({ color: 'danger.text' })} />
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

/** Whether the server is still reading a document's text: the page follows it until it is done. */
export const isExtractionPending = (doc: TenderDocRow) => doc.extraction?.status === 'queued' || doc.extraction?.status === 'running';

const EXTRACTION_TONE = { queued: 'neutral', running: 'accent', done: 'success', failed: 'danger' } as const;

function ExtractionState({ doc, busy, onExtract }: { doc: TenderDocRow; busy: boolean; onExtract: (doc: TenderDocRow) => void }) {
  const { t } = useTranslation();
  const extraction = doc.extraction;
  if (!extraction) return <span className={css({ color: 'fg.muted' })}>—</span>;
  const failedParts = extraction.parts.filter((part) => part.msg).length;
  const ocrMissing = extraction.parts.reduce((sum, part) => sum + (part.ocrUnavailablePages ?? 0), 0);
  const label =
    extraction.status === 'running'
      ? t('tenderdocs-text_running', { progress: extraction.progress })
      : extraction.status === 'done'
        ? extraction.pages > 0
          ? t('tenderdocs-text_pages', { count: extraction.pages })
          : t('tenderdocs-text_none')
        : t(`tenderdocs-text_${extraction.status}`);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1.5' })}>
      <Badge tone={extraction.status === 'done' && extraction.pages === 0 ? 'warning' : EXTRACTION_TONE[extraction.status]} dot>
        {label}
      </Badge>
      {extraction.status === 'running' ? <ProgressBar value={extraction.progress} label={t('tenderdocs-text_progress', { name: doc.fileName })} /> : null}
      {extraction.status === 'failed' && extraction.msg ? <p className={css({ color: 'danger.text', fontSize: 'xs' })}>{extraction.msg}</p> : null}
      {/* Read, but not whole: the text was over a limit (server/extraction/limits.ts), and says which. */}
      {extraction.status === 'done' && extraction.msg ? <p className={css({ color: 'warning.text', fontSize: 'xs' })}>{extraction.msg}</p> : null}
      {failedParts > 0 ? <p className={css({ color: 'danger.text', fontSize: 'xs' })}>{t('tenderdocs-text_parts_failed', { count: failedParts })}</p> : null}
      {ocrMissing > 0 ? <p className={css({ color: 'warning.text', fontSize: 'xs' })}>{t('tenderdocs-ocr_unavailable', { count: ocrMissing })}</p> : null}
      {extraction.status === 'failed' || ocrMissing > 0 || failedParts > 0 ? (
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => onExtract(doc)} aria-label={t('list-action_named', { action: t('tenderdocs-text_retry'), target: doc.fileName })}>
          {busy ? <Spinner size="sm" label={t('common-loading')} /> : <RotateCcw size={14} aria-hidden="true" />}
          {t('tenderdocs-text_retry')}
        </Button>
      ) : null}
    </div>
  );
}

function ZipEntries({ entries }: { entries: { name: string; size: number }[] }) {
  const { t, i18n } = useTranslation();
  return (
    <details className={css({ fontSize: 'sm' })}>
      <summary className={css({ cursor: 'pointer', color: 'fg.muted' })}>{t('tenderdocs-zip_entries', { count: entries.length })}</summary>
      <ul aria-label={t('tenderdocs-zip_contents')} className={css({ listStyle: 'none', p: 0, mt: '1', display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        {entries.map((entry) => (
          <li key={entry.name} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
            <span className={css({ overflowWrap: 'anywhere' })}>{entry.name}</span>
            <span className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>{formatFileSize(entry.size, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}

function ReplaceButton({ doc, accept, busy, disabled, onReplace }: { doc: TenderDocRow; accept: string; busy: boolean; disabled: boolean; onReplace: (doc: TenderDocRow, file: File) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="icon" variant="ghost" disabled={disabled} onClick={() => input.current?.click()} aria-label={t('list-action_named', { action: t('tenderdocs-replace'), target: doc.fileName })}>
        {busy ? <Spinner size="sm" label={t('common-loading')} /> : <RefreshCw size={16} aria-hidden="true" />}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={t('tenderdocs-replace_file', { name: doc.fileName })}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onReplace(doc, file);
          event.target.value = '';
        }}
      />
    </>
  );
}

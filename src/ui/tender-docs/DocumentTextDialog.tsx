import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, ScanText } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { Select } from '../components/Select';
import { findPassage } from './passage';
import { Skeleton } from '../components/Skeleton';

export type TextPart = components['schemas']['TextPart'];
export type TextPage = NonNullable<components['schemas']['TenderDocPages']['page']>;

export type DocumentTextDialogProps = {
  /** The document whose text is shown; the dialog is closed when null. */
  fileName: string | null;
  state: 'loading' | 'loaded' | 'failure';
  error: string | null;
  parts: TextPart[];
  page: TextPage | null;
  /** A passage to mark on the page (the excerpt a fact or an answer quotes). */
  highlight?: string;
  onNavigate: (entry: string | null, page: number) => void;
  onRetry: () => void;
  onClose: () => void;
};

/** A document's extracted text, one page at a time, with the ZIP entry to read when it is an archive. */
export function DocumentTextDialog(props: DocumentTextDialogProps) {
  const { t } = useTranslation();
  const { page, parts } = props;
  const readable = parts.filter((part) => part.pages > 0 || part.msg);
  const current = page ? parts.find((part) => part.entry === page.entry) : undefined;
  return (
    <Dialog open={props.fileName !== null} onClose={props.onClose} size="lg" title={t('textpreview-title', { name: props.fileName ?? '' })} description={t('textpreview-description')}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', minH: '20rem' })}>
        {readable.length > 1 || (readable.length === 1 && readable[0]!.entry !== null) ? (
          <Select
            label={t('textpreview-part')}
            value={page?.entry ?? readable[0]?.entry ?? ''}
            options={readable.map((part) => ({ value: part.entry ?? '', label: part.entry ?? props.fileName ?? '', disabled: part.pages === 0 }))}
            onChange={(entry) => props.onNavigate(entry, 1)}
          />
        ) : null}
        {current?.msg ? <Alert status="error">{current.msg}</Alert> : null}
        <PageBody {...props} />
        {page ? (
          <nav aria-label={t('textpreview-page', { page: page.page, pages: page.pages })} className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
            <Button size="sm" variant="outline" disabled={page.page <= 1 || props.state === 'loading'} onClick={() => props.onNavigate(page.entry, page.page - 1)}>
              <ChevronLeft size={14} aria-hidden="true" />
              {t('textpreview-previous')}
            </Button>
            <span aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {t('textpreview-page', { page: page.page, pages: page.pages })}
            </span>
            <Button size="sm" variant="outline" disabled={page.page >= page.pages || props.state === 'loading'} onClick={() => props.onNavigate(page.entry, page.page + 1)}>
              {t('textpreview-next')}
              <ChevronRight size={14} aria-hidden="true" />
            </Button>
          </nav>
        ) : null}
      </div>
    </Dialog>
  );
}

function PageBody({ state, error, page, highlight, onRetry }: DocumentTextDialogProps) {
  const { t } = useTranslation();
  if (state === 'failure') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2' })}>
        <Alert status="error">{error}</Alert>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('page-retry')}
        </Button>
      </div>
    );
  }
  if (state === 'loading' && !page) return <Skeleton lines={8} label={t('textpreview-loading')} widths={['100%', '96%', '92%', '98%', '90%', '94%', '88%', '60%']} />;
  if (!page) return <p className={css({ color: 'fg.muted' })}>{t('textpreview-not_ready')}</p>;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-busy={state === 'loading' || undefined}>
      {page.ocr === 'done' ? (
        <p className={css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted' })}>
          <ScanText size={14} aria-hidden="true" />
          {t('textpreview-ocr_done')}
        </p>
      ) : null}
      {page.ocr === 'unavailable' ? <Alert status="warning">{t('textpreview-ocr_unavailable')}</Alert> : null}
      {page.text.trim() ? (
        <pre
          tabIndex={0}
          aria-label={t('textpreview-page', { page: page.page, pages: page.pages })}
          className={css({
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontFamily: 'mono',
            fontSize: 'xs',
            lineHeight: '1.6',
            bg: 'bg.subtle',
            color: 'fg.default',
            borderRadius: 'md',
            p: '3',
            maxH: '60vh',
            overflowY: 'auto',
          })}
        >
          <Highlighted text={page.text} passage={highlight} />
        </pre>
      ) : page.ocr !== 'unavailable' ? (
        <p className={css({ color: 'fg.muted' })}>{t('textpreview-empty_page')}</p>
      ) : null}
    </div>
  );
}

function Highlighted({ text, passage }: { text: string; passage?: string }) {
  const mark = useRef<HTMLElement>(null);
  // The whole passage, over every line it takes on the page (src/ui/tender-docs/passage.ts).
  const match = passage ? findPassage(text, passage) : null;
  // Braces: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    mark.current?.scrollIntoView?.({ block: 'center' });
  }, [match?.start]);
  if (!match) return <>{text}</>;
  return (
    <>
      {text.slice(0, match.start)}
      <mark ref={mark} className={css({ bg: 'warning.subtle', color: 'fg.default', borderRadius: 'sm', boxShadow: '0 0 0 2px token(colors.warning.subtle)' })}>
        {text.slice(match.start, match.end)}
      </mark>
      {text.slice(match.end)}
    </>
  );
}

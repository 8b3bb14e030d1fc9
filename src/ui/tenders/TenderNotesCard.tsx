import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, NotebookPen, Pencil, X } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Textarea } from '../components/Textarea';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { formatDateTime } from '../format';

export type TenderNotes = components['schemas']['TenderNotes'];
const NOTES_MAX = 50_000;

export type TenderNotesCardProps = {
  state: 'loading' | 'error' | 'loaded';
  notes: TenderNotes | null;
  loadError: string | null;
  onRetry: () => void;
  saving: boolean;
  saveError: string | null;
  /** The notes as saved by someone else in between, when a save was refused for it. */
  conflict: TenderNotes | null;
  onSave: (text: string, version: number) => void;
  /** Set when a save went through: the editor closes. */
  savedVersion: number | null;
};

/** The team's notes on the tender: read, edited as one text; a chat answer lands at their end. */
export function TenderNotesCard(props: TenderNotesCardProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  // A save went through since the editor opened: it closes.
  if (draft !== null && props.savedVersion !== null && props.savedVersion !== closedAt) {
    setClosedAt(props.savedVersion);
    setDraft(null);
  }
  const notes = props.notes;
  const base = props.conflict ?? notes;
  return (
    <CardRoot aria-busy={props.state === 'loading'}>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '2' })}>
        <CardTitle>{t('notes-title')}</CardTitle>
        {props.state === 'loaded' && draft === null ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setClosedAt(props.savedVersion);
              setDraft(notes?.text ?? '');
            }}
          >
            <Pencil size={14} aria-hidden="true" />
            {t(notes?.text ? 'notes-edit' : 'notes-write')}
          </Button>
        ) : null}
      </CardHeader>
      <CardBody className={css({ gap: '3' })}>
        {props.state === 'loading' ? <Skeleton lines={3} label={t('list-loading')} /> : null}
        {props.state === 'error' ? (
          <Alert status="error" title={t('notes-load_error')}>
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {props.loadError}
              <Button size="sm" variant="outline" onClick={props.onRetry}>
                {t('page-retry')}
              </Button>
            </span>
          </Alert>
        ) : null}
        {props.state === 'loaded' && draft === null ? (
          notes?.text ? (
            <>
              <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere', fontSize: 'sm', maxH: '96', overflowY: 'auto' })}>{notes.text}</p>
              {notes.updatedAt ? (
                <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {notes.updatedBy
                    ? t('notes-updated', { date: formatDateTime(notes.updatedAt, i18n.language), name: notes.updatedBy.username })
                    : t('notes-updated_anonymous', { date: formatDateTime(notes.updatedAt, i18n.language) })}
                </p>
              ) : null}
            </>
          ) : (
            <p className={css({ color: 'fg.muted', fontSize: 'sm', display: 'flex', gap: '2' })}>
              <NotebookPen size={16} aria-hidden="true" className={css({ flexShrink: 0 })} />
              {t('notes-empty')}
            </p>
          )
        ) : null}
        {props.state === 'loaded' && draft !== null ? (
          <form
            className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
            onSubmit={(event) => {
              event.preventDefault();
              props.onSave(draft, base?.version ?? 0);
            }}
          >
            {props.saveError ? <Alert status={props.conflict ? 'warning' : 'error'}>{props.saveError}</Alert> : null}
            {props.conflict ? (
              <section aria-label={t('notes-current')} className={css({ p: '2', borderRadius: 'md', bg: 'bg.subtle', fontSize: 'sm', whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxH: '48', overflowY: 'auto' })}>
                <p className={css({ fontWeight: 'semibold', mb: '1' })}>{t('notes-current')}</p>
                {props.conflict.text}
              </section>
            ) : null}
            <label htmlFor="tender-notes" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              {t('notes-title')}
            </label>
            <Textarea
              id="tender-notes"
              value={draft}
              maxLength={NOTES_MAX}
              rows={8}
              onChange={(event) => setDraft(event.target.value)}
            />
            <div className={css({ display: 'flex', gap: '2' })}>
              <Button size="sm" type="submit" disabled={props.saving}>
                {props.saving ? <Spinner size="sm" label={t('common-loading')} /> : <Check size={14} aria-hidden="true" />}
                {t('notes-save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                <X size={14} aria-hidden="true" />
                {t('dialog-cancel')}
              </Button>
            </div>
          </form>
        ) : null}
      </CardBody>
    </CardRoot>
  );
}

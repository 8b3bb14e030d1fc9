import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, History, KeyRound, Loader, PencilLine } from 'lucide-react';
import { Alert } from '../components/Alert';
import { css } from 'styled-system/css';
import type { AutosaveStatus, MemorySection, SectionContent } from '../../machines/section-autosave.machine';
import { Button } from '../components/Button';
import { ConflictNotice } from '../components/ConflictNotice';
import { SectionEditorLazy } from './SectionEditorLazy';
import { plainLines } from './tiptap-text';
import type { EditorComments, EditorImages } from './editor-bridges';
import type { AssistBridge } from './assist-bridge';

export type SectionWorkspaceProps = {
  status: AutosaveStatus;
  /** The section as last saved (or loaded). */
  section: MemorySection;
  /** The user's text not yet saved (kept through a conflict or a failure). */
  draft: SectionContent | null;
  theirs: MemorySection | null;
  error: { message: string } | null;
  /** Grows when the server's text replaces the user's: the editor reloads. */
  revision: number;
  insert: { id: number; content: Record<string, unknown> | Record<string, unknown>[] } | null;
  onChange: (content: SectionContent) => void;
  onRetry: () => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  /** A text kept in this browser from an earlier visit (the session had ended), offered back. */
  kept?: SectionContent | null;
  onRestore?: () => void;
  onDiscard?: () => void;
  /**
   * Who saved the version the conflict shows: the user themself (another tab or device), a named
   * colleague, or unknown.
   */
  conflictBy?: ConflictAuthor;
  /** Comment threads and images in the editor (wired by the page). */
  comments?: EditorComments;
  images?: EditorImages;
  /** The writing assistant's link to the editor (wired by the page). */
  assist?: AssistBridge;
};

export type ConflictAuthor = { self: true } | { self: false; name: string } | null;

const statusIcon = {
  idle: Check,
  dirty: PencilLine,
  saving: Loader,
  saved: Check,
  conflict: CircleAlert,
  failed: CircleAlert,
  unauthorized: KeyRound,
  recovered: History,
} as const;
const statusKey = {
  idle: 'memory-save_idle',
  dirty: 'memory-save_dirty',
  saving: 'memory-save_saving',
  saved: 'memory-save_saved',
  conflict: 'memory-conflict_title',
  failed: 'memory-save_failed',
  unauthorized: 'memory-save_unauthorized',
  recovered: 'memory-save_recovered',
} as const;

/** Where the save stands, announced politely (never stealing focus from the text). */
export function SaveStatus({ status, onRetry }: { status: AutosaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  const Icon = statusIcon[status];
  const tone = status === 'failed' || status === 'conflict' || status === 'unauthorized' ? 'danger.text' : status === 'dirty' || status === 'saving' || status === 'recovered' ? 'fg.muted' : 'success.text';
  return (
    <div
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '2',
        flexWrap: 'wrap',
        fontSize: 'sm',
      })}
    >
      <p
        aria-live="polite"
        role="status"
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '1.5',
          color: tone,
        })}
      >
        <Icon size={16} aria-hidden="true" />
        {t(statusKey[status])}
      </p>
      {status === 'failed' ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('memory-save_retry')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The current section: its title, save status, the conflict notice when someone saved first
 * (their text and the user's side by side, the user's kept), and the editor.
 */
export function SectionWorkspace(props: SectionWorkspaceProps) {
  const { t } = useTranslation();
  const { section, status } = props;
  return (
    <section
      aria-labelledby={`section-title-${section._id}`}
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        minW: 0,
      })}
    >
      <header
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: '3',
          flexWrap: 'wrap',
        })}
      >
        <h2 id={`section-title-${section._id}`} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {section.title}
        </h2>
        <SaveStatus status={status} onRetry={props.onRetry} />
      </header>
      {status === 'recovered' && props.kept ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Alert status="warning" title={t('memory-recovered_title')}>
            <p>{t('memory-recovered_text')}</p>
            <p className={css({ mt: '1', fontStyle: 'italic', whiteSpace: 'pre-wrap' })}>{plainLines(props.kept).join('\n')}</p>
          </Alert>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" onClick={props.onRestore}>
              {t('memory-recovered_restore')}
            </Button>
            <Button size="sm" variant="outline" onClick={props.onDiscard}>
              {t('memory-recovered_discard')}
            </Button>
          </div>
        </div>
      ) : null}
      {status === 'conflict' && props.theirs ? (
        <ConflictNotice
          title={props.conflictBy?.self ? t('memory-conflict_self_title') : t('memory-conflict_title')}
          text={
            props.conflictBy?.self
              ? t('memory-conflict_self')
              : props.conflictBy
                ? t('memory-conflict_by', { name: props.conflictBy.name })
                : (props.error?.message ?? t('memory-section_conflict'))
          }
          sections={[
            {
              heading: t('memory-conflict_theirs'),
              lines: plainLines(props.theirs.content),
            },
            {
              heading: t('memory-conflict_mine'),
              lines: plainLines(props.draft),
            },
          ]}
          emptyLabel={t('memory-conflict_empty')}
          reloadLabel={t('memory-take_theirs')}
          mergeLabel={t('memory-keep_mine')}
          onReload={props.onTakeTheirs}
          onMerge={props.onKeepMine}
        />
      ) : null}
      <div
        className={css({
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'md',
          bg: 'bg.default',
          overflow: 'hidden',
        })}
      >
        <SectionEditorLazy key={`${section._id}:${props.revision}`} content={props.draft ?? section.content} label={section.title} onChange={props.onChange} insert={props.insert} comments={props.comments} images={props.images} assist={props.assist} />
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Check, CircleAlert, Loader, PencilLine } from 'lucide-react';
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
  /** Comment threads and images in the editor (wired by the page). */
  comments?: EditorComments;
  images?: EditorImages;
  /** The writing assistant's link to the editor (wired by the page). */
  assist?: AssistBridge;
};

const statusIcon = {
  idle: Check,
  dirty: PencilLine,
  saving: Loader,
  saved: Check,
  conflict: CircleAlert,
  failed: CircleAlert,
} as const;
const statusKey = {
  idle: 'memory-save_idle',
  dirty: 'memory-save_dirty',
  saving: 'memory-save_saving',
  saved: 'memory-save_saved',
  conflict: 'memory-conflict_title',
  failed: 'memory-save_failed',
} as const;

/** Where the save stands, announced politely (never stealing focus from the text). */
export function SaveStatus({ status, onRetry }: { status: AutosaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  const Icon = statusIcon[status];
  const tone = status === 'failed' || status === 'conflict' ? 'danger.text' : status === 'dirty' || status === 'saving' ? 'fg.muted' : 'success.text';
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
      {status === 'conflict' && props.theirs ? (
        <ConflictNotice
          title={t('memory-conflict_title')}
          text={props.error?.message ?? t('memory-section_conflict')}
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

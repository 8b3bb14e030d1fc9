import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, MessageSquare, RotateCcw, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import type { CommentDraft, MemoryThread, ThreadChange } from '../../machines/memory-comments.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { Textarea } from '../components/Textarea';
import { formatDateTime } from '../format';

export type CommentsStage = 'loading' | 'ready' | 'sending' | 'failed';
/** The contract's limit on a comment's body. */
export const COMMENT_MAX = 5000;

export type MemoryCommentsPanelProps = {
  stage: CommentsStage;
  /** The current section's threads, oldest first. */
  threads: MemoryThread[];
  draft: CommentDraft | null;
  pending: ThreadChange | null;
  error: string | null;
  /** Whether the user may delete a thread: its author, a manager or an admin. */
  canDelete: (thread: MemoryThread) => boolean;
  onRetry: () => void;
  onCreate: (body: string) => void;
  onCancel: () => void;
  onReply: (threadId: string, body: string) => void;
  onResolve: (threadId: string, resolved: boolean) => void;
  onDelete: (threadId: string) => void;
  /** Selects the thread's passage in the editor. */
  onOpen: (threadId: string) => void;
};

const card = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' });
const quoteStyle = css({ fontSize: 'sm', fontStyle: 'italic', borderLeftWidth: '3px', borderColor: 'warning.border', bg: 'warning.subtle', color: 'fg.default', px: '2', py: '1', textAlign: 'start', w: 'full', cursor: 'pointer', borderRadius: 'sm', overflowWrap: 'anywhere', _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' } });
const muted = css({ fontSize: 'xs', color: 'fg.muted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/** One form: a labelled textarea and its buttons; the text stays while the server refuses it. */
function CommentForm(props: { id: string; label: string; submitLabel: string; busy: boolean; error: string | null; autoFocus?: boolean; onSubmit: (body: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim()) props.onSubmit(body);
  };
  return (
    <form noValidate aria-label={props.label} onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <label htmlFor={props.id} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
        {props.label}
      </label>
      <Textarea
        id={props.id}
        rows={3}
        maxLength={COMMENT_MAX}
        value={body}
        autoFocus={props.autoFocus}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && props.onCancel) props.onCancel();
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
        }}
      />
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className={css({ fontSize: 'sm', color: 'danger.text' })}>
          {props.error}
        </p>
      ) : null}
      <div className={actions}>
        <Button type="submit" size="sm" disabled={props.busy || !body.trim()}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
            {t('memory-comment_cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The section's comment threads beside the editor: the passage commented (a button selecting it
 * in the text), the comments with author and date, a reply form, resolve or reopen, delete for
 * its author or a manager; resolved threads folded under a toggle. A passage just chosen in the
 * editor opens the new comment's form first.
 */
export function MemoryCommentsPanel(props: MemoryCommentsPanelProps) {
  const { t, i18n } = useTranslation();
  const [showResolved, setShowResolved] = useState(false);
  const busy = props.stage === 'sending';
  const open = props.threads.filter((th) => !th.resolved);
  const resolved = props.threads.filter((th) => th.resolved);
  const shown = showResolved ? props.threads : open;
  const errorFor = (kind: ThreadChange['kind'], threadId?: string) =>
    props.error && props.stage !== 'sending' && props.pending?.kind === kind && (threadId === undefined || ('threadId' in props.pending && props.pending.threadId === threadId)) ? props.error : null;
  const otherError = props.error && props.pending && props.pending.kind !== 'create' && props.pending.kind !== 'reply' ? props.error : null;
  return (
    <section aria-labelledby="memory-comments-title" aria-busy={props.stage === 'loading' || busy} className={card}>
      <h2 id="memory-comments-title" className={css({ fontSize: 'md', fontWeight: 'semibold', display: 'flex', alignItems: 'center', gap: '2' })}>
        <MessageSquare size={18} aria-hidden="true" />
        {t('memory-comments_title')}
      </h2>
      {props.stage === 'loading' ? <Spinner label={t('common-loading')} /> : null}
      {props.stage === 'failed' ? (
        <Alert status="error" title={t('memory-comment_failed')}>
          {props.error ? <p>{props.error}</p> : null}
          <Button size="sm" variant="outline" onClick={props.onRetry} className={css({ mt: '2' })}>
            {t('memory-comment_retry')}
          </Button>
        </Alert>
      ) : null}
      {props.draft ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <blockquote className={quoteStyle}>{props.draft.quote}</blockquote>
          <CommentForm id="memory-comment-new" label={t('memory-comment_body')} submitLabel={t('memory-comment_send')} busy={busy} error={errorFor('create')} autoFocus onSubmit={props.onCreate} onCancel={props.onCancel} />
        </div>
      ) : props.stage === 'ready' || props.stage === 'sending' ? (
        <p className={muted}>{t('memory-comment_add_hint')}</p>
      ) : null}
      {otherError ? <Alert status="error">{otherError}</Alert> : null}
      {(props.stage === 'ready' || props.stage === 'sending') && props.threads.length === 0 && !props.draft ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('memory-comment_empty')}</p> : null}
      {shown.length ? (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          {shown.map((thread) => (
            <li key={thread._id} data-thread-id={thread._id} className={css({ display: 'flex', flexDirection: 'column', gap: '2', pb: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0', pb: '0' } })}>
              <button type="button" className={quoteStyle} onClick={() => props.onOpen(thread._id)} aria-label={`${t('memory-comment_open_passage')} : ${thread.quote}`}>
                {thread.quote}
              </button>
              {thread.resolved ? (
                <span>
                  <Badge tone="success">{t('memory-comment_resolved_badge')}</Badge>
                </span>
              ) : null}
              <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                {thread.comments.map((comment) => (
                  <li key={comment._id}>
                    <p className={muted}>
                      <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{comment.author?.username ?? t('memory-comment_unknown_author')}</span> · <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt, i18n.language)}</time>
                    </p>
                    <p className={css({ fontSize: 'sm', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{comment.body}</p>
                  </li>
                ))}
              </ol>
              {!thread.resolved ? (
                // Keyed by the thread's length: a reply accepted empties the form; a refused one keeps its text.
                <CommentForm key={thread.comments.length} id={`memory-reply-${thread._id}`} label={t('memory-comment_reply_label')} submitLabel={t('memory-comment_reply')} busy={busy} error={errorFor('reply', thread._id)} onSubmit={(body) => props.onReply(thread._id, body)} />
              ) : null}
              <div className={actions}>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onResolve(thread._id, !thread.resolved)}>
                  {thread.resolved ? <RotateCcw size={14} aria-hidden="true" /> : <Check size={14} aria-hidden="true" />}
                  {thread.resolved ? t('memory-comment_reopen') : t('memory-comment_resolve')}
                </Button>
                {props.canDelete(thread) ? (
                  <Button size="sm" variant="ghost" disabled={busy} onClick={() => props.onDelete(thread._id)}>
                    <Trash2 size={14} aria-hidden="true" />
                    {t('memory-comment_delete')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {resolved.length ? (
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
          <input type="checkbox" checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} />
          {t('memory-comment_show_resolved', { count: resolved.length })}
        </label>
      ) : null}
    </section>
  );
}

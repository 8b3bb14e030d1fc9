import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Bot, Eraser, MessageCircleQuestion, NotebookPen, Quote, RotateCcw, Send, Square } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Textarea } from '../components/Textarea';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { LoadFailed } from '../components/LoadFailed';

export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatCitation = components['schemas']['ChatCitation'];
export type ChatMode = components['schemas']['ChatMode'];
export type ChatStatus = 'loading' | 'loadFailure' | 'idle' | 'asking' | 'streaming' | 'answered' | 'failed' | 'clearing';

/** The questions a bid manager asks first of any DCE. */
export const SUGGESTED_QUESTIONS = ['deadline', 'criteria', 'documents', 'visit', 'penalties', 'questions'] as const;
const QUESTION_MAX = 1000;

export type ChatViewProps = {
  status: ChatStatus;
  mode: ChatMode;
  /** The model is left out by the company's plan (not missing): the intro says so. */
  llmNotInPlan?: boolean;
  messages: ChatMessage[];
  pending: { question: string; text: string } | null;
  error: string | null;
  onAsk: (question: string) => void;
  onCancel: () => void;
  onRetry: () => void;
  onClear: () => void;
  onOpenCitation: (citation: ChatCitation) => void;
  onCopyToNotes: (message: ChatMessage) => void;
  /** The message being copied to the notes, while it is. */
  copying: string | null;
  copyError: string | null;
  /** The page viewer, drawn by the page (it owns its request). */
  dialogs?: ReactNode;
};

const bubble = css({ p: '3', borderRadius: 'lg', maxW: { base: 'full', md: '85%' }, overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
/** An exchange scrolled into view clears the header above and the question box stuck below. */
const exchange = css({ display: 'flex', flexDirection: 'column', gap: '2', scrollMarginTop: '4', scrollMarginBottom: '48' });
/** Smooth scrolling, unless the person asked for less motion. */
const motion = (): ScrollBehavior => (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** A conversation with the tender's documents: each answer cites its pages; the answer being written streams in. */
export function ChatView(props: ChatViewProps) {
  const { t } = useTranslation();
  const { status } = props;
  const [question, setQuestion] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  // The newest exchange: the question being answered, else the last answer.
  const latest = useRef<HTMLLIElement>(null);
  const busy = status === 'asking' || status === 'streaming';
  const count = props.messages.length;
  const asking = props.pending?.question ?? null;
  const streamed = props.pending?.text.length ?? 0;
  // A new answer (or the history) comes into view from its start; the answer being written stays in view as it grows.
  useEffect(() => {
    if (count > 0) latest.current?.scrollIntoView?.({ block: 'start', behavior: motion() });
  }, [count]);
  useEffect(() => {
    if (asking !== null) latest.current?.scrollIntoView?.({ block: 'nearest', behavior: motion() });
  }, [asking, streamed]);

  if (status === 'loading') return <Skeleton lines={5} label={t('list-loading')} widths={['70%', '90%', '60%', '85%', '50%']} />;
  if (status === 'loadFailure') {
    return (
      <LoadFailed title={t('chat-load_error')} message={props.error} onRetry={props.onRetry} />
    );
  }
  const ask = (text: string) => {
    if (!text.trim() || busy) return;
    props.onAsk(text);
    setQuestion('');
  };
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <p className={css({ color: 'fg.muted', maxW: '3xl', display: 'flex', gap: '2', alignItems: 'flex-start' })}>
        {props.mode === 'llm' ? <Bot size={18} aria-hidden="true" className={css({ flexShrink: 0, mt: '0.5' })} /> : <Quote size={18} aria-hidden="true" className={css({ flexShrink: 0, mt: '0.5' })} />}
        {t(props.mode === 'llm' ? 'chat-intro_llm' : props.llmNotInPlan ? 'chat-intro_extractive_plan' : 'chat-intro_extractive')}
      </p>
      <section aria-label={t('chat-conversation')} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {count === 0 && !props.pending ? (
          <EmptyState
            icon={<MessageCircleQuestion size={22} />}
            title={t('chat-empty_title')}
            description={t('chat-empty_text')}
            actions={
              <ul aria-label={t('chat-suggestions')} className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'center' })}>
                {SUGGESTED_QUESTIONS.map((key) => (
                  <li key={key} className={css({ maxW: 'full' })}>
                    {/* A long question wraps on a phone instead of running off the screen. */}
                    <Button size="sm" variant="outline" className={css({ whiteSpace: 'normal', h: 'auto', minH: '8', py: '1.5', maxW: 'full' })} disabled={busy} onClick={() => ask(t(`chat-suggest_${key}`))}>
                      {t(`chat-suggest_${key}`)}
                    </Button>
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
        <ol className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '4' })}>
          {props.messages.map((message, at) => (
            <Exchange key={message._id} message={message} {...props} itemRef={!props.pending && at === count - 1 ? latest : undefined} />
          ))}
          {props.pending ? (
            <li ref={latest} className={exchange}>
              <p className={cx(bubble, css({ alignSelf: 'flex-end', bg: 'accent.subtle', color: 'fg.default' }))}>{props.pending.question}</p>
              <div aria-live="polite" aria-busy="true" className={cx(bubble, css({ bg: 'bg.subtle', display: 'flex', flexDirection: 'column', gap: '2' }))}>
                {props.pending.text ? <p>{props.pending.text}</p> : null}
                <span className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', color: 'fg.muted' })}>
                  <Spinner size="sm" label={t('common-loading')} />
                  {t(props.pending.text ? 'chat-writing' : 'chat-searching')}
                </span>
              </div>
            </li>
          ) : null}
        </ol>
        {status === 'failed' && props.error ? (
          <Alert status="error" title={t('chat-failed')}>
            <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              {props.error}
              <Button size="sm" variant="outline" onClick={props.onRetry}>
                <RotateCcw size={14} aria-hidden="true" />
                {t('page-retry')}
              </Button>
            </span>
          </Alert>
        ) : null}
        {props.copyError ? <Alert status="error">{props.copyError}</Alert> : null}
      </section>
      <form
        className={css({ display: 'flex', flexDirection: 'column', gap: '2', position: 'sticky', bottom: '0', bg: 'bg.canvas', py: '3' })}
        onSubmit={(event) => {
          event.preventDefault();
          ask(question);
        }}
      >
        <label htmlFor="chat-question" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
          {t('chat-question')}
        </label>
        <Textarea
          id="chat-question"
          value={question}
          maxLength={QUESTION_MAX}
          rows={2}
          placeholder={t('chat-placeholder')}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks, Shift+Enter goes to the line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              ask(question);
            }
          }}
        />
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
          {/* "Envoyer" stays where it is while the answer comes (a double click's second click
              lands on it, disabled, not on "Arrêter"), and "Arrêter" comes beside it. */}
          <Button type="submit" disabled={busy || !question.trim() || status === 'clearing'}>
            <Send size={14} aria-hidden="true" />
            {t('chat-ask')}
          </Button>
          {busy ? (
            <Button type="button" variant="outline" onClick={props.onCancel}>
              <Square size={14} aria-hidden="true" />
              {t('chat-stop')}
            </Button>
          ) : null}
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('chat-enter_hint')}</span>
          {count > 0 && !busy ? (
            confirmClear ? (
              <span className={css({ display: 'flex', gap: '2', ml: 'auto', alignItems: 'center' })}>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setConfirmClear(false);
                    props.onClear();
                  }}
                >
                  {t('chat-clear_confirm')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirmClear(false)}>
                  {t('dialog-cancel')}
                </Button>
              </span>
            ) : (
              <Button size="sm" variant="ghost" className={css({ ml: 'auto' })} disabled={status === 'clearing'} onClick={() => setConfirmClear(true)}>
                {status === 'clearing' ? <Spinner size="sm" label={t('common-loading')} /> : <Eraser size={14} aria-hidden="true" />}
                {t('chat-clear')}
              </Button>
            )
          ) : null}
        </div>
      </form>
      {props.dialogs}
    </div>
  );
}

function Exchange({ message, onOpenCitation, onCopyToNotes, copying, itemRef }: ChatViewProps & { message: ChatMessage; itemRef?: Ref<HTMLLIElement> }) {
  const { t } = useTranslation();
  return (
    <li ref={itemRef} className={exchange}>
      <p className={cx(bubble, css({ alignSelf: 'flex-end', bg: 'accent.subtle', color: 'fg.default' }))}>{message.question}</p>
      <article aria-label={t('chat-answer_to', { question: message.question.length > 80 ? `${message.question.slice(0, 80)}…` : message.question })} className={cx(bubble, css({ bg: 'bg.subtle', display: 'flex', flexDirection: 'column', gap: '3' }))}>
        <p>{message.answer}</p>
        {message.citations.length ? (
          <ul aria-label={t('chat-sources')} className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {message.citations.map((citation, index) => (
              <li key={`${citation.documentId}-${citation.entry}-${citation.page}-${index}`}>
                <button
                  type="button"
                  onClick={() => onOpenCitation(citation)}
                  title={citation.excerpt}
                  aria-label={t('analysisrun-source_open', { file: citation.fileName, page: citation.page })}
                  className={css({ fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '1', borderRadius: 'full', borderWidth: '1px', borderColor: 'info.border', bg: 'bg.default', color: 'accent.text', cursor: 'pointer', overflowWrap: 'anywhere', _hover: { bg: 'accent.subtle' } })}
                >
                  {message.mode === 'llm' ? `[${index + 1}] ` : ''}
                  {t('analysisrun-source', { file: citation.fileName, page: citation.page })}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <Badge tone={message.mode === 'llm' ? 'accent' : 'neutral'}>{t(`chat-mode_${message.mode}`)}</Badge>
          {message.citations.length ? (
            <Button size="sm" variant="ghost" className={css({ ml: 'auto' })} disabled={copying !== null} onClick={() => onCopyToNotes(message)}>
              {copying === message._id ? <Spinner size="sm" label={t('common-loading')} /> : <NotebookPen size={14} aria-hidden="true" />}
              {t('chat-copy_to_notes')}
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

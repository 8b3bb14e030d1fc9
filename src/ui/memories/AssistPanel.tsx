import { useTranslation } from 'react-i18next';
import { Check, Sparkles, X } from 'lucide-react';
import { css } from 'styled-system/css';
import type { AssistAction, AssistMode, AssistState } from '../../machines/assist.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { suggestionBlocks } from './assist-bridge';

export type AssistPanelProps = {
  stage: AssistState;
  /** How the server writes: with the configured language model, or templates only. */
  assist: AssistMode;
  /** Templates only because the company's plan leaves the model out (not because none is configured). */
  llmNotInPlan?: boolean;
  /** What the actions work on: the selection's length, or the whole section. */
  scope: { chars: number; whole: boolean };
  /** The suggestion (as it streams, then whole). */
  text: string;
  mode: AssistMode | null;
  error: string | null;
  language: 'fr' | 'en';
  onLanguage: (language: 'fr' | 'en') => void;
  onAsk: (action: AssistAction) => void;
  onAccept: () => void;
  onReject: () => void;
  onStop: () => void;
  onRetry: () => void;
  onDismiss: () => void;
};

const MODEL_ACTIONS: AssistAction[] = ['rewrite', 'shorten', 'expand', 'translate', 'fix_french'];

const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * The writing assistant under the section's editor: a draft of the section, and with a language
 * model the selection rewritten, shortened, expanded, translated or corrected. The suggestion
 * shows as it comes (announced politely) and goes into the text only when accepted. Without a
 * model the draft is a template and the other buttons are disabled, a sentence saying why.
 */
export function AssistPanel(props: AssistPanelProps) {
  const { t } = useTranslation();
  const busy = props.stage === 'streaming';
  const waiting = props.stage === 'suggested';
  const noModel = props.assist === 'template';
  const nothing = props.scope.chars === 0;
  return (
    <section aria-labelledby="memory-assist" className={panel}>
      <h2 id="memory-assist" className={css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'md', fontWeight: 'semibold' })}>
        <Sparkles size={18} aria-hidden="true" />
        {t('memory-assist_title')}
      </h2>
      <div role="group" aria-label={t('memory-assist_title')} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end' })}>
        <Button size="sm" disabled={busy || waiting} onClick={() => props.onAsk('draft')}>
          {noModel ? t('memory-assist_draft_template') : t('memory-assist_draft')}
        </Button>
        {MODEL_ACTIONS.map((action) => (
          <Button key={action} size="sm" variant="outline" disabled={noModel || busy || waiting || nothing} onClick={() => props.onAsk(action)}>
            {t(`memory-assist_${action}`)}
          </Button>
        ))}
        <div className={css({ minW: '9rem' })}>
          <Select
            label={t('memory-assist_translate_to')}
            value={props.language}
            disabled={noModel || busy}
            options={[
              { value: 'en', label: t('memory-assist_lang_en') },
              { value: 'fr', label: t('memory-assist_lang_fr') },
            ]}
            onChange={(value) => props.onLanguage(value === 'fr' ? 'fr' : 'en')}
          />
        </div>
      </div>
      {noModel ? <p className={muted}>{t(props.llmNotInPlan ? 'memory-assist_no_model_plan' : 'memory-assist_no_model')}</p> : null}
      <p className={muted}>{props.scope.whole ? t('memory-assist_scope_section') : t('memory-assist_scope_selection', { count: props.scope.chars })}</p>
      {props.stage === 'needsModel' ? (
        <Alert status="warning" title={t('memory-assist_title')}>
          <p>{props.error}</p>
          <Button size="sm" variant="ghost" onClick={props.onDismiss} className={css({ mt: '2' })}>
            {t('memory-assist_close')}
          </Button>
        </Alert>
      ) : null}
      {props.stage === 'failed' ? (
        <Alert status="error" title={t('memory-assist_failed')}>
          <p>{props.error}</p>
          <div className={css({ display: 'flex', gap: '2', mt: '2' })}>
            <Button size="sm" variant="outline" onClick={props.onRetry}>
              {t('memory-assist_retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={props.onDismiss}>
              {t('memory-assist_close')}
            </Button>
          </div>
        </Alert>
      ) : null}
      {busy || waiting ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'accent.default', borderRadius: 'md', bg: 'bg.subtle' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
            <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('memory-assist_suggestion')}</h3>
            {waiting && props.mode ? <Badge tone={props.mode === 'llm' ? 'accent' : 'neutral'}>{props.mode === 'llm' ? t('memory-assist_by_llm') : t('memory-assist_by_template')}</Badge> : null}
          </div>
          <div aria-live="polite" aria-busy={busy} data-testid="assist-suggestion" className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm', lineHeight: '1.6', maxH: '24rem', overflowY: 'auto' })}>
            <SuggestionText text={props.text} />
          </div>
          {busy ? (
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
              <Spinner label={t('memory-assist_streaming')} />
              <Button size="sm" variant="ghost" onClick={props.onStop}>
                {t('memory-assist_stop')}
              </Button>
            </div>
          ) : (
            <div className={css({ display: 'flex', gap: '2' })}>
              <Button size="sm" onClick={props.onAccept}>
                <Check size={16} aria-hidden="true" />
                {t('memory-assist_accept')}
              </Button>
              <Button size="sm" variant="outline" onClick={props.onReject}>
                <X size={16} aria-hidden="true" />
                {t('memory-assist_reject')}
              </Button>
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}

type Inline = { text?: string; marks?: { type: string }[] };
type Block = { type?: string; attrs?: { level?: number }; content?: (Inline & Block)[] };

const spans = (content: Inline[] = []) => content.map((piece, i) => (piece.marks?.some((m) => m.type === 'bold') ? <strong key={i}>{piece.text}</strong> : <span key={i}>{piece.text}</span>));

/**
 * The suggestion as it will read once accepted: the same blocks the editor receives
 * (suggestionBlocks), so "### Titre" shows as a heading and "- item" as a list, never the raw marks.
 */
function SuggestionText({ text }: { text: string }) {
  const blocks = suggestionBlocks(text) as Block[];
  return (
    <>
      {blocks.map((block, i) => {
        if (block.type === 'heading') {
          const Heading = block.attrs?.level === 2 ? 'h4' : 'h5';
          return (
            <Heading key={i} className={css({ fontWeight: 'semibold', fontSize: block.attrs?.level === 2 ? 'md' : 'sm' })}>
              {spans(block.content)}
            </Heading>
          );
        }
        if (block.type === 'bulletList') {
          return (
            <ul key={i} className={css({ listStyle: 'disc', pl: '5' })}>
              {(block.content ?? []).map((item, j) => (
                <li key={j}>{spans(item.content?.[0]?.content)}</li>
              ))}
            </ul>
          );
        }
        return <p key={i}>{spans(block.content)}</p>;
      })}
    </>
  );
}

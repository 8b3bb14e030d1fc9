import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeOff, RotateCcw, ThumbsDown, ThumbsUp } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { Textarea } from '../components/Textarea';
import { REASON_MAX, type FeedbackTarget } from '../../machines/call-feedback.machine';
import type { PotentialRow } from './tender-types';

/** Staff's verdicts on potential tenders (issue 13), as the page's call-feedback statechart gives them. */
export type FeedbackProps = {
  /** The list shows the calls set aside (`hidden=true`). */
  hidden: boolean;
  /** How many open calls the company set aside. */
  hiddenCount: number;
  /** The call whose request runs: every verdict button waits for it. */
  busy: string | null;
  /** The call whose reason is asked (the dialog is open). */
  asking: FeedbackTarget | null;
  /** The server's refusal, localised. */
  error: string | null;
  /** The call just set aside: a banner says so and offers to take it back. */
  justHidden: FeedbackTarget | null;
  onRelevant: (row: PotentialRow) => void;
  onNotRelevant: (row: PotentialRow) => void;
  onSaveReason: (reason: string) => void;
  onCancelReason: () => void;
  onUndo: () => void;
  onDismiss: () => void;
  onRestore: (row: PotentialRow) => void;
  onShowHidden: (hidden: boolean) => void;
};

const SUGGESTIONS = ['feedback-reason_zone', 'feedback-reason_amount', 'feedback-reason_trade', 'feedback-reason_deadline'] as const;

/** "Pertinent" (a toggle) and "Pas pertinent" for one call, or, in the hidden list, its reason and "Rétablir". */
export function FeedbackButtons({ row, feedback }: { row: PotentialRow; feedback: FeedbackProps }) {
  const { t } = useTranslation();
  const title = row.tenderCall.title;
  const verdict = row.feedback?.verdict ?? null;
  const waiting = feedback.busy !== null;
  const mine = feedback.busy === row._id;
  if (feedback.hidden) {
    return (
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
          alignItems: 'flex-start',
        })}
      >
        {row.feedback?.reason ? (
          <p
            className={css({
              fontSize: 'sm',
              color: 'fg.muted',
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1.5',
            })}
          >
            <EyeOff size={14} aria-hidden="true" />
            {t('feedback-hidden_reason', { reason: row.feedback.reason })}
          </p>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={waiting}
          onClick={() => feedback.onRestore(row)}
          aria-label={t('list-action_named', {
            action: t('feedback-restore'),
            target: title,
          })}
        >
          {mine ? <Spinner size="sm" label={t('common-loading')} /> : <RotateCcw size={14} aria-hidden="true" />}
          {t('feedback-restore')}
        </Button>
      </div>
    );
  }
  return (
    // Icon buttons (named, with a tooltip): two text buttons wrapped onto lines of their own at phone and medium widths.
    <div role="group" aria-label={t('feedback-group', { title })} className={css({ display: 'flex', flexWrap: 'nowrap', gap: '1', flexShrink: 0 })}>
      <Button
        size="sm"
        variant={verdict === 'relevant' ? 'solid' : 'outline'}
        aria-pressed={verdict === 'relevant'}
        aria-label={t('feedback-relevant')}
        title={t('feedback-relevant')}
        data-icon-only=""
        className={ICON_BUTTON}
        disabled={waiting}
        onClick={() => feedback.onRelevant(row)}
      >
        {mine && feedback.asking === null ? <Spinner size="sm" label={t('common-loading')} /> : <ThumbsUp size={16} aria-hidden="true" />}
      </Button>
      <Button
        size="sm"
        variant={verdict === 'not_relevant' ? 'solid' : 'outline'}
        aria-pressed={verdict === 'not_relevant'}
        aria-label={t('feedback-not_relevant')}
        title={t('feedback-not_relevant')}
        data-icon-only=""
        className={ICON_BUTTON}
        disabled={waiting}
        onClick={() => feedback.onNotRelevant(row)}
      >
        <ThumbsDown size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}

/** A square button of the row's line height, its target 36 px at the least (touch). */
const ICON_BUTTON = css({ minW: '9', w: '9', h: '9', px: '0', justifyContent: 'center' });

/** Above the list: the banner of a call just set aside (with "Annuler"), a refusal, and the line leading to the hidden calls. */
export function FeedbackBar({ feedback }: { feedback: FeedbackProps }) {
  const { t } = useTranslation();
  return (
    <>
      {feedback.justHidden ? (
        <Alert status="success" title={t('feedback-hidden_title')}>
          <span
            className={css({
              display: 'flex',
              flexWrap: 'wrap',
              gap: '3',
              alignItems: 'center',
            })}
          >
            {t('feedback-hidden_text', { title: feedback.justHidden.title })}
            <Button size="sm" variant="outline" disabled={feedback.busy !== null} onClick={feedback.onUndo}>
              {feedback.busy !== null ? <Spinner size="sm" label={t('common-loading')} /> : <RotateCcw size={14} aria-hidden="true" />}
              {t('feedback-undo')}
            </Button>
            <Button size="sm" variant="ghost" onClick={feedback.onDismiss}>
              {t('dialog-close')}
            </Button>
          </span>
        </Alert>
      ) : null}
      {feedback.error && feedback.asking === null ? (
        <Alert status="error" title={t('feedback-error')}>
          {feedback.error}
        </Alert>
      ) : null}
      {feedback.hidden ? (
        <p
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '2',
            fontSize: 'sm',
          })}
        >
          <strong>{t('feedback-hidden_count', { count: feedback.hiddenCount })}</strong>
          <Button size="sm" variant="ghost" onClick={() => feedback.onShowHidden(false)}>
            {t('feedback-back')}
          </Button>
        </p>
      ) : feedback.hiddenCount > 0 ? (
        <p
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '2',
            fontSize: 'sm',
            color: 'fg.muted',
          })}
        >
          <EyeOff size={14} aria-hidden="true" />
          <span>{t('feedback-hidden_count', { count: feedback.hiddenCount })}</span>
          <span aria-hidden="true">—</span>
          <Button size="sm" variant="ghost" onClick={() => feedback.onShowHidden(true)} aria-label={`${t('feedback-show_hidden')} : ${t('feedback-hidden_count', { count: feedback.hiddenCount })}`}>
            {t('feedback-show_hidden')}
          </Button>
        </p>
      ) : null}
    </>
  );
}

/** The reason asked before a call is set aside: required, at most 500 characters, common reasons one click away. */
export function ReasonDialog({ feedback }: { feedback: FeedbackProps }) {
  const { t } = useTranslation();
  const id = useId();
  const classes = field();
  const target = feedback.asking;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'required' | 'long' | null>(null);
  // The server's refusal belongs to the reason it was given: editing it, or a new problem, hides it.
  const [edited, setEdited] = useState(false);
  const saving = target !== null && feedback.busy === target.id;
  const close = () => {
    setReason('');
    setProblem(null);
    feedback.onCancelReason();
  };
  const save = () => {
    const value = reason.trim();
    if (value === '') setProblem('required');
    else if (value.length > REASON_MAX) setProblem('long');
    else {
      setProblem(null);
      setEdited(false);
      feedback.onSaveReason(value);
    }
  };
  const formId = `${id}-form`;
  return (
    <Dialog
      open={target !== null}
      onClose={saving ? () => undefined : close}
      title={t('feedback-dialog_title')}
      description={target ? t('feedback-dialog_text', { title: target.title }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={saving}>
            {t('dialog-cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={saving}>
            {saving ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {t('feedback-save')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        {feedback.error && !edited && problem === null ? (
          <Alert status="error" title={t('feedback-error')}>
            {feedback.error}
          </Alert>
        ) : null}
        <fieldset
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '2',
          })}
        >
          <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>{t('feedback-suggestions')}</legend>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            {SUGGESTIONS.map((key) => {
              const text = t(key);
              return (
                <Button
                  key={key}
                  size="sm"
                  variant={reason === text ? 'solid' : 'outline'}
                  aria-pressed={reason === text}
                  disabled={saving}
                  onClick={() => {
                    setReason(text);
                    setEdited(true);
                    setProblem(null);
                  }}
                >
                  {text}
                </Button>
              );
            })}
          </div>
        </fieldset>
        <div className={classes.root}>
          <label htmlFor={`${id}-reason`} className={classes.label}>
            {t('feedback-reason')}
          </label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            required
            maxLength={REASON_MAX}
            disabled={saving}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              setEdited(true);
              setProblem(null);
            }}
          />
          {problem ? (
            <p id={`${id}-problem`} className={classes.errorText}>
              {problem === 'required' ? t('feedback-reason_required') : t('feedback-reason_too_long')}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}

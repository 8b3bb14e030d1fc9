import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Play, ThumbsDown, ThumbsUp } from 'lucide-react';
import { css } from 'styled-system/css';
import type { GoNoGo, GoNoGoCriterion, GoNoGoDecision } from '../../machines/go-no-go.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { FormDialog } from '../components/FormDialog';
import { Input } from '../components/Input';
import { Select } from '../components/Select';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { Textarea } from '../components/Textarea';
import { formatDateTime } from '../format';

const NOTE_MAX = 2000;
const REASON_MAX = 2000;

export type GoNoGoCardProps = {
  state: 'loading' | 'failed' | 'ready' | 'saving' | 'choosing' | 'deciding';
  grid: GoNoGo | null;
  /** The ratings shown: the saved ones with the user's unsaved changes over them. */
  shown: { criterion: GoNoGoCriterion; rating: number; note: string }[];
  score: number;
  dirty: boolean;
  error: string | null;
  /** Managers and admins decide; every member rates. */
  canDecide: boolean;
  choice: GoNoGoDecision | null;
  reason: string;
  /** A go was just taken on a tender not started: the page offers its start action. */
  offerStart: boolean;
  onRate: (criterion: GoNoGoCriterion, rating: number) => void;
  onNote: (criterion: GoNoGoCriterion, note: string) => void;
  onSave: () => void;
  onRetry: () => void;
  onOpen: (decision: GoNoGoDecision) => void;
  onReason: (reason: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
  onStart: () => void;
  /** The company's weights form, drawn by the page for managers. */
  weightsForm?: ReactNode;
};

const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: '2', alignItems: 'end' });

/** A tender's Go/No-Go grid: six criteria rated 0–4, the weighted score live, the decision with who and when. */
export function GoNoGoCard(props: GoNoGoCardProps) {
  const { t, i18n } = useTranslation();
  const grid = props.grid;
  const busy = props.state === 'saving' || props.state === 'deciding';
  const dialogOpen = props.state === 'choosing' || props.state === 'deciding';
  return (
    <CardRoot aria-busy={props.state === 'loading' || busy}>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
        <CardTitle>{t('go_no_go-title')}</CardTitle>
        {grid ? (
          <output aria-live="polite" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
            {t('go_no_go-score', { score: props.score })}
          </output>
        ) : null}
      </CardHeader>
      <CardBody className={css({ gap: '4' })}>
        {props.state === 'loading' ? <Skeleton lines={4} label={t('list-loading')} /> : null}
        {props.state === 'failed' ? (
          <Alert status="error" title={t('go_no_go-load_error')}>
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {props.error}
              <Button size="sm" variant="outline" onClick={props.onRetry}>
                {t('go_no_go-retry')}
              </Button>
            </span>
          </Alert>
        ) : null}
        {grid ? (
          <>
            <Decision grid={grid} />
            {props.offerStart ? (
              <Alert status="success" title={t('go_no_go-start_offer')}>
                <Button size="sm" onClick={props.onStart}>
                  <Play size={14} aria-hidden="true" />
                  {t('tenderdetails-action_start')}
                </Button>
              </Alert>
            ) : null}
            {props.error && !dialogOpen ? <Alert status="warning">{props.error}</Alert> : null}
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('go_no_go-intro')}</p>
            <form
              aria-label={t('go_no_go-title')}
              noValidate
              className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
              onSubmit={(event) => {
                event.preventDefault();
                props.onSave();
              }}
            >
              <fieldset disabled={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '3', border: 'none', p: 0, m: 0, minW: 0 })}>
                {props.shown.map((c) => {
                  const label = t(`field-${c.criterion}`);
                  return (
                    <div key={c.criterion} className={row} data-criterion={c.criterion}>
                      <Select
                        label={`${label} (${t('go_no_go-weight', { weight: grid.weights[c.criterion] })})`}
                        value={String(c.rating)}
                        options={[0, 1, 2, 3, 4].map((n) => ({ value: String(n), label: t(`go_no_go-rating_${n}`) }))}
                        onChange={(value) => props.onRate(c.criterion, Number(value))}
                      />
                      <Input
                        type="text"
                        aria-label={t('go_no_go-note_label', { criterion: label })}
                        placeholder={t('field-note')}
                        value={c.note}
                        maxLength={NOTE_MAX}
                        onChange={(event) => props.onNote(c.criterion, event.target.value)}
                      />
                    </div>
                  );
                })}
              </fieldset>
              <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                <Button size="sm" type="submit" disabled={busy || !props.dirty}>
                  {props.state === 'saving' ? <Spinner size="sm" label={t('common-loading')} /> : <Check size={14} aria-hidden="true" />}
                  {t('go_no_go-save')}
                </Button>
                {props.canDecide ? (
                  <>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onOpen('go')}>
                      <ThumbsUp size={14} aria-hidden="true" />
                      {t('go_no_go-decide_go')}
                    </Button>
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => props.onOpen('no_go')}>
                      <ThumbsDown size={14} aria-hidden="true" />
                      {t('go_no_go-decide_no_go')}
                    </Button>
                  </>
                ) : (
                  <p className={css({ fontSize: 'sm', color: 'fg.muted', alignSelf: 'center' })}>{t('go_no_go-employee_hint')}</p>
                )}
              </div>
            </form>
            {props.weightsForm}
          </>
        ) : null}
        {dialogOpen && props.choice ? (
          <FormDialog
            formId="go-no-go-decision"
            title={t(props.choice === 'go' ? 'go_no_go-dialog_go' : 'go_no_go-dialog_no_go')}
            description={props.choice === 'no_go' ? t('go_no_go-dialog_hint') : undefined}
            busy={props.state === 'deciding'}
            error={props.error}
            errorTitle={t(props.choice === 'go' ? 'go_no_go-dialog_go' : 'go_no_go-dialog_no_go')}
            submitLabel={t('go_no_go-confirm')}
            onClose={props.onCancel}
            onSubmit={(event) => {
              event.preventDefault();
              props.onConfirm();
            }}
          >
            <label htmlFor="go-no-go-reason" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
              {t('go_no_go-reason_label')}
              {props.choice === 'no_go' ? ' *' : ''}
            </label>
            <Textarea
              id="go-no-go-reason"
              value={props.reason}
              maxLength={REASON_MAX}
              rows={4}
              required={props.choice === 'no_go'}
              aria-required={props.choice === 'no_go'}
              onChange={(event) => props.onReason(event.target.value)}
            />
          </FormDialog>
        ) : null}
      </CardBody>
    </CardRoot>
  );

  function Decision({ grid }: { grid: GoNoGo }) {
    if (!grid.decision) return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('go_no_go-decision_none')}</p>;
    return (
      <section aria-label={t('field-decision')} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <div>
          <Badge tone={grid.decision === 'go' ? 'success' : 'danger'} dot>
            {t(grid.decision === 'go' ? 'go_no_go-decision_go' : 'go_no_go-decision_no_go')}
          </Badge>
        </div>
        {grid.reason ? <p className={css({ fontSize: 'sm', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>{grid.reason}</p> : null}
        {grid.decidedAt ? (
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {t('go_no_go-decided_by', { user: grid.decidedBy?.username ?? '—', date: formatDateTime(grid.decidedAt, i18n.language) })}
          </p>
        ) : null}
      </section>
    );
  }
}

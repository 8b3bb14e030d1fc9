import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { REOPEN_REASON_MAX, type TenderStatus } from '../../../rules/tender-lifecycle';
import type { StatusChangeKind } from '../../machines/tender-status.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { Spinner } from '../components/Spinner';
import { TenderStatusBadge } from './TenderBadges';

/** The label of a status action, from where the tender stands ("Start" and "Resume" both lead to in progress). */
export function actionLabelKey(from: TenderStatus, to: TenderStatus, kind: StatusChangeKind = 'move'): string {
  if (kind === 'reopen') return 'tenderdetails-action_reopen';
  if (to === 'in_progress') return from === 'not_started' ? 'tenderdetails-action_start' : 'tenderdetails-action_resume';
  return `tenderdetails-action_${to}`;
}

/** What a change means for the team, in one sentence per action. */
const meaningKey = (from: TenderStatus, to: TenderStatus, kind: StatusChangeKind) => actionLabelKey(from, to, kind).replace('-action_', '-meaning_');

export type StatusChangeDialogProps = {
  open: boolean;
  from: TenderStatus;
  to: TenderStatus | null;
  kind: StatusChangeKind;
  busy: boolean;
  error: string | null;
  reason: string;
  reasonError: 'required' | null;
  onReasonChange: (reason: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Every status change is confirmed here: the change named (from → to), what it means, Cancel and
 * Confirm; a reopening also asks why, which the history will show. A refusal stays in the dialog.
 */
export function StatusChangeDialog({ open, from, to, kind, busy, error, reason, reasonError, onReasonChange, onConfirm, onCancel }: StatusChangeDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const classes = field();
  if (!to) return <Dialog open={false} onClose={onCancel} title="" />;
  const reopen = kind === 'reopen';
  const danger = to === 'lost' || to === 'non_compliant';
  const title = reopen ? t('tenderdetails-reopen_title') : t('tenderdetails-confirm_title', { from: t(`tender-status_${from}`), to: t(`tender-status_${to}`) });
  const reasonErrorId = `${id}-reason-error`;
  const reasonHelpId = `${id}-reason-help`;
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onCancel}
      role="alertdialog"
      title={title}
      description={t(meaningKey(from, to, kind))}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('dialog-cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size="sm" label={t('stepper-saving')} /> : null}
            {t(actionLabelKey(from, to, kind))}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })} data-testid="status-change">
          <TenderStatusBadge status={from} />
          <span aria-hidden="true">→</span>
          <span className={css({ srOnly: true })}>{t('tenderdetails-history_to')}</span>
          <TenderStatusBadge status={to} />
        </p>
        {reopen ? (
          <div className={classes.root}>
            <label htmlFor={`${id}-reason`} className={classes.label}>
              {t('tenderdetails-reopen_reason')}
            </label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              required
              disabled={busy}
              maxLength={REOPEN_REASON_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={[reasonHelpId, reasonError ? reasonErrorId : null].filter(Boolean).join(' ')}
              onChange={(event) => onReasonChange(event.target.value)}
              className={css({
                w: 'full',
                px: '3',
                py: '2',
                fontSize: 'sm',
                color: 'fg.default',
                bg: 'bg.default',
                borderWidth: '1px',
                borderColor: 'border.emphasized',
                borderRadius: 'md',
                resize: 'vertical',
                _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)', outline: 'none' },
                _invalid: { borderColor: 'danger.default' },
                _disabled: { opacity: 0.65, bg: 'bg.subtle' },
              })}
            />
            <p id={reasonHelpId} className={classes.helperText}>
              {t('tenderdetails-reopen_reason_help', { max: REOPEN_REASON_MAX })}
            </p>
            {reasonError ? (
              <p id={reasonErrorId} className={classes.errorText}>
                {t('tender-reopen_reason_required')}
              </p>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <Alert status="error" title={t('tenderdetails-status_error')}>
            {error}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}

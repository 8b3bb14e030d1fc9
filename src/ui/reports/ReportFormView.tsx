import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareWarning, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { FileDrop } from '../components/FileDrop';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { TextField } from '../components/Field';
import { formatNumber } from '../format';

export const REPORT_TYPE_VALUES = ['bug', 'feature_request', 'feedback', 'other'] as const;
export const REPORT_PRIORITY_VALUES = ['low', 'medium', 'high', 'critical'] as const;

export type ReportFormValues = { type: string; priority: string; title: string; description: string };
export type ReportFormField = keyof ReportFormValues;

export type ReportFormViewProps = {
  open: boolean;
  /** The report form statechart's open substate. */
  state: 'editing' | 'submitting' | 'failure';
  values: ReportFormValues;
  /** An i18n key per field left empty at submit. */
  errors: Partial<Record<ReportFormField, string>>;
  screenshot: { name: string; size: number; previewUrl: string | null } | null;
  error: string | null;
  onChange: (field: ReportFormField, value: string) => void;
  onSelectScreenshot: (file: File) => void;
  onRemoveScreenshot: () => void;
  onSubmit: () => void;
  onClose: () => void;
};

const FORM_ID = 'report-form';

/**
 * A field of the page or an open list or menu has the focus: the user is at work there. A dialog
 * covers the button anyway, and the report dialog gives the focus back to it when it closes.
 */
function busyElement(element: Element | null): boolean {
  if (!element || element === document.body) return false;
  if (element.closest('[role="dialog"], [role="alertdialog"]')) return false;
  return element.matches('input, textarea, select, [contenteditable="true"]') || element.closest('[role="listbox"], [role="menu"]') !== null;
}

/**
 * The floating button that opens the report form, bottom-right of every signed-in page. It yields
 * while the user works in a field, a dialog or a popover (issue 10: it covered the planning's date
 * field at the bottom of the page); the page keeps room below its last field for it (AppLayout).
 */
export function ReportButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const [yielding, setYielding] = useState(false);
  useEffect(() => {
    const update = () => setYielding(busyElement(document.activeElement));
    // focusout fires before the next element has the focus: read it once focus has settled.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  if (yielding) return null;
  return (
    <Button
      onClick={onOpen}
      aria-label={t('report-open_button')}
      title={t('report-open_button')}
      className={css({ position: 'fixed', right: '5', bottom: '5', zIndex: 'dropdown', borderRadius: 'full', boxShadow: 'lg', h: '12', w: '12', p: '0' })}
    >
      <MessageSquareWarning size={20} aria-hidden="true" />
    </Button>
  );
}

export function ReportFormView(props: ReportFormViewProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const classes = field();
  const { values, errors, screenshot } = props;
  const locked = props.state === 'submitting';
  const error = (name: ReportFormField) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <Dialog
      open={props.open}
      size="lg"
      onClose={locked ? () => undefined : props.onClose}
      title={t('report-form_title')}
      description={t('report-form_text')}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose} disabled={locked}>
            {t('dialog-cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} disabled={locked} aria-busy={locked || undefined}>
            {locked ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {t('report-submit')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {props.state === 'failure' && props.error ? <Alert status="error" title={t('report-submit_error')}>{props.error}</Alert> : null}
        <fieldset disabled={locked} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: '0', m: '0', minW: '0' })}>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
            <div>
              <Select
                label={t('report-type')}
                value={values.type}
                required
                disabled={locked}
                aria-invalid={errors.type ? true : undefined}
                options={[{ value: '', label: t('report-choose') }, ...REPORT_TYPE_VALUES.map((value) => ({ value, label: t(`report-type_${value}`) }))]}
                onChange={(value) => props.onChange('type', value)}
              />
              {errors.type ? <p className={classes.errorText}>{error('type')}</p> : null}
            </div>
            <div>
              <Select
                label={t('report-priority')}
                value={values.priority}
                required
                disabled={locked}
                aria-invalid={errors.priority ? true : undefined}
                options={[{ value: '', label: t('report-choose') }, ...REPORT_PRIORITY_VALUES.map((value) => ({ value, label: t(`report-priority_${value}`) }))]}
                onChange={(value) => props.onChange('priority', value)}
              />
              {errors.priority ? <p className={classes.errorText}>{error('priority')}</p> : null}
            </div>
          </div>
          <TextField label={t('report-title')} value={values.title} required disabled={locked} maxLength={200} error={error('title')} onChange={(event) => props.onChange('title', event.target.value)} />
          <div className={classes.root}>
            <label htmlFor={`${id}-description`} className={classes.label}>
              {t('report-description')}
            </label>
            <textarea
              id={`${id}-description`}
              rows={5}
              required
              disabled={locked}
              maxLength={5000}
              value={values.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error` : undefined}
              onChange={(event) => props.onChange('description', event.target.value)}
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
                _disabled: { opacity: 0.65, bg: 'bg.subtle' },
              })}
            />
            {errors.description ? (
              <p id={`${id}-description-error`} className={classes.errorText}>
                {error('description')}
              </p>
            ) : null}
          </div>
          <div className={classes.root}>
            <span className={classes.label}>{t('report-screenshot')}</span>
            {screenshot ? (
              <div className={css({ display: 'flex', alignItems: 'center', gap: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '2' })}>
                {screenshot.previewUrl ? (
                  <img src={screenshot.previewUrl} alt={t('report-screenshot_preview')} className={css({ w: '20', h: '14', objectFit: 'cover', borderRadius: 'sm', bg: 'bg.subtle' })} />
                ) : null}
                <div className={css({ flex: '1', minW: '0' })}>
                  <p className={css({ fontSize: 'sm', fontWeight: 'medium', truncate: true })}>{screenshot.name}</p>
                  <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('report-screenshot_size', { size: formatNumber(Math.ceil(screenshot.size / 1024), i18n.language) })}</p>
                </div>
                <Button variant="ghost" size="icon" disabled={locked} onClick={props.onRemoveScreenshot} aria-label={t('report-screenshot_remove')}>
                  <X size={16} aria-hidden="true" />
                </Button>
              </div>
            ) : (
              <FileDrop label={t('report-screenshot_drop')} hint={t('report-screenshot_hint')} accept="image/png,image/jpeg,image/gif" disabled={locked} onFile={props.onSelectScreenshot} />
            )}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}

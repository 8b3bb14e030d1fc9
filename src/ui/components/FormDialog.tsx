import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { DialogVariantProps } from 'styled-system/recipes/dialog';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

type FormDialogProps = DialogVariantProps & {
  /** The form's id, so the footer's submit button (outside the form) sends it. */
  formId: string;
  title: ReactNode;
  description?: ReactNode;
  busy: boolean;
  /** The last refusal, shown above the fields under `errorTitle`. */
  error: string | null;
  errorTitle: string;
  submitLabel: ReactNode;
  /** The footer's way out when it means more than "cancel". */
  cancelLabel?: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/**
 * A dialog holding one form: cancel and submit in the footer, our own checks (noValidate), the
 * refusal above the fields, and everything locked (Escape included) while it is being sent.
 */
export function FormDialog({ formId, title, description, size, busy, error, errorTitle, submitLabel, cancelLabel, onClose, onSubmit, onChange, children }: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      size={size}
      onClose={busy ? () => undefined : onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel ?? t('dialog-cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} onChange={onChange} noValidate aria-busy={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? (
          <Alert status="error" title={errorTitle}>
            {error}
          </Alert>
        ) : null}
        <fieldset disabled={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
          {children}
        </fieldset>
      </form>
    </Dialog>
  );
}

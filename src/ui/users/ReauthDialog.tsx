import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { TextField } from '../components/Field';
import { FormDialog } from '../components/FormDialog';
import { PasswordField } from '../components/PasswordField';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

type ReauthDialogProps = {
  /** The signed-in account: the new sign-in is for the same person (the text waiting is theirs). */
  email: string;
  busy: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
  /** Leave for the sign-in page instead; the text stays kept in this browser. */
  onGiveUp: () => void;
};

const FIELDS = ['password'] as const;

/**
 * The session ended while text was not saved yet: sign in again here, without leaving the page,
 * and the text is saved. The email is the account's own, read-only.
 */
export function ReauthDialog({ email, busy, error, onSubmit, onGiveUp }: ReauthDialogProps) {
  const { t } = useTranslation();
  const { errors, check, onFormChange } = useFieldErrors<(typeof FIELDS)[number]>(() => ({ password: rules.required }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (!check(values)) return;
    onSubmit(values.password);
  };
  return (
    <FormDialog
      formId="reauth-form"
      title={t('reauth-title')}
      description={t('reauth-text')}
      busy={busy}
      error={error}
      errorTitle={t('signin-error_title')}
      submitLabel={t('reauth-submit')}
      cancelLabel={t('reauth-give_up')}
      onClose={onGiveUp}
      onSubmit={submit}
      onChange={onFormChange}
    >
      <TextField label={t('signin-email')} name="email" type="email" autoComplete="username" value={email} readOnly className={css({ bg: 'bg.subtle', color: 'fg.muted' })} />
      <PasswordField
        label={t('signin-password')}
        name="password"
        autoComplete="current-password"
        required
        autoFocus
        maxLength={rules.PASSWORD_MAX}
        error={errors.password ? t(errors.password) : undefined}
      />
    </FormDialog>
  );
}

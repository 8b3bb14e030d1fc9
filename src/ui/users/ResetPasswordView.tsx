import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { PasswordField } from '../components/PasswordField';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import { AccountStatusCard } from './AccountStatusCard';

type ResetPasswordViewProps =
  | {
      status: 'form';
      submitting: boolean;
      error: string | null;
      /** The refusal's per-field details (400): a weak password's advice under its input. */
      errorDetails?: unknown;
      onSubmit: (values: { password: string }) => void;
    }
  | { status: 'done'; message: string | null }
  /** 410: the link was used or is more than an hour old; `missing`: no token in the address. */
  | { status: 'expired' }
  | { status: 'missing' };

const FIELDS = ['password', 'confirmation'] as const;

export function ResetPasswordView(props: ResetPasswordViewProps) {
  const { t } = useTranslation();
  const primaryLink = cx(button({ size: 'lg', fullWidth: true }));
  if (props.status === 'done') {
    return (
      <AccountStatusCard tone="success" title={t('reset-done_title')} actions={<Link href="/sign-in" className={primaryLink}>{t('reset-go_sign_in')}</Link>}>
        <p>{props.message || t('reset-done_text')}</p>
      </AccountStatusCard>
    );
  }
  if (props.status === 'expired' || props.status === 'missing') {
    return (
      <AccountStatusCard
        tone={props.status === 'expired' ? 'expired' : 'error'}
        title={t(`reset-${props.status}_title`)}
        actions={<Link href="/forgot-password" className={primaryLink}>{t('reset-ask_new_link')}</Link>}
      >
        <p>{t(`reset-${props.status}_text`)}</p>
      </AccountStatusCard>
    );
  }
  return <ResetPasswordForm {...props} />;
}

function ResetPasswordForm({ submitting, error, errorDetails, onSubmit }: Extract<ResetPasswordViewProps, { status: 'form' }>) {
  const { t } = useTranslation();
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>(
    (values) => ({
      password: rules.password,
      confirmation: rules.confirmation(values.password),
    }),
    { error, details: errorDetails },
  );
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (check(values)) onSubmit({ password: values.password });
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('reset-title')}</CardTitle>
        <CardDescription>{t('reset-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {refusal ? <Alert status="error" title={t('reset-error_title')}>{refusal}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <PasswordField
              label={t('reset-new_password')}
              name="password"
              autoComplete="new-password"
              required
              maxLength={rules.PASSWORD_MAX}
              helperText={t('form-password_rule')}
              error={fieldError('password')}
              strength={{}}
            />
            <PasswordField
              label={t('form-password_confirmation')}
              name="confirmation"
              autoComplete="new-password"
              required
              maxLength={rules.PASSWORD_MAX}
              error={fieldError('confirmation')}
            />
          </fieldset>
        </CardBody>
        <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
          <Button type="submit" size="lg" fullWidth disabled={submitting}>
            {submitting ? <Spinner size="sm" label={t('reset-submitting')} /> : null}
            {submitting ? t('reset-submitting') : t('reset-submit')}
          </Button>
        </CardFooter>
      </form>
    </CardRoot>
  );
}

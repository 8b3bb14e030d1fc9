import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import { AccountStatusCard } from './AccountStatusCard';

type ForgotPasswordViewProps =
  | { status: 'form'; submitting: boolean; error: string | null; onSubmit: (values: { email: string }) => void }
  | { status: 'sent'; message: string | null };

export function ForgotPasswordView(props: ForgotPasswordViewProps) {
  const { t } = useTranslation();
  if (props.status === 'sent') {
    return (
      <AccountStatusCard tone="sent" title={t('forgot-sent_title')} actions={<Link href="/sign-in">{t('forgot-back_to_sign_in')}</Link>}>
        <p>{props.message || t('forgot-sent_text')}</p>
        <p>{t('forgot-sent_hint')}</p>
      </AccountStatusCard>
    );
  }
  return <ForgotPasswordForm {...props} />;
}

function ForgotPasswordForm({ submitting, error, onSubmit }: Extract<ForgotPasswordViewProps, { status: 'form' }>) {
  const { t } = useTranslation();
  const { errors, check, onFormChange } = useFieldErrors<'email'>(() => ({ email: rules.email }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, ['email'] as const);
    if (check(values)) onSubmit({ email: values.email.trim() });
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('forgot-title')}</CardTitle>
        <CardDescription>{t('forgot-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {error ? <Alert status="error" title={t('forgot-error_title')}>{error}</Alert> : null}
          <fieldset disabled={submitting} className={css({ border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField
              label={t('signin-email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              error={errors.email ? t(errors.email) : undefined}
            />
          </fieldset>
        </CardBody>
        <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
          <Button type="submit" size="lg" fullWidth disabled={submitting}>
            {submitting ? <Spinner size="sm" label={t('forgot-submitting')} /> : null}
            {submitting ? t('forgot-submitting') : t('forgot-submit')}
          </Button>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
            <Link href="/sign-in">{t('forgot-back_to_sign_in')}</Link>
          </p>
        </CardFooter>
      </form>
    </CardRoot>
  );
}

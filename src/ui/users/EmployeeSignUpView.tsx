import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { PasswordField } from '../components/PasswordField';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';
import { AccountStatusCard } from './AccountStatusCard';

export type Invitation = { email: string; role: 'manager' | 'employee'; company: { name: string } };

/** Why an invitation link cannot be used: missing from the address, unknown, expired or revoked, already used, or unreachable. */
export type InvitationProblem = 'missing' | 'notFound' | 'expired' | 'used' | 'error';

export type EmployeeSignUpValues = { username: string; password: string };

type EmployeeSignUpViewProps =
  | { status: 'loading' }
  | { status: 'invalid'; problem: InvitationProblem; message?: string | null; onRetry?: () => void }
  | {
      status: 'form';
      invitation: Invitation;
      submitting: boolean;
      error: string | null;
      /** The refusal's per-field details (400): each shown under its input. */
      errorDetails?: unknown;
      onSubmit: (values: EmployeeSignUpValues) => void;
    };

const FIELDS = ['username', 'password', 'confirmation'] as const;

export function EmployeeSignUpView(props: EmployeeSignUpViewProps) {
  const { t } = useTranslation();
  if (props.status === 'loading') {
    return (
      <CardRoot>
        <CardBody className={css({ alignItems: 'center', py: '12' })}>
          <Spinner size="lg" label={t('invitesignup-loading')} />
        </CardBody>
      </CardRoot>
    );
  }
  if (props.status === 'invalid') return <InvalidInvitation {...props} />;
  return <InvitationForm {...props} />;
}

function InvalidInvitation({ problem, message, onRetry }: { problem: InvitationProblem; message?: string | null; onRetry?: () => void }) {
  const { t } = useTranslation();
  const linkButton = cx(button({ variant: 'outline' }), css({ w: 'full' }));
  return (
    <AccountStatusCard
      tone={problem === 'expired' ? 'expired' : 'error'}
      title={t(`invitesignup-${problem}_title`)}
      actions={
        problem === 'error' && onRetry ? (
          <Button variant="outline" fullWidth onClick={onRetry}>
            {t('page-retry')}
          </Button>
        ) : problem === 'used' ? (
          <Link href="/sign-in" className={linkButton}>
            {t('invitesignup-go_sign_in')}
          </Link>
        ) : null
      }
    >
      {message ? <p>{message}</p> : null}
      <p>{t(`invitesignup-${problem}_next`)}</p>
    </AccountStatusCard>
  );
}

function InvitationForm({ invitation, submitting, error, errorDetails, onSubmit }: Extract<EmployeeSignUpViewProps, { status: 'form' }>) {
  const { t } = useTranslation();
  // The name being typed counts as easy to guess in the password meter.
  const [typedName, setTypedName] = useState('');
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>(
    (values) => ({
      username: rules.username,
      password: rules.password,
      confirmation: rules.confirmation(values.password),
    }),
    { error, details: errorDetails },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (check(values)) onSubmit({ username: values.username.trim(), password: values.password });
  };
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('invitesignup-title', { company: invitation.company.name })}</CardTitle>
        <CardDescription>{t('invitesignup-subtitle', { company: invitation.company.name, role: t(`role-${invitation.role}`) })}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {refusal ? <Alert status="error" title={t('invitesignup-submit_error_title')}>{refusal}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField label={t('invitesignup-email')} name="email" type="email" value={invitation.email} readOnly className={css({ bg: 'bg.subtle', color: 'fg.muted' })} helperText={t('invitesignup-email_help')} />
            <TextField
              label={t('signup-username')}
              name="username"
              autoComplete="username"
              required
              maxLength={rules.USERNAME_MAX}
              error={fieldError('username')}
              onInput={(event) => setTypedName(event.currentTarget.value)}
            />
            <PasswordField
              label={t('signup-password')}
              name="password"
              autoComplete="new-password"
              required
              maxLength={rules.PASSWORD_MAX}
              helperText={t('form-password_rule')}
              error={fieldError('password')}
              strength={{ userInputs: [invitation.email, typedName] }}
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
            {submitting ? <Spinner size="sm" label={t('invitesignup-submitting')} /> : null}
            {submitting ? t('invitesignup-submitting') : t('invitesignup-submit')}
          </Button>
        </CardFooter>
      </form>
    </CardRoot>
  );
}

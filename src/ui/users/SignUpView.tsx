import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { PasswordField } from '../components/PasswordField';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type SignUpValues = { username: string; email: string; password: string };

export const PASSWORD_MIN_LENGTH = 10;

type SignUpViewProps = {
  submitting: boolean;
  error: string | null;
  /** The refusal's per-field details (400): each shown under its input. */
  errorDetails?: unknown;
  onSubmit: (values: SignUpValues) => void;
};

const FIELDS = ['username', 'email', 'password'] as const;

export function SignUpView({ submitting, error, errorDetails, onSubmit }: SignUpViewProps) {
  const { t } = useTranslation();
  // Our own checks in the interface language rather than the browser's bubbles (noValidate).
  // A server refusal's details (a weak password with the estimator's advice, a too long name) land under their inputs.
  const { errors, check, onFormChange, serverErrors, refusal } = useFieldErrors<(typeof FIELDS)[number]>(
    () => ({ username: rules.username, email: rules.email, password: rules.password }),
    { error, details: errorDetails },
  );
  // The name and address being typed count as easy to guess in the password meter.
  const [person, setPerson] = useState({ username: '', email: '' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (check(values)) onSubmit({ username: values.username.trim(), email: values.email.trim(), password: values.password });
  };
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : serverErrors[name]);
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('signup-title')}</CardTitle>
        <CardDescription>{t('signup-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {refusal ? <Alert status="error" title={t('signup-error_title')}>{refusal}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField
              label={t('signup-username')}
              name="username"
              autoComplete="username"
              required
              maxLength={rules.USERNAME_MAX}
              error={fieldError('username')}
              onInput={(event) => {
                const username = event.currentTarget.value;
                setPerson((p) => ({ ...p, username }));
              }}
            />
            <TextField
              label={t('signup-email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={rules.EMAIL_MAX}
              error={fieldError('email')}
              onInput={(event) => {
                const email = event.currentTarget.value;
                setPerson((p) => ({ ...p, email }));
              }}
            />
            <PasswordField
              label={t('signup-password')}
              name="password"
              autoComplete="new-password"
              required
              minLength={rules.PASSWORD_MIN}
              maxLength={rules.PASSWORD_MAX}
              helperText={t('signup-password_rule')}
              error={fieldError('password')}
              strength={{ userInputs: [person.email, person.username] }}
            />
          </fieldset>
        </CardBody>
        <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
          <Button type="submit" size="lg" fullWidth disabled={submitting}>
            {submitting ? <Spinner size="sm" label={t('signup-submitting')} /> : null}
            {submitting ? t('signup-submitting') : t('signup-submit')}
          </Button>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
            {t('signup-have_account')} <Link href="/sign-in">{t('signup-sign_in_link')}</Link>
          </p>
        </CardFooter>
      </form>
    </CardRoot>
  );
}

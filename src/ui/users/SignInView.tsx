import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { TextField } from '../components/Field';
import { Spinner } from '../components/Spinner';
import * as rules from '../forms/rules';
import { readForm, useFieldErrors } from '../forms/use-field-errors';

export type SignInValues = { email: string; password: string; remember: boolean };

type SignInViewProps = {
  submitting: boolean;
  error: string | null;
  /** Why the last session ended (expired, revoked): said until the user signs in again. */
  ended?: string | null;
  defaultEmail?: string;
  onSubmit: (values: SignInValues) => void;
};

const FIELDS = ['email', 'password'] as const;

export function SignInView({ submitting, error, ended, defaultEmail, onSubmit }: SignInViewProps) {
  const { t } = useTranslation();
  // Our own checks in the interface language rather than the browser's bubbles (noValidate).
  const { errors, check, onFormChange } = useFieldErrors<(typeof FIELDS)[number]>(() => ({ email: rules.email, password: rules.required }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readForm(event.currentTarget, FIELDS);
    if (!check(values)) return;
    const remember = new FormData(event.currentTarget).get('remember') === 'on';
    onSubmit({ email: values.email.trim(), password: values.password, remember });
  };
  const fieldError = (name: (typeof FIELDS)[number]) => (errors[name] ? t(errors[name]) : undefined);
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('signin-title')}</CardTitle>
        <CardDescription>{t('signin-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} onChange={onFormChange} noValidate aria-busy={submitting}>
        <CardBody>
          {ended && !error ? <Alert status="warning" title={t('signin-session_ended_title')}>{ended}</Alert> : null}
          {error ? <Alert status="error" title={t('signin-error_title')}>{error}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField
              label={t('signin-email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={rules.EMAIL_MAX}
              defaultValue={defaultEmail}
              error={fieldError('email')}
            />
            <TextField
              label={t('signin-password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={rules.PASSWORD_MAX}
              error={fieldError('password')}
            />
            <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
              <Checkbox label={t('signin-remember')} name="remember" />
              <Link href="/forgot-password" className={css({ fontSize: 'sm' })}>
                {t('forgot-link')}
              </Link>
            </div>
          </fieldset>
        </CardBody>
        <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
          <Button type="submit" size="lg" fullWidth disabled={submitting}>
            {submitting ? <Spinner size="sm" label={t('signin-submitting')} /> : null}
            {submitting ? t('signin-submitting') : t('signin-submit')}
          </Button>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'center' })}>
            {t('signin-no_account')} <Link href="/manager/sign-up">{t('signin-sign_up_link')}</Link>
          </p>
        </CardFooter>
      </form>
    </CardRoot>
  );
}

type SignedInAsViewProps = {
  /** Who is signed in on this browser. */
  username: string;
  email: string;
  /** Where "continue" leads: the dashboard, or the company form of a manager who has none yet. */
  continueTo: '/dashboard' | '/create-company';
  signingOut: boolean;
  onSwitchAccount: () => void;
};

/** /sign-in when someone is already signed in (spec 2: the page is always reachable): who, and the two ways on. */
export function SignedInAsView({ username, email, continueTo, signingOut, onSwitchAccount }: SignedInAsViewProps) {
  const { t } = useTranslation();
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('signin-signed_in_title')}</CardTitle>
        <CardDescription>{t('signin-signed_in_as', { name: username, email })}</CardDescription>
      </CardHeader>
      <CardFooter className={css({ flexDirection: 'column', alignItems: 'stretch' })}>
        <Link href={continueTo} className={cx(button({ size: 'lg' }), css({ w: 'full' }))}>
          {t(continueTo === '/dashboard' ? 'signin-continue' : 'signin-continue_company')}
        </Link>
        <Button variant="outline" size="lg" fullWidth disabled={signingOut} onClick={onSwitchAccount}>
          {signingOut ? <Spinner size="sm" label={t('signin-switching')} /> : null}
          {signingOut ? t('signin-switching') : t('signin-switch_account')}
        </Button>
      </CardFooter>
    </CardRoot>
  );
}

import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { TextField } from '../components/Field';
import { Spinner } from '../components/Spinner';

export type SignInValues = { email: string; password: string; remember: boolean };

type SignInViewProps = {
  submitting: boolean;
  error: string | null;
  defaultEmail?: string;
  onSubmit: (values: SignInValues) => void;
};

export function SignInView({ submitting, error, defaultEmail, onSubmit }: SignInViewProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? ''), remember: data.get('remember') === 'on' });
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('signin-title')}</CardTitle>
        <CardDescription>{t('signin-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} aria-busy={submitting}>
        <CardBody>
          {error ? <Alert status="error" title={t('signin-error_title')}>{error}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField label={t('signin-email')} name="email" type="email" autoComplete="email" required defaultValue={defaultEmail} />
            <TextField label={t('signin-password')} name="password" type="password" autoComplete="current-password" required />
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

import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardFooter, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { TextField } from '../components/Field';
import { Spinner } from '../components/Spinner';

export type SignUpValues = { username: string; email: string; password: string };

export const PASSWORD_MIN_LENGTH = 10;

type SignUpViewProps = {
  submitting: boolean;
  error: string | null;
  onSubmit: (values: SignUpValues) => void;
};

export function SignUpView({ submitting, error, onSubmit }: SignUpViewProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      username: String(data.get('username') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    });
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle as="h1">{t('signup-title')}</CardTitle>
        <CardDescription>{t('signup-subtitle')}</CardDescription>
      </CardHeader>
      <form onSubmit={submit} aria-busy={submitting}>
        <CardBody>
          {error ? <Alert status="error" title={t('signup-error_title')}>{error}</Alert> : null}
          <fieldset disabled={submitting} className={css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: 0, m: 0, minW: 0 })}>
            <TextField label={t('signup-username')} name="username" autoComplete="username" required minLength={2} maxLength={50} />
            <TextField label={t('signup-email')} name="email" type="email" autoComplete="email" required maxLength={254} />
            <TextField
              label={t('signup-password')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={128}
              helperText={t('signup-password_rule')}
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

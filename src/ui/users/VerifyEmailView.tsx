import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Button } from '../components/Button';
import { CardBody, CardRoot } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { AccountStatusCard } from './AccountStatusCard';

type VerifyEmailViewProps =
  | { status: 'loading' }
  | { status: 'success'; message: string | null; signedIn: boolean }
  /** expired: 410; invalid: unknown token or none in the address; error: no answer, may be retried. */
  | { status: 'expired' | 'invalid'; message?: string | null; signedIn: boolean }
  | { status: 'error'; message: string; onRetry: () => void };

export function VerifyEmailView(props: VerifyEmailViewProps) {
  const { t } = useTranslation();
  if (props.status === 'loading') {
    return (
      <CardRoot>
        <CardBody className={css({ alignItems: 'center', py: '12' })}>
          <Spinner size="lg" label={t('verify-loading')} />
        </CardBody>
      </CardRoot>
    );
  }
  if (props.status === 'error') {
    return (
      <AccountStatusCard tone="error" title={t('verify-error_title')} actions={<Button variant="outline" onClick={props.onRetry}>{t('page-retry')}</Button>}>
        <p>{props.message}</p>
      </AccountStatusCard>
    );
  }
  // Signed-in users resend from their profile page; others sign in first.
  const next = props.signedIn ? { href: '/dashboard', label: t('verify-go_dashboard') } : { href: '/sign-in', label: t('verify-go_sign_in') };
  const action = (
    <Link href={next.href} className={cx(button({ size: 'lg', fullWidth: true }))}>
      {next.label}
    </Link>
  );
  if (props.status === 'success') {
    return (
      <AccountStatusCard tone="success" title={t('verify-success_title')} actions={action}>
        <p>{props.message || t('verify-success_text')}</p>
      </AccountStatusCard>
    );
  }
  return (
    <AccountStatusCard tone={props.status === 'expired' ? 'expired' : 'error'} title={t(`verify-${props.status}_title`)} actions={action}>
      {props.message ? <p>{props.message}</p> : null}
      <p>{t('verify-resend_hint')}</p>
    </AccountStatusCard>
  );
}

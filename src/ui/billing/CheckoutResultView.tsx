import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CircleAlert, CircleCheck, Clock, CreditCard, Loader } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Button } from '../components/Button';
import { formatDate } from '../format';

type CheckoutStatus = components['schemas']['CheckoutStatus'];
export type CheckoutFailure = 'start' | 'refused' | 'expired' | 'status' | 'timeout';

/**
 * What the return page shows: the checkout statechart's state once back from Stripe (returned,
 * confirming, active, failed), or why there is nothing to follow (no session id in the address,
 * no company on the account).
 */
export type CheckoutResultState = 'returned' | 'confirming' | 'active' | 'failed' | 'noSession' | 'noCompany';

export type CheckoutResultViewProps = {
  state: CheckoutResultState;
  failure: CheckoutFailure | null;
  /** The server's msg when the status could not be read. */
  error: string | null;
  /** The last status read: the plan and, once applied, the company's billing. */
  status: CheckoutStatus | null;
  /** The billing page of the company (/billing/{companyId}), or /billing. */
  billingHref: string;
  onCheckAgain: () => void;
};

const box = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '4', py: { base: '8', md: '14' }, px: '4', maxW: '40rem', mx: 'auto' });
const iconBox = css({ w: '14', h: '14', borderRadius: 'full', display: 'grid', placeItems: 'center' });

/** /billing/success: the payment is followed until the webhook has made the plan active. */
export function CheckoutResultView({ state, failure, error, status, billingHref, onCheckAgain }: CheckoutResultViewProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const planName = status ? (status.billing.plans.find((p) => p.code === status.plan)?.name ?? status.billing.plan.name) : '';
  let icon: ReactNode;
  let tone: 'accent' | 'success' | 'warning' | 'danger';
  let title: string;
  let text: ReactNode;
  let actions: ReactNode = null;
  const back = (primary: boolean, label = t('billing-back')) => (
    <Link href={billingHref} className={cx(button({ variant: primary ? 'solid' : 'outline' }), css({ textDecoration: 'none' }))}>
      {label}
    </Link>
  );
  switch (state) {
    case 'returned':
    case 'confirming':
      icon = <Loader size={28} className={css({ animation: 'spin 1.2s linear infinite', _motionReduce: { animation: 'none' } })} />;
      tone = 'accent';
      title = t('billing-success_waiting');
      text = (
        <>
          <span>{t('billing-success_waiting_text')}</span>
          <span role="progressbar" aria-label={t('billing-success_progress')} className={css({ display: 'block', w: 'full', maxW: '20rem', h: '1.5', mx: 'auto', mt: '3', bg: 'bg.emphasized', borderRadius: 'full', overflow: 'hidden', position: 'relative' })}>
            <span className={css({ position: 'absolute', insetY: '0', insetStart: '0', w: '2/5', bg: 'accent.default', borderRadius: 'full', animation: 'skeletonPulse 1.4s ease-in-out infinite', _motionReduce: { animation: 'none' } })} />
          </span>
        </>
      );
      break;
    case 'active': {
      const billing = status?.billing;
      icon = <CircleCheck size={28} />;
      tone = 'success';
      title = t('billing-success_active', { plan: planName });
      text = (
        <>
          <span>{t('billing-success_active_text', { plan: planName, cycle: t(`billing-cycle_${status?.cycle ?? 'monthly'}`) })}</span>
          {billing?.renewsAt ? <span className={css({ display: 'block', mt: '1' })}>{t('billing-success_renews', { date: formatDate(billing.renewsAt, lng) })}</span> : null}
        </>
      );
      actions = back(true, t('billing-success_invoices'));
      break;
    }
    case 'noSession':
      icon = <CreditCard size={28} />;
      tone = 'accent';
      title = t('billing-success_no_session_title');
      text = t('billing-success_no_session_text');
      actions = back(true);
      break;
    case 'noCompany':
      icon = <CreditCard size={28} />;
      tone = 'accent';
      title = t('billing-success_no_session_title');
      text = t('billing-success_no_company');
      actions = (
        <Link href="/dashboard" className={cx(button({ variant: 'outline' }), css({ textDecoration: 'none' }))}>
          {t('comingsoon-back_dashboard')}
        </Link>
      );
      break;
    default:
      if (failure === 'timeout') {
        icon = <Clock size={28} />;
        tone = 'warning';
        title = t('billing-success_timeout_title');
        text = t('billing-success_timeout_text');
        actions = (
          <>
            <Button onClick={onCheckAgain}>{t('billing-success_check_again')}</Button>
            {back(false)}
          </>
        );
      } else {
        icon = <CircleAlert size={28} />;
        tone = 'danger';
        title = t(failure === 'expired' ? 'billing-success_expired_title' : failure === 'refused' ? 'billing-success_refused_title' : 'billing-success_unreadable_title');
        text = failure === 'expired' ? t('billing-success_expired_text') : failure === 'refused' ? t('billing-success_refused_text') : error;
        actions = (
          <>
            {failure === 'status' ? <Button onClick={onCheckAgain}>{t('billing-success_check_again')}</Button> : null}
            {back(failure !== 'status')}
          </>
        );
      }
  }
  const colours = { accent: { bg: 'accent.subtle', color: 'accent.text' }, success: { bg: 'success.subtle', color: 'success.text' }, warning: { bg: 'warning.subtle', color: 'warning.text' }, danger: { bg: 'danger.subtle', color: 'danger.text' } }[tone];
  return (
    <div className={box}>
      <span className={cx(iconBox, css(colours))} aria-hidden="true">
        {icon}
      </span>
      {/* One live region for the whole outcome: "activation en cours…", then the active plan or why not. */}
      <div role="status" aria-live="polite" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{title}</h1>
        <p className={css({ color: 'fg.muted' })}>{text}</p>
      </div>
      {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '3', mt: '2' })}>{actions}</div> : null}
    </div>
  );
}

/** /billing/cancel: the customer left Stripe's page; nothing was charged, and what they can do next. */
export function CheckoutCancelView({ billingHref }: { billingHref: string }) {
  const { t } = useTranslation();
  return (
    <div className={box}>
      <span className={cx(iconBox, css({ bg: 'bg.subtle', color: 'fg.muted' }))} aria-hidden="true">
        <CreditCard size={28} />
      </span>
      <div role="status" className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('billing-cancel_title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('billing-cancel_text')}</p>
      </div>
      <p className={css({ color: 'fg.muted' })}>{t('billing-cancel_next')}</p>
      <Link href={billingHref} className={cx(button(), css({ textDecoration: 'none', mt: '2' }))}>
        {t('billing-back')}
      </Link>
    </div>
  );
}

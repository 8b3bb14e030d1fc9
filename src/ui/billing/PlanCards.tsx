import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css, cx } from 'styled-system/css';
import { Check, Minus } from 'lucide-react';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { formatDate, formatNumber } from '../format';
import { formatFileSize } from '../format-size';
import { daysLeft, formatMoney, usageLevel } from './billing-format';

type Billing = components['schemas']['Billing'];
type BillingPlan = components['schemas']['BillingPlan'];
type Cycle = components['schemas']['BillingCycle'];
type LimitKey = keyof BillingPlan['limits'];

export const LIMITS: { key: LimitKey; label: string }[] = [
  { key: 'users', label: 'billing-usage_users' },
  { key: 'activeTenders', label: 'billing-usage_active_tenders' },
  { key: 'analysesPerMonth', label: 'billing-usage_analyses' },
  { key: 'storageBytes', label: 'billing-usage_storage' },
];

const STATUS_TONE = { trialing: 'accent', active: 'success', past_due: 'danger', canceled: 'neutral' } as const;

/** The plan that applies now, its status and what comes next (renewal, end of trial); titled "your plan" unless told otherwise (an admin's, with the company's name). */
export function CurrentPlanCard({ billing, now, title }: { billing: Billing; now: number; title?: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const trialPlan = billing.plans.find((p) => p.code === billing.subscribedPlan)?.name ?? billing.plan.name;
  let next: string;
  if (billing.status === 'trialing' && billing.trialEndsAt) {
    const left = daysLeft(billing.trialEndsAt, now);
    next = left > 0 ? t('billing-trial_left', { count: left, plan: trialPlan, date: formatDate(billing.trialEndsAt, lng) }) : t('billing-trial_over');
  } else if (billing.plan.code === 'free' || !billing.renewsAt) {
    next = t('billing-no_renewal');
  } else if (billing.status === 'canceled') {
    next = t('billing-ends', { date: formatDate(billing.renewsAt, lng) });
  } else {
    next = t('billing-renews', { date: formatDate(billing.renewsAt, lng), cycle: t(`billing-cycle_${billing.cycle}`) });
  }
  return (
    <CardRoot aria-labelledby="billing-current-title">
      <CardHeader>
        <CardTitle id="billing-current-title">{title ?? t('billing-current_title')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
          <p className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{t('billing-plan_name', { plan: billing.plan.name })}</p>
          <Badge tone={STATUS_TONE[billing.status]} dot>
            {t(`billing-status_${billing.status}`)}
          </Badge>
        </div>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{next}</p>
        {billing.status === 'past_due' ? <p className={css({ color: 'danger.text', fontSize: 'sm', fontWeight: 'medium' })}>{t('billing-past_due_text')}</p> : null}
      </CardBody>
    </CardRoot>
  );
}

/** A usage against its limit, in the unit people read it in (a size for storage). */
function amount(key: LimitKey, value: number, lng: string) {
  return key === 'storageBytes' ? formatFileSize(value, lng) : formatNumber(value, lng);
}

const LEVEL_COLOUR = { ok: 'accent.default', near: 'warning.text', over: 'danger.default' } as const;

/** One bar per limit; "illimité" without a limit; near (80 %) and over the limit say so in words and colour. */
export function UsageCard({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <CardRoot aria-labelledby="billing-usage-title">
      <CardHeader>
        <CardTitle id="billing-usage-title">{t('billing-usage_title')}</CardTitle>
      </CardHeader>
      <CardBody>
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', p: '0', m: '0' })}>
          {LIMITS.map(({ key, label }) => {
            const used = billing.usage[key];
            const limit = billing.plan.limits[key];
            const level = usageLevel(used, limit);
            const id = `usage-${key}`;
            const value = limit === null ? t('billing-usage_unlimited', { used: amount(key, used, lng) }) : t('billing-usage_value', { used: amount(key, used, lng), limit: amount(key, limit, lng) });
            return (
              <li key={key} data-testid={id} className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
                <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
                  <span id={`${id}-label`} className={css({ fontWeight: 'medium' })}>
                    {t(label)}
                  </span>
                  <span className={css({ color: level === 'ok' ? 'fg.muted' : level === 'near' ? 'warning.text' : 'danger.text', fontWeight: level === 'ok' ? 'normal' : 'medium' })}>
                    {value}
                    {level !== 'ok' ? ` · ${t(level === 'near' ? 'billing-usage_near' : 'billing-usage_over')}` : null}
                  </span>
                </div>
                {limit !== null ? (
                  <div
                    role="meter"
                    aria-labelledby={`${id}-label`}
                    aria-valuemin={0}
                    aria-valuemax={limit}
                    aria-valuenow={Math.min(used, limit)}
                    aria-valuetext={value}
                    data-level={level}
                    className={css({ h: '2', bg: 'bg.emphasized', borderRadius: 'full', overflow: 'hidden' })}
                  >
                    <div className={css({ h: 'full', borderRadius: 'full', bg: LEVEL_COLOUR[level] })} style={{ width: `${Math.min(100, limit === 0 ? 100 : (used / limit) * 100)}%` }} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardBody>
    </CardRoot>
  );
}

const OPEN_INVOICE_NOTICE = 'billing-open-invoice-notice';

/** Why ordering by transfer is off: the invoice awaiting payment, what to do, and a link to it in the invoices. */
function OpenInvoiceNotice({ invoice }: { invoice: NonNullable<Billing['openInvoice']> }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <div id={OPEN_INVOICE_NOTICE} className={css({ mb: '4' })}>
      <Alert
        status="warning"
        title={
          // A card payment short of the price: received, but the plan it was for is not on (issue 24).
          invoice.amountPaid > 0
            ? t('billing-open_invoice_partial_title', { paid: formatMoney(invoice.amountPaid, lng), total: formatMoney(invoice.totalInclVat, lng) })
            : t('billing-open_invoice_title', { number: invoice.number })
        }
      >
        <p>
          {t(invoice.amountPaid > 0 ? 'billing-open_invoice_partial' : 'billing-open_invoice_text', {
            number: invoice.number,
            amount: formatMoney(invoice.totalInclVat - invoice.amountPaid, lng),
            due: formatDate(invoice.dueDate, lng),
            reference: invoice.paymentReference,
          })}
        </p>
        <a href="#billing-invoices" className={css({ color: 'accent.text', textDecoration: 'underline' })}>
          {t('billing-open_invoice_link', { number: invoice.number })}
        </a>
      </Alert>
    </div>
  );
}

export type PlanActions = {
  /** A manager of the company: card (when the server takes cards) and bank transfer. */
  canOrder: boolean;
  /** An admin: sets a plan by hand with a reason. */
  canSetPlan: boolean;
  busy: boolean;
  onCard: (plan: BillingPlan, cycle: Cycle) => void;
  onTransfer: (plan: BillingPlan, cycle: Cycle) => void;
  onSetPlan: (plan: BillingPlan, cycle: Cycle) => void;
};

/** The three plans side by side, monthly or yearly prices, limits, AI features, and what the caller may do with each. */
export function PlanComparison({ billing, cycle, onCycle, actions, notice }: { billing: Billing; cycle: Cycle; onCycle: (cycle: Cycle) => void; actions: PlanActions; notice?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const current = (plan: BillingPlan) => plan.code === billing.plan.code && billing.status !== 'trialing' && (plan.code === 'free' || billing.cycle === cycle);
  return (
    <CardRoot aria-labelledby="billing-plans-title">
      <CardHeader className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' })}>
        <div>
          <CardTitle id="billing-plans-title">{t('billing-plans_title')}</CardTitle>
          <CardDescription>{t('billing-plans_intro')}</CardDescription>
        </div>
        <fieldset className={css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1' })}>
          <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1' })}>{t('billing-cycle_legend')}</legend>
          <div className={css({ display: 'inline-flex', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', p: '0.5', bg: 'bg.subtle' })}>
            {(['monthly', 'yearly'] as const).map((option) => (
              <label
                key={option}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  px: '3',
                  h: '8',
                  fontSize: 'sm',
                  borderRadius: 'sm',
                  cursor: 'pointer',
                  color: 'fg.default',
                  '&:has(input:checked)': { bg: 'bg.default', fontWeight: 'semibold', boxShadow: 'card' },
                  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
                })}
              >
                <input type="radio" name="billing-cycle" value={option} checked={cycle === option} onChange={() => onCycle(option)} className={css({ srOnly: true })} />
                {t(`billing-cycle_option_${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {notice}
        {actions.canOrder && billing.openInvoice ? <OpenInvoiceNotice invoice={billing.openInvoice} /> : null}
        <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4', listStyle: 'none', p: '0', m: '0' })}>
          {billing.plans.map((plan) => {
            const isCurrent = current(plan);
            const price = cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice;
            return (
              <li
                key={plan.code}
                aria-labelledby={`plan-${plan.code}-name`}
                className={cx(
                  css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderRadius: 'lg', borderColor: 'border.default', bg: 'bg.default' }),
                  isCurrent ? css({ borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)' }) : undefined,
                )}
              >
                <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
                  <h3 id={`plan-${plan.code}-name`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                    {plan.name}
                  </h3>
                  {isCurrent ? <Badge tone="accent">{t('billing-current_plan')}</Badge> : null}
                </div>
                <p className={css({ fontSize: 'md', fontWeight: 'medium' })}>{t(cycle === 'yearly' ? 'billing-price_year' : 'billing-price_month', { price: formatMoney(price, lng) })}</p>
                <dl className={css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '1.5', fontSize: 'sm', m: '0', '& dd': { m: '0', textAlign: 'end', fontWeight: 'medium' }, '& dt': { color: 'fg.muted' } })}>
                  {LIMITS.map(({ key, label }) => (
                    <Fragment key={key}>
                      <dt>{t(label)}</dt>
                      <dd>{plan.limits[key] === null ? t('billing-unlimited') : amount(key, plan.limits[key]!, lng)}</dd>
                    </Fragment>
                  ))}
                  <dt>{t('billing-llm_features')}</dt>
                  <dd className={css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1' })}>
                    {plan.llmFeatures ? <Check size={14} aria-hidden="true" className={css({ color: 'success.text' })} /> : <Minus size={14} aria-hidden="true" className={css({ color: 'fg.muted' })} />}
                    {t(plan.llmFeatures ? 'billing-llm_yes' : 'billing-llm_no')}
                  </dd>
                </dl>
                <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', mt: 'auto' })}>
                  {actions.canOrder && plan.code !== 'free' && !isCurrent ? (
                    <>
                      {billing.cardPayments ? (
                        <Button aria-label={t('billing-pay_card_named', { plan: plan.name })} disabled={actions.busy} onClick={() => actions.onCard(plan, cycle)} fullWidth>
                          {t('billing-pay_card')}
                        </Button>
                      ) : null}
                      {/* The server refuses an order while an invoice awaits payment (409): said here, before the dialog. */}
                      <Button
                        variant="outline"
                        aria-label={t('billing-pay_transfer_named', { plan: plan.name })}
                        aria-describedby={billing.openInvoice ? OPEN_INVOICE_NOTICE : undefined}
                        disabled={actions.busy || !!billing.openInvoice}
                        onClick={() => actions.onTransfer(plan, cycle)} fullWidth>
                        {t('billing-pay_transfer')}
                      </Button>
                    </>
                  ) : null}
                  {actions.canSetPlan && !isCurrent ? (
                    <Button variant="outline" disabled={actions.busy} onClick={() => actions.onSetPlan(plan, cycle)} fullWidth>
                      {t('billing-set_plan_named', { plan: plan.name })}
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </CardBody>
    </CardRoot>
  );
}

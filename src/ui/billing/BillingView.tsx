import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreditCard, ExternalLink } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { FormDialog } from '../components/FormDialog';
import { PageHeading, type ListState } from '../components/ListFrame';
import { Skeleton } from '../components/Skeleton';
import { Spinner } from '../components/Spinner';
import { Textarea } from '../components/Textarea';
import { field } from 'styled-system/recipes/field';
import { BillingDetailsForm, type BillingDetails } from './BillingDetailsForm';
import { InvoicesTable, type Invoice } from './InvoicesTable';
import { CurrentPlanCard, PlanComparison, UsageCard } from './PlanCards';
import { formatMoney } from './billing-format';
import { LoadFailed } from '../components/LoadFailed';
import type { BillingDialog } from '../../machines/billing.machine';

export type Billing = components['schemas']['Billing'];
export type BillingPlan = components['schemas']['BillingPlan'];
export type BillingCycle = components['schemas']['BillingCycle'];

/** The dialog open on the page: each asks before a write (billing statechart). */
export type { BillingDialog };

/** Where the card checkout started from this page stands (checkout statechart: idle, redirecting, failed). */
export type CheckoutStart = { state: 'idle' | 'redirecting' | 'failed'; error: string | null };

export type BillingViewProps = {
  state: 'loading' | 'failed' | 'ready';
  billing: Billing | null;
  loadError: string | null;
  /** An admin sets plans by hand, marks invoices paid and issues credit notes; a manager orders. */
  admin: boolean;
  /** The company's name, for an admin (their plan card is titled with it); null while unknown or for its own staff. */
  companyName?: string | null;
  /** Now, in ms (the trial's days left). */
  now: number;
  checkout: CheckoutStart;
  dialog: BillingDialog | null;
  dialogBusy: boolean;
  dialogError: string | null;
  details: { busy: boolean; error: string | null; errorDetails?: unknown };
  invoices: ListState<Invoice>;
  portal: { busy: boolean; error: string | null };
  onRetry: () => void;
  onCard: (plan: BillingPlan, cycle: BillingCycle) => void;
  onDismissCheckout: () => void;
  onDialog: (dialog: BillingDialog) => void;
  onCloseDialog: () => void;
  onConfirmTransfer: () => void;
  onSetPlan: (reason: string) => void;
  onMarkPaid: () => void;
  onCredit: (reason: string) => void;
  onSaveDetails: (details: BillingDetails) => void;
  onInvoicesPage: (page: number) => void;
  onInvoicesRetry: () => void;
  onPortal: () => void;
};

/** /billing/{companyId}: plan, usage, plans to compare and change, billing details, invoices, payment method. */
export function BillingView(props: BillingViewProps) {
  const { t } = useTranslation();
  const { billing } = props;
  const [cycle, setCycle] = useState<BillingCycle>(billing?.cycle ?? 'monthly');
  const [shownFor, setShownFor] = useState(billing?.companyId);
  // The first billing loaded sets the toggle to the company's own cycle.
  if (billing && billing.companyId !== shownFor) {
    setShownFor(billing.companyId);
    setCycle(billing.cycle);
  }
  const column = css({ display: 'flex', flexDirection: 'column', gap: '6' });
  let body;
  if (props.state === 'failed' && !billing) {
    body = (
      <LoadFailed title={t('billing-load_error')} message={props.loadError} onRetry={props.onRetry} />
    );
  } else if (!billing) {
    body = (
      <div className={css({ bg: 'bg.default', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '5' })}>
        <Skeleton lines={6} label={t('billing-loading')} widths={['60%', '90%', '80%', '95%', '70%', '85%']} />
      </div>
    );
  } else {
    const manager = billing.canManage && !props.admin;
    body = (
      <div className={column}>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '2fr 3fr' }, gap: '6', alignItems: 'start' })}>
          <CurrentPlanCard billing={billing} now={props.now} title={props.admin ? props.companyName || t('billing-current_title_admin') : undefined} />
          <UsageCard billing={billing} />
        </div>
        <PlanComparison
          billing={billing}
          cycle={cycle}
          onCycle={setCycle}
          notice={<CheckoutNotice billing={billing} manager={manager} checkout={props.checkout} onDismiss={props.onDismissCheckout} />}
          actions={{
            canOrder: manager,
            canSetPlan: props.admin,
            busy: props.checkout.state === 'redirecting' || props.dialogBusy,
            onCard: props.onCard,
            onTransfer: (plan, c) => props.onDialog({ kind: 'transfer', plan, cycle: c }),
            onSetPlan: (plan, c) => props.onDialog({ kind: 'setPlan', plan, cycle: c }),
          }}
        />
        {billing.canManage ? (
          <>
            <PaymentCard billing={billing} manager={manager} portal={props.portal} onPortal={props.onPortal} />
            {billing.details ? <BillingDetailsForm key={JSON.stringify(billing.details)} details={billing.details} busy={props.details.busy} error={props.details.error} errorDetails={props.details.errorDetails} onSave={props.onSaveDetails} /> : null}
            <InvoicesTable
              list={props.invoices}
              admin={props.admin}
              busy={props.dialogBusy}
              onPage={props.onInvoicesPage}
              onRetry={props.onInvoicesRetry}
              onMarkPaid={(invoice) => props.onDialog({ kind: 'markPaid', invoice })}
              onCredit={(invoice) => props.onDialog({ kind: 'credit', invoice })}
            />
          </>
        ) : (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('billing-employee_note')}</p>
        )}
      </div>
    );
  }
  return (
    <div className={column}>
      <PageHeading title={t('billing-title')} description={t('billing-intro')} />
      {body}
      <Dialogs {...props} />
    </div>
  );
}

/** The card checkout's progress (a role=status region) or its refusal; without cards, why. */
function CheckoutNotice({ billing, manager, checkout, onDismiss }: { billing: Billing; manager: boolean; checkout: CheckoutStart; onDismiss: () => void }) {
  const { t } = useTranslation();
  if (!manager) return null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div role="status" aria-live="polite" className={css({ _empty: { display: 'none' } })}>
        {checkout.state === 'redirecting' ? (
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', fontWeight: 'medium' })}>
            <Spinner size="sm" label={t('common-loading')} />
            {t('billing-redirecting')}
          </span>
        ) : null}
      </div>
      {checkout.state === 'failed' ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
          <Alert status="error" title={t('billing-checkout_failed_title')}>
            {checkout.error}
          </Alert>
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {t('dialog-close')}
          </Button>
        </div>
      ) : null}
      {!billing.cardPayments ? <Alert status="info">{t('billing-cards_unavailable')}</Alert> : null}
    </div>
  );
}

function PaymentCard({ billing, manager, portal, onPortal }: { billing: Billing; manager: boolean; portal: BillingViewProps['portal']; onPortal: () => void }) {
  const { t } = useTranslation();
  const method = billing.paymentMethod;
  return (
    <CardRoot aria-labelledby="billing-payment-title">
      <CardHeader>
        <CardTitle id="billing-payment-title">{t('billing-payment_title')}</CardTitle>
        {manager && billing.cardSubscription ? <CardDescription>{t('billing-portal_help')}</CardDescription> : null}
      </CardHeader>
      <CardBody className={css({ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <p className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <CreditCard size={18} aria-hidden="true" className={css({ color: 'fg.muted' })} />
          {!method ? t('billing-payment_none') : method.type === 'card' ? t('billing-payment_card', { summary: method.summary }) : method.summary}
        </p>
        {manager && billing.cardSubscription && billing.cardPayments ? (
          <Button variant="outline" onClick={onPortal} disabled={portal.busy} aria-busy={portal.busy || undefined}>
            {portal.busy ? <Spinner size="sm" label={t('common-loading')} /> : <ExternalLink aria-hidden="true" />}
            {t('billing-portal')}
          </Button>
        ) : null}
        {portal.error ? (
          <div className={css({ flexBasis: '100%' })}>
            <Alert status="error">{portal.error}</Alert>
          </div>
        ) : null}
      </CardBody>
    </CardRoot>
  );
}

const REASON_MAX = 500;
const validReason = (reason: string) => reason.trim().length >= 3 && reason.trim().length <= REASON_MAX;

function Dialogs({ dialog, dialogBusy, dialogError, onCloseDialog, onConfirmTransfer, onSetPlan, onMarkPaid, onCredit }: BillingViewProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  if (!dialog) return null;
  if (dialog.kind === 'transfer') {
    const price = dialog.cycle === 'yearly' ? dialog.plan.yearlyPrice : dialog.plan.monthlyPrice;
    return (
      <ConfirmDialog
        open
        title={t('billing-transfer_title', { plan: dialog.plan.name })}
        description={t('billing-transfer_text', { price: t(dialog.cycle === 'yearly' ? 'billing-price_year' : 'billing-price_month', { price: formatMoney(price, lng) }), cycle: t(`billing-cycle_${dialog.cycle}`) })}
        confirmLabel={t('billing-transfer_confirm')}
        busy={dialogBusy}
        error={dialogError}
        onConfirm={onConfirmTransfer}
        onClose={onCloseDialog}
      />
    );
  }
  if (dialog.kind === 'markPaid') {
    return (
      <ConfirmDialog
        open
        title={t('billing-mark_paid_title', { number: dialog.invoice.number })}
        description={t('billing-mark_paid_text', { amount: formatMoney(dialog.invoice.totalInclVat, lng) })}
        confirmLabel={t('billing-mark_paid')}
        busy={dialogBusy}
        error={dialogError}
        onConfirm={onMarkPaid}
        onClose={onCloseDialog}
      />
    );
  }
  return dialog.kind === 'setPlan' ? (
    <ReasonDialog
      id="billing-set-plan"
      title={t('billing-set_plan_title', { plan: dialog.plan.name })}
      description={t('billing-set_plan_text')}
      submitLabel={t('billing-set_plan_submit')}
      busy={dialogBusy}
      error={dialogError}
      onClose={onCloseDialog}
      onSubmit={onSetPlan}
    />
  ) : (
    <ReasonDialog
      id="billing-credit"
      title={t('billing-credit_title', { number: dialog.invoice.number })}
      description={t('billing-credit_text')}
      submitLabel={t('billing-credit_submit')}
      busy={dialogBusy}
      error={dialogError}
      onClose={onCloseDialog}
      onSubmit={onCredit}
    />
  );
}

/** A write an admin explains: the reason (3 to 500 characters) is kept with it. */
function ReasonDialog({ id, title, description, submitLabel, busy, error, onClose, onSubmit }: { id: string; title: string; description: string; submitLabel: string; busy: boolean; error: string | null; onClose: () => void; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState(false);
  const classes = field();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    if (!validReason(reason)) return setInvalid(true);
    onSubmit(reason.trim());
  };
  return (
    <FormDialog formId={id} title={title} description={description} busy={busy} error={error} errorTitle={t('billing-request_error_title')} submitLabel={submitLabel} onClose={onClose} onSubmit={submit} onChange={() => setInvalid(false)}>
      <div className={classes.root}>
        <label htmlFor={`${id}-reason`} className={classes.label}>
          {t('field-reason')}
        </label>
        <Textarea id={`${id}-reason`} name="reason" rows={3} maxLength={REASON_MAX} required aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-reason-error` : undefined} />
        {invalid ? (
          <p id={`${id}-reason-error`} className={classes.errorText}>
            {t('billing-reason_invalid')}
          </p>
        ) : null}
      </div>
    </FormDialog>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { billingMachine } from '../../machines/billing.machine';
import { createListMachine } from '../../machines/list.machine';
import { BillingView, type BillingViewProps } from '../../ui/billing/BillingView';
import { billingViewOf } from '../../ui/billing/billing-view-state';
import type { ListState } from '../../ui/components/ListFrame';
import type { Invoice } from '../../ui/billing/InvoicesTable';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useSuccessToast } from '../use-request';

const invoicesMachine = createListMachine<Invoice, { companyId: string }>('listInvoices', { companyId: '' });

/** Sends the browser to another site (Stripe's checkout or customer portal). */
const leaveFor = (url: string) => window.location.assign(url);

/** /billing/{companyId} (issue 14). */
export default function BillingPage() {
  usePageTitle('billing-page_title');
  const { companyId = '' } = useParams<{ companyId: string }>();
  const admin = SessionContext.useSelector((s) => s.context.profile?.role === 'admin');
  return <BillingOf key={`${companyId}:${admin}`} companyId={companyId} admin={admin} />;
}

/** The page's flow lives in the billing statechart; here it is given the real calls, the toast and the browser. */
function BillingOf({ companyId, admin }: { companyId: string; admin: boolean }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  // The trial's days left are counted from when the page opened.
  const [now] = useState(() => Date.now());
  const logic = useMemo(
    () =>
      billingMachine.provide({
        actors: {
          getBilling: operations.getBilling,
          getCompany: operations.getCompany,
          startCheckout: operations.startCheckout,
          orderPlanByTransfer: operations.orderPlanByTransfer,
          setCompanyPlan: operations.setCompanyPlan,
          markInvoicePaid: operations.markInvoicePaid,
          creditInvoice: operations.creditInvoice,
          updateBilling: operations.updateBilling,
          openBillingPortal: operations.openBillingPortal,
        },
        actions: {
          notify: (_, { message }) => toast(message),
          leave: (_, { url }) => leaveFor(url),
        },
      }),
    [operations], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const billing = useActorRef(logic, { input: { companyId, admin } });
  const view = useSelector(billing, billingViewOf, sameView);
  const invoicesVersion = useSelector(billing, (s) => s.context.invoicesVersion);

  const props: Omit<BillingViewProps, 'invoices' | 'onInvoicesPage' | 'onInvoicesRetry'> = {
    ...view,
    now,
    onRetry: () => billing.send({ type: 'billing.retry' }),
    onCard: (plan, cycle) => billing.send({ type: 'card.start', plan, cycle }),
    onDismissCheckout: () => billing.send({ type: 'card.dismiss' }),
    onDialog: (dialog) => billing.send({ type: 'dialog.open', dialog }),
    onCloseDialog: () => billing.send({ type: 'dialog.close' }),
    onConfirmTransfer: () => billing.send({ type: 'dialog.confirm' }),
    onSetPlan: (reason) => billing.send({ type: 'dialog.confirm', reason }),
    onMarkPaid: () => billing.send({ type: 'dialog.confirm' }),
    onCredit: (reason) => billing.send({ type: 'dialog.confirm', reason }),
    onSaveDetails: (details) => billing.send({ type: 'details.save', details }),
    onPortal: () => billing.send({ type: 'portal.open' }),
  };
  // Invoices are for those who manage billing: an employee's page never asks for them.
  if (view.billing?.canManage) return <WithInvoices {...props} companyId={companyId} version={invoicesVersion} />;
  return <BillingView {...props} invoices={NO_INVOICES} onInvoicesPage={() => undefined} onInvoicesRetry={() => undefined} />;
}

/** The view's state changes only when one of its parts does (each part is rebuilt from the snapshot). */
const sameView = (a: ReturnType<typeof billingViewOf>, b: ReturnType<typeof billingViewOf>) =>
  (Object.keys(a) as (keyof typeof a)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

const NO_INVOICES: ListState<Invoice> = { state: 'empty', items: [], page: 1, totalPages: 0, count: 0, error: null };

function WithInvoices({ companyId, version, ...props }: Omit<BillingViewProps, 'invoices' | 'onInvoicesPage' | 'onInvoicesRetry'> & { companyId: string; version: number }) {
  const { operations } = useServices();
  const invoices = useList(invoicesMachine, operations.listInvoices, { filters: { companyId } });
  const reload = invoices.reload;
  const seen = useRef(version);
  useEffect(() => {
    if (version === seen.current) return;
    seen.current = version;
    reload();
  }, [version, reload]);
  return <BillingView {...props} invoices={invoices.list} onInvoicesPage={invoices.onPage} onInvoicesRetry={invoices.reload} />;
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { components } from '../../../openapi/schema';
import { checkoutMachine, type BillingCycle, type CheckoutPlan, type CheckoutSession } from '../../machines/checkout.machine';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { BillingView, type BillingDialog, type BillingPlan, type BillingViewProps } from '../../ui/billing/BillingView';
import type { ListState } from '../../ui/components/ListFrame';
import type { BillingDetails } from '../../ui/billing/BillingDetailsForm';
import type { Invoice } from '../../ui/billing/InvoicesTable';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type Billing = components['schemas']['Billing'];
type PlanCode = components['schemas']['PlanCode'];

const loadMachine = createRequestMachine<{ companyId: string }, Billing>('getBilling');
const detailsMachine = createRequestMachine<{ companyId: string; details: BillingDetails }, Billing>('updateBilling');
const setPlanMachine = createRequestMachine<{ companyId: string; plan: PlanCode; cycle: BillingCycle; reason: string }, Billing>('setCompanyPlan');
const transferMachine = createRequestMachine<{ companyId: string; plan: CheckoutPlan; cycle: BillingCycle }, Invoice>('orderPlanByTransfer');
const markPaidMachine = createRequestMachine<{ id: string }, Invoice>('markInvoicePaid');
const creditMachine = createRequestMachine<{ id: string; reason: string }, Invoice>('creditInvoice');
const portalMachine = createRequestMachine<{ companyId: string }, { url: string }>('openBillingPortal');
const companyMachine = createRequestMachine<{ id: string }, CompanyRow>('getCompany');
const invoicesMachine = createListMachine<Invoice, { companyId: string }>('listInvoices', { companyId: '' });

/** Sends the browser to another site (Stripe's checkout or customer portal). */
const leaveFor = (url: string) => window.location.assign(url);

/** /billing/{companyId} (issue 14). */
export default function BillingPage() {
  usePageTitle('billing-page_title');
  const { companyId = '' } = useParams<{ companyId: string }>();
  return <BillingOf key={companyId} companyId={companyId} />;
}

function BillingOf({ companyId }: { companyId: string }) {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const admin = SessionContext.useSelector((s) => s.context.profile?.role === 'admin');
  // The trial's days left are counted from when the page opened.
  const [now] = useState(() => Date.now());

  const load = useRequest(loadMachine, operations.getBilling);
  const submitLoad = load.submit;
  useEffect(() => submitLoad({ companyId }), []); // eslint-disable-line react-hooks/exhaustive-deps
  // An admin sees any company's billing: the plan card is titled with the company's name.
  const company = useRequest(companyMachine, operations.getCompany);
  const submitCompany = company.submit;
  useEffect(() => {
    if (admin) submitCompany({ id: companyId });
  }, [admin]); // eslint-disable-line react-hooks/exhaustive-deps
  // The latest billing the server sent: loaded, or answered by a write.
  const [written, setWritten] = useState<Billing | null>(null);
  const billing = written ?? load.data;
  const reload = () => {
    setWritten(null);
    load.submit({ companyId });
  };

  // Bumped when an invoice was issued or changed: the invoices list loads again.
  const [invoicesVersion, setInvoicesVersion] = useState(0);

  const details = useRequest(detailsMachine, operations.updateBilling);
  useOnSuccess(details, ({ message, data }) => {
    setWritten(data);
    toast(message);
  });

  const [dialog, setDialog] = useState<BillingDialog | null>(null);
  const setPlan = useRequest(setPlanMachine, operations.setCompanyPlan);
  const transfer = useRequest(transferMachine, operations.orderPlanByTransfer);
  const markPaid = useRequest(markPaidMachine, operations.markInvoicePaid);
  const credit = useRequest(creditMachine, operations.creditInvoice);
  const writes = [setPlan, transfer, markPaid, credit];
  useOnSuccess(setPlan, ({ message, data }) => {
    setDialog(null);
    setWritten(data);
    toast(message);
  });
  // An invoice issued or changed: the plan (and its status) may have changed with it.
  const invoiceWritten = ({ message }: { message: string }) => {
    setDialog(null);
    toast(message);
    setInvoicesVersion((v) => v + 1);
    reload();
  };
  useOnSuccess(transfer, invoiceWritten);
  useOnSuccess(markPaid, invoiceWritten);
  useOnSuccess(credit, invoiceWritten);
  const closeDialog = () => {
    setDialog(null);
    for (const write of writes) write.ref.send({ type: 'request.reset' });
  };

  const portal = useRequest(portalMachine, operations.openBillingPortal);
  useOnSuccess(portal, ({ data }) => leaveFor(data.url));

  const checkoutLogic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          startCheckout: fromPromise<CheckoutSession, { companyId: string; plan: CheckoutPlan; cycle: BillingCycle }>(({ input, signal }) => runOperation(operations.startCheckout, input, signal)),
        },
        actions: { redirect: (_, { url }) => leaveFor(url) },
      }),
    [operations],
  );
  const checkout = useActorRef(checkoutLogic, { input: { companyId } });
  const checkoutState = useSelector(checkout, (s) => (s.matches('redirecting') ? 'redirecting' : s.matches('failed') ? 'failed' : 'idle'));
  const checkoutError = useSelector(checkout, (s) => s.context.error?.message ?? null);

  const busyWrite = writes.find((write) => write.loading);
  const failedWrite = writes.find((write) => write.error);
  const shownBilling = billing && billing.companyId === companyId ? billing : null;
  const props: Omit<BillingViewProps, 'invoices' | 'onInvoicesPage' | 'onInvoicesRetry'> = {
    state: shownBilling ? 'ready' : load.error ? 'failed' : 'loading',
    billing: shownBilling,
    loadError: load.error?.message ?? null,
    admin,
    companyName: admin && company.data?._id === companyId ? company.data.name : null,
    now,
    checkout: { state: checkoutState, error: checkoutError },
    dialog,
    dialogBusy: !!busyWrite,
    dialogError: failedWrite?.error?.message ?? null,
    details: { busy: details.loading, error: details.error?.message ?? null, errorDetails: details.error?.details },
    portal: { busy: portal.loading || portal.succeeded, error: portal.error?.message ?? null },
    onRetry: reload,
    onCard: (plan: BillingPlan, cycle) => checkout.send({ type: 'checkout.start', plan: plan.code as CheckoutPlan, cycle }),
    onDismissCheckout: () => checkout.send({ type: 'checkout.reset' }),
    onDialog: (next) => {
      for (const write of writes) write.ref.send({ type: 'request.reset' });
      setDialog(next);
    },
    onCloseDialog: closeDialog,
    onConfirmTransfer: () => dialog?.kind === 'transfer' && transfer.submit({ companyId, plan: dialog.plan.code as CheckoutPlan, cycle: dialog.cycle }),
    onSetPlan: (reason) => dialog?.kind === 'setPlan' && setPlan.submit({ companyId, plan: dialog.plan.code, cycle: dialog.cycle, reason }),
    onMarkPaid: () => dialog?.kind === 'markPaid' && markPaid.submit({ id: dialog.invoice._id }),
    onCredit: (reason) => dialog?.kind === 'credit' && credit.submit({ id: dialog.invoice._id, reason }),
    onSaveDetails: (values) => details.submit({ companyId, details: values }),
    onPortal: () => portal.submit({ companyId }),
  };
  // Invoices are for those who manage billing: an employee's page never asks for them.
  if (shownBilling?.canManage) return <WithInvoices {...props} companyId={companyId} version={invoicesVersion} />;
  return <BillingView {...props} invoices={NO_INVOICES} onInvoicesPage={() => undefined} onInvoicesRetry={() => undefined} />;
}

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

import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { checkoutMachine, type CheckoutStatus } from '../../machines/checkout.machine';
import { CheckoutResultView, type CheckoutResultState } from '../../ui/billing/CheckoutResultView';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { usePageTitle } from '../use-page-title';

/** Stripe's session ids: letters, digits and underscores (openapi.yaml getCheckoutStatus). */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

/**
 * /billing/success (issue 14): Stripe sends the browser back here with `session_id`; the checkout
 * statechart reads the session until the webhook has applied the plan, then says it is active.
 */
export default function CheckoutSuccessPage() {
  usePageTitle('billing-success_page_title');
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const companyId = SessionContext.useSelector((s) => s.context.profile?.company?._id ?? '');
  const billingHref = companyId ? `/billing/${companyId}` : '/billing';
  if (!companyId) return <CheckoutResultView state="noCompany" failure={null} error={null} status={null} billingHref={billingHref} onCheckAgain={() => undefined} />;
  if (!SESSION_ID.test(sessionId)) return <CheckoutResultView state="noSession" failure={null} error={null} status={null} billingHref={billingHref} onCheckAgain={() => undefined} />;
  return <Following key={sessionId} companyId={companyId} sessionId={sessionId} billingHref={billingHref} />;
}

function Following({ companyId, sessionId, billingHref }: { companyId: string; sessionId: string; billingHref: string }) {
  const { operations } = useServices();
  const logic = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          getCheckoutStatus: fromPromise<CheckoutStatus, { companyId: string; sessionId: string }>(({ input, signal }) => runOperation(operations.getCheckoutStatus, input, signal)),
        },
      }),
    [operations],
  );
  const checkout = useActorRef(logic, { input: { companyId, sessionId } });
  const snapshot = useSelector(checkout, (s) => s);
  const state: CheckoutResultState = snapshot.matches('active') ? 'active' : snapshot.matches('failed') ? 'failed' : snapshot.matches('confirming') ? 'confirming' : 'returned';
  return (
    <CheckoutResultView
      state={state}
      failure={snapshot.context.failure}
      error={snapshot.context.error?.message ?? null}
      status={snapshot.context.status}
      billingHref={billingHref}
      onCheckAgain={() => checkout.send({ type: 'checkout.check' })}
    />
  );
}

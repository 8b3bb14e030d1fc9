import type { SnapshotFrom } from 'xstate';
import type { billingMachine } from '../../machines/billing.machine';
import type { BillingViewProps } from './BillingView';

export type BillingSnapshot = SnapshotFrom<typeof billingMachine>;

/** What the billing page shows, read from its statechart's snapshot (the page adds the handlers, the invoices and now). */
export type BillingViewState = Pick<BillingViewProps, 'state' | 'billing' | 'loadError' | 'admin' | 'companyName' | 'checkout' | 'dialog' | 'dialogBusy' | 'dialogError' | 'details' | 'portal'>;

export function billingViewOf(snapshot: BillingSnapshot): BillingViewState {
  const { context } = snapshot;
  const refused = (error: { message: string } | null) => error?.message ?? null;
  return {
    // A billing once shown stays shown while it loads again.
    state: context.billing ? 'ready' : snapshot.matches({ page: 'failed' }) ? 'failed' : 'loading',
    billing: context.billing,
    loadError: refused(context.loadError),
    admin: context.admin,
    companyName: context.admin ? context.companyName : null,
    checkout: snapshot.matches({ card: 'starting' }) || snapshot.matches({ card: 'leaving' })
      ? { state: 'redirecting', error: null }
      : snapshot.matches({ card: 'failed' })
        ? { state: 'failed', error: refused(context.checkoutError) }
        : { state: 'idle', error: null },
    dialog: context.dialog,
    dialogBusy: snapshot.matches({ dialog: 'sending' }),
    dialogError: snapshot.matches({ dialog: 'refused' }) ? refused(context.dialogError) : null,
    details: snapshot.matches({ details: 'refused' })
      ? { busy: false, error: refused(context.detailsError), errorDetails: context.detailsError?.details }
      : { busy: snapshot.matches({ details: 'saving' }), error: null },
    portal: { busy: snapshot.matches({ portal: 'opening' }) || snapshot.matches({ portal: 'leaving' }), error: snapshot.matches({ portal: 'failed' }) ? refused(context.portalError) : null },
  };
}

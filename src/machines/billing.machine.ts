import { assign, fromPromise, raise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type Billing = components['schemas']['Billing'];
export type BillingPlan = components['schemas']['BillingPlan'];
export type BillingCycle = components['schemas']['BillingCycle'];
export type BillingDetails = components['schemas']['BillingDetails'];
export type Invoice = components['schemas']['Invoice'];
type PlanCode = components['schemas']['PlanCode'];
type PaidPlan = components['schemas']['CheckoutBody']['plan'];
type CheckoutSession = components['schemas']['CheckoutSession'];
type Company = components['schemas']['Company'];

/** The dialog open on the billing page: each asks before a write. */
export type BillingDialog =
  | { kind: 'transfer'; plan: BillingPlan; cycle: BillingCycle }
  | { kind: 'setPlan'; plan: BillingPlan; cycle: BillingCycle }
  | { kind: 'markPaid'; invoice: Invoice }
  | { kind: 'credit'; invoice: Invoice };

export type BillingContext = {
  companyId: string;
  /** An admin sets plans, marks invoices paid and credits them; the company's staff order. */
  admin: boolean;
  /** The latest billing the server sent: loaded, reloaded, or answered by a write. */
  billing: Billing | null;
  loadError: RequestError | null;
  /** The company's name, for an admin's page (null while unknown). */
  companyName: string | null;
  dialog: BillingDialog | null;
  dialogError: RequestError | null;
  checkoutError: RequestError | null;
  detailsError: RequestError | null;
  portalError: RequestError | null;
  /** Counts the invoices issued or changed from this page: the invoices list loads again on each. */
  invoicesVersion: number;
};

export type BillingInput = { companyId: string; admin: boolean };

export type BillingEvent =
  | { type: 'billing.retry' }
  | { type: 'billing.refresh' }
  | { type: 'card.start'; plan: BillingPlan; cycle: BillingCycle }
  | { type: 'card.dismiss' }
  | { type: 'dialog.open'; dialog: BillingDialog }
  | { type: 'dialog.close' }
  /** Confirms the open dialog; an admin's plan change and credit note carry their reason. */
  | { type: 'dialog.confirm'; reason?: string }
  | { type: 'details.save'; details: BillingDetails }
  | { type: 'portal.open' };

type Done<T> = { output: T };
const outputOf = <T>(event: unknown) => (event as Done<T>).output;
const errorOf = (event: unknown) => toRequestError((event as { error: unknown }).error);
const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`Actor "${name}" was not provided`);
};

// An open dialog (asked, or refused): confirmed, or closed. While its write is sent it stays.
const asking = {
  'dialog.close': '#billing.dialog.closed',
  'dialog.confirm': [
    { guard: 'confirmsTransfer', target: '#billing.dialog.sending.transfer' },
    { guard: 'confirmsSetPlan', target: '#billing.dialog.sending.setPlan' },
    { guard: 'confirmsMarkPaid', target: '#billing.dialog.sending.markPaid' },
    { guard: 'confirmsCredit', target: '#billing.dialog.sending.credit' },
  ],
} as const;

/**
 * The billing page (issue 14, issue 24). Parallel regions, each a part of the page:
 * - page: loading → ready (refreshing after an invoice was written) or failed (retry);
 * - company: an admin's page names the company (getCompany); none for the company's staff;
 * - card: a manager pays by card: starting (startCheckout), then leaving while `leave(url)` sends
 *   the browser to Stripe; a refusal is failed, dismissed or tried again;
 * - dialog: a write asked in a dialog (order by transfer, admin plan change, payment, credit note):
 *   open → sending (one state per write) → closed, or refused with the server's msg; ordering by
 *   transfer does not open while an invoice awaits its payment (the server would answer 409);
 * - details: the billing details form saves, or shows the refusal on its fields;
 * - portal: the Stripe customer portal opens (leaving) or failed.
 * Effects are named: the calls (actors), `notify` (a success message) and `leave` (another site).
 */
export const billingMachine = setup({
  types: { context: {} as BillingContext, events: {} as BillingEvent, input: {} as BillingInput },
  actors: {
    getBilling: fromPromise<RequestSuccess<Billing>, { companyId: string }>(notProvided('getBilling')),
    getCompany: fromPromise<RequestSuccess<Company>, { id: string }>(notProvided('getCompany')),
    startCheckout: fromPromise<CheckoutSession, { companyId: string; plan: PaidPlan; cycle: BillingCycle }>(notProvided('startCheckout')),
    orderPlanByTransfer: fromPromise<RequestSuccess<Invoice>, { companyId: string; plan: PaidPlan; cycle: BillingCycle }>(notProvided('orderPlanByTransfer')),
    setCompanyPlan: fromPromise<RequestSuccess<Billing>, { companyId: string; plan: PlanCode; cycle: BillingCycle; reason: string }>(notProvided('setCompanyPlan')),
    markInvoicePaid: fromPromise<RequestSuccess<Invoice>, { id: string }>(notProvided('markInvoicePaid')),
    creditInvoice: fromPromise<RequestSuccess<Invoice>, { id: string; reason: string }>(notProvided('creditInvoice')),
    updateBilling: fromPromise<RequestSuccess<Billing>, { companyId: string; details: BillingDetails }>(notProvided('updateBilling')),
    openBillingPortal: fromPromise<RequestSuccess<{ url: string }>, { companyId: string }>(notProvided('openBillingPortal')),
  },
  guards: {
    admin: ({ context }) => context.admin,
    // A manager of the company orders; an admin sets plans by hand.
    canOrder: ({ context }) => !!context.billing?.canManage && !context.admin,
    // An invoice awaiting its payment blocks a new transfer order: said on the page, never by a 409 after confirming.
    canOpen: ({ context, event }) => {
      if (event.type !== 'dialog.open' || !context.billing?.canManage) return false;
      const { kind } = event.dialog;
      if (kind === 'transfer') return !context.admin && !context.billing.openInvoice;
      return context.admin;
    },
    confirmsTransfer: ({ context }) => context.dialog?.kind === 'transfer',
    confirmsSetPlan: ({ context, event }) => context.dialog?.kind === 'setPlan' && event.type === 'dialog.confirm' && !!event.reason,
    confirmsMarkPaid: ({ context }) => context.dialog?.kind === 'markPaid',
    confirmsCredit: ({ context, event }) => context.dialog?.kind === 'credit' && event.type === 'dialog.confirm' && !!event.reason,
  },
  actions: {
    // Provided by the app: a success message (toast), and sending the browser to another site.
    notify: (_, _params: { message: string }) => {},
    leave: (_, _params: { url: string }) => {},
    invoicesChanged: assign({ invoicesVersion: ({ context }) => context.invoicesVersion + 1 }),
    keepBilling: assign({ billing: ({ event }) => outputOf<RequestSuccess<Billing>>(event).data }),
    // The server refused the dialog's write: its msg shows in the dialog, which stays open.
    keepDialogError: assign({ dialogError: ({ event }) => errorOf(event) }),
    // An invoice issued or changed (transfer order, payment, credit note): the billing's plan and
    // status may have followed it, so the billing loads again (and the invoices, by invoicesVersion).
    refreshBilling: raise({ type: 'billing.refresh' }),
  },
}).createMachine({
  id: 'billing',
  type: 'parallel',
  context: ({ input }) => ({
    companyId: input.companyId,
    admin: input.admin,
    billing: null,
    loadError: null,
    companyName: null,
    dialog: null,
    dialogError: null,
    checkoutError: null,
    detailsError: null,
    portalError: null,
    invoicesVersion: 0,
  }),
  states: {
    page: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          entry: assign({ loadError: null }),
          invoke: {
            src: 'getBilling',
            input: ({ context }) => ({ companyId: context.companyId }),
            onDone: { target: 'ready', actions: 'keepBilling' },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        failed: { on: { 'billing.retry': 'loading' } },
        ready: {
          initial: 'shown',
          on: { 'billing.refresh': '.refreshing' },
          states: {
            shown: {},
            // The billing shown stays while it loads again; a failed reload keeps it.
            refreshing: {
              invoke: {
                src: 'getBilling',
                input: ({ context }) => ({ companyId: context.companyId }),
                onDone: { target: 'shown', actions: 'keepBilling' },
                onError: { target: 'shown' },
              },
            },
          },
        },
      },
    },
    company: {
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'admin', target: 'loading' }, { target: 'none' }] },
        // The company's own staff: their plan card says "Votre formule".
        none: {},
        loading: {
          invoke: {
            src: 'getCompany',
            input: ({ context }) => ({ id: context.companyId }),
            onDone: { target: 'named', actions: assign({ companyName: ({ event }) => event.output.data.name }) },
            onError: { target: 'unnamed' },
          },
        },
        named: {},
        // Not known: the plan card keeps its generic admin title.
        unnamed: {},
      },
    },
    card: {
      initial: 'idle',
      states: {
        idle: { on: { 'card.start': { guard: 'canOrder', target: 'starting' } } },
        starting: {
          entry: assign({ checkoutError: null }),
          invoke: {
            src: 'startCheckout',
            input: ({ context, event }) => {
              const { plan, cycle } = event as Extract<BillingEvent, { type: 'card.start' }>;
              return { companyId: context.companyId, plan: plan.code as PaidPlan, cycle };
            },
            onDone: { target: 'leaving', actions: { type: 'leave', params: ({ event }) => ({ url: event.output.url }) } },
            onError: { target: 'failed', actions: assign({ checkoutError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        // The browser leaves for Stripe: the page stays busy until it has gone.
        leaving: {},
        failed: {
          on: {
            'card.start': { guard: 'canOrder', target: 'starting' },
            'card.dismiss': { target: 'idle', actions: assign({ checkoutError: null }) },
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({ dialog: null, dialogError: null }),
          on: { 'dialog.open': { guard: 'canOpen', target: 'open', actions: assign({ dialog: ({ event }) => event.dialog }) } },
        },
        open: { on: asking },
        // Entered by the write confirmed (dialog.confirm picks the child); `initial` is never used.
        sending: {
          initial: 'transfer',
          entry: assign({ dialogError: null }),
          states: {
            transfer: {
              invoke: {
                src: 'orderPlanByTransfer',
                input: ({ context }) => {
                  const dialog = context.dialog as Extract<BillingDialog, { kind: 'transfer' }>;
                  return { companyId: context.companyId, plan: dialog.plan.code as PaidPlan, cycle: dialog.cycle };
                },
                onDone: { target: '#billing.dialog.closed', actions: [{ type: 'notify', params: ({ event }) => ({ message: event.output.message }) }, 'invoicesChanged', 'refreshBilling'] },
                onError: { target: '#billing.dialog.refused', actions: 'keepDialogError' },
              },
            },
            setPlan: {
              invoke: {
                src: 'setCompanyPlan',
                input: ({ context, event }) => {
                  const dialog = context.dialog as Extract<BillingDialog, { kind: 'setPlan' }>;
                  return { companyId: context.companyId, plan: dialog.plan.code, cycle: dialog.cycle, reason: (event as Extract<BillingEvent, { type: 'dialog.confirm' }>).reason! };
                },
                // A plan set by hand answers the billing itself.
                onDone: { target: '#billing.dialog.closed', actions: ['keepBilling', { type: 'notify', params: ({ event }) => ({ message: event.output.message }) }] },
                onError: { target: '#billing.dialog.refused', actions: 'keepDialogError' },
              },
            },
            markPaid: {
              invoke: {
                src: 'markInvoicePaid',
                input: ({ context }) => ({ id: (context.dialog as Extract<BillingDialog, { kind: 'markPaid' }>).invoice._id }),
                onDone: { target: '#billing.dialog.closed', actions: [{ type: 'notify', params: ({ event }) => ({ message: event.output.message }) }, 'invoicesChanged', 'refreshBilling'] },
                onError: { target: '#billing.dialog.refused', actions: 'keepDialogError' },
              },
            },
            credit: {
              invoke: {
                src: 'creditInvoice',
                input: ({ context, event }) => ({ id: (context.dialog as Extract<BillingDialog, { kind: 'credit' }>).invoice._id, reason: (event as Extract<BillingEvent, { type: 'dialog.confirm' }>).reason! }),
                onDone: { target: '#billing.dialog.closed', actions: [{ type: 'notify', params: ({ event }) => ({ message: event.output.message }) }, 'invoicesChanged', 'refreshBilling'] },
                onError: { target: '#billing.dialog.refused', actions: 'keepDialogError' },
              },
            },
          },
        },
        // The server refused: the dialog stays open with its msg, to try again or close.
        refused: { on: asking },
      },
    },
    details: {
      initial: 'idle',
      states: {
        idle: { on: { 'details.save': 'saving' } },
        saving: {
          entry: assign({ detailsError: null }),
          invoke: {
            src: 'updateBilling',
            input: ({ context, event }) => ({ companyId: context.companyId, details: (event as Extract<BillingEvent, { type: 'details.save' }>).details }),
            onDone: { target: 'idle', actions: ['keepBilling', { type: 'notify', params: ({ event }) => ({ message: event.output.message }) }] },
            onError: { target: 'refused', actions: assign({ detailsError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        // The refusal shows on the form, each field's msg on its field.
        refused: { on: { 'details.save': 'saving' } },
      },
    },
    portal: {
      initial: 'idle',
      states: {
        idle: { on: { 'portal.open': 'opening' } },
        opening: {
          entry: assign({ portalError: null }),
          invoke: {
            src: 'openBillingPortal',
            input: ({ context }) => ({ companyId: context.companyId }),
            onDone: { target: 'leaving', actions: { type: 'leave', params: ({ event }) => ({ url: event.output.data.url }) } },
            onError: { target: 'failed', actions: assign({ portalError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        leaving: {},
        failed: { on: { 'portal.open': 'opening' } },
      },
    },
  },
});

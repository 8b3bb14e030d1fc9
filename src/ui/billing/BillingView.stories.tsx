import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import type { ListState } from '../components/ListFrame';
import { BillingView } from './BillingView';
import type { Invoice } from './InvoicesTable';
import { billingCard, billingEmployee, billingEssential, billingNoCards, billingPastDue, billingShortCardPayment, billingTransferPending, billingTrial, invoicesDemo, plansFr } from './billing-fixtures';

const invoices: ListState<Invoice> = { state: 'loaded', items: invoicesDemo, page: 1, totalPages: 1, count: invoicesDemo.length, error: null };
const noInvoices: ListState<Invoice> = { state: 'empty', items: [], page: 1, totalPages: 0, count: 0, error: null };
// 2 March 2026, 10:00 Paris: the trial fixture ends on 11 March.
const NOW = Date.parse('2026-03-02T09:00:00.000Z');

const meta = {
  title: 'Views/Billing/Billing',
  component: BillingView,
  args: {
    state: 'ready',
    billing: billingEssential,
    loadError: null,
    admin: false,
    now: NOW,
    checkout: { state: 'idle', error: null },
    dialog: null,
    dialogBusy: false,
    dialogError: null,
    details: { busy: false, error: null },
    invoices,
    portal: { busy: false, error: null },
    onRetry: fn(),
    onCard: fn(),
    onDismissCheckout: fn(),
    onDialog: fn(),
    onCloseDialog: fn(),
    onConfirmTransfer: fn(),
    onSetPlan: fn(),
    onMarkPaid: fn(),
    onCredit: fn(),
    onSaveDetails: fn(),
    onInvoicesPage: fn(),
    onInvoicesRetry: fn(),
    onPortal: fn(),
  },
  decorators: [(Story) => <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas' })}><main><Story /></main></div>],
} satisfies Meta<typeof BillingView>;
export default meta;

type Story = StoryObj<typeof meta>;

// The manager's page; the checkout statechart waits for a plan to be chosen.
export const Manager: Story = { parameters: { machineStates: ['checkout.idle'] } };
export const Trial: Story = { args: { billing: billingTrial, invoices: noInvoices } };
export const PaidByCard: Story = { args: { billing: billingCard } };
export const PastDue: Story = { args: { billing: billingPastDue } };
/** An invoice awaits its transfer: ordering by transfer is off, with why and what to do, before any dialog. */
export const TransferPending: Story = { args: { billing: billingTransferPending } };
/** Stripe charged 1 € of 1 788 €: the payment is received, the plan not on, the balance to settle. */
export const ShortCardPayment: Story = { args: { billing: billingShortCardPayment } };
export const NoCardPayments: Story = { args: { billing: billingNoCards } };
export const Employee: Story = { args: { billing: billingEmployee } };
export const Admin: Story = { args: { admin: true, companyName: 'BTP Lyon Rénovation' } };
export const AdminNameLoading: Story = { args: { admin: true, companyName: null } };
export const Loading: Story = { args: { state: 'loading', billing: null } };
export const LoadFailed: Story = { args: { state: 'failed', billing: null, loadError: 'Aucune réponse du serveur.' } };
// A plan chosen: the browser is being sent to Stripe.
export const Redirecting: Story = { args: { checkout: { state: 'redirecting', error: null } }, parameters: { machineStates: ['checkout.redirecting'] } };
export const CheckoutRefused: Story = { args: { checkout: { state: 'failed', error: "Le paiement par carte n'est pas disponible sur ce serveur." } } };
export const TransferDialog: Story = { args: { dialog: { kind: 'transfer', plan: plansFr[2]!, cycle: 'yearly' } } };
export const TransferRefused: Story = { args: { dialog: { kind: 'transfer', plan: plansFr[2]!, cycle: 'yearly' }, dialogError: 'Une facture attend encore son virement : elle doit être réglée, ou annulée par un avoir, avant une nouvelle commande.' } };
export const SetPlanDialog: Story = { args: { admin: true, dialog: { kind: 'setPlan', plan: plansFr[2]!, cycle: 'monthly' } } };
export const MarkPaidDialog: Story = { args: { admin: true, dialog: { kind: 'markPaid', invoice: invoicesDemo[0]! } } };
export const CreditDialog: Story = { args: { admin: true, dialog: { kind: 'credit', invoice: invoicesDemo[0]! } } };
export const DetailsRefused: Story = {
  args: {
    details: {
      busy: false,
      error: "Ce numéro de TVA n'est pas valide : FR, la clé à 2 chiffres puis le SIREN, par exemple FR32123456789.",
      errorDetails: [{ field: 'vatNumber', msg: "Ce numéro de TVA n'est pas valide : FR, la clé à 2 chiffres puis le SIREN, par exemple FR32123456789." }],
    },
  },
};
export const PortalOpening: Story = { args: { billing: billingCard, portal: { busy: true, error: null } } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { StateValue } from 'xstate';
import { css } from 'styled-system/css';
import { billingMachine, type BillingContext } from '../../machines/billing.machine';
import type { ListState } from '../components/ListFrame';
import { BillingView } from './BillingView';
import { billingViewOf, type BillingViewState } from './billing-view-state';
import { billingCard, billingEssential, billingTransferPending, invoicesDemo, plansFr } from './billing-fixtures';
import type { Invoice } from './InvoicesTable';

// The billing page's statechart, each state rendered from a real snapshot through billingViewOf,
// as the page shows it (regions: page, company, card, dialog, details, portal).
const NOW = Date.parse('2026-03-02T09:00:00.000Z');
const invoices: ListState<Invoice> = { state: 'loaded', items: invoicesDemo, page: 1, totalPages: 1, count: invoicesDemo.length, error: null };

const QUIET = { page: { ready: 'shown' }, company: 'none', card: 'idle', dialog: 'closed', details: 'idle', portal: 'idle' } as const;
// Stories take the view's plain data as args (a snapshot holds its machine: not serialisable).
const viewAt = (value: Partial<Record<keyof typeof QUIET, StateValue>>, context: Partial<BillingContext> = {}): BillingViewState =>
  billingViewOf(billingMachine.resolveState({
    value: { ...QUIET, ...value } as StateValue,
    context: {
      companyId: billingEssential.companyId,
      admin: false,
      billing: billingEssential,
      loadError: null,
      companyName: null,
      dialog: null,
      dialogError: null,
      checkoutError: null,
      detailsError: null,
      portalError: null,
      invoicesVersion: 0,
      ...context,
    },
  }));

function BillingScreen({ view }: { view: BillingViewState }) {
  return (
    <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas' })}>
      <main>
        <BillingView
          {...view}
          now={NOW}
          invoices={invoices}
          onRetry={fn()}
          onCard={fn()}
          onDismissCheckout={fn()}
          onDialog={fn()}
          onCloseDialog={fn()}
          onConfirmTransfer={fn()}
          onSetPlan={fn()}
          onMarkPaid={fn()}
          onCredit={fn()}
          onSaveDetails={fn()}
          onInvoicesPage={fn()}
          onInvoicesRetry={fn()}
          onPortal={fn()}
        />
      </main>
    </div>
  );
}

const meta = {
  title: 'Statecharts/Billing page',
  component: BillingScreen,
  args: { view: viewAt({}) },
} satisfies Meta<typeof BillingScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

const transfer = { kind: 'transfer', plan: plansFr[2]!, cycle: 'yearly' } as const;

export const Loading: Story = {
  args: { view: viewAt({ page: 'loading' }, { billing: null }) },
  parameters: { machineStates: ['billing.page.loading', 'billing.company.choosing'] },
};
export const LoadFailed: Story = {
  args: { view: viewAt({ page: 'failed' }, { billing: null, loadError: { message: 'Aucune réponse du serveur.' } }) },
  parameters: { machineStates: ['billing.page.failed'] },
};
// A manager's page at rest: each region idle.
export const Ready: Story = {
  parameters: { machineStates: ['billing.page.ready.shown', 'billing.company.none', 'billing.card.idle', 'billing.dialog.closed', 'billing.details.idle', 'billing.portal.idle'] },
};
// After an invoice was issued: the billing shown stays while it loads again.
export const Refreshing: Story = { args: { view: viewAt({ page: { ready: 'refreshing' } }, { invoicesVersion: 1 }) }, parameters: { machineStates: ['billing.page.ready.refreshing'] } };
export const AdminNaming: Story = { args: { view: viewAt({ company: 'loading' }, { admin: true }) }, parameters: { machineStates: ['billing.company.loading'] } };
export const AdminNamed: Story = {
  args: { view: viewAt({ company: 'named' }, { admin: true, companyName: 'BTP Lyon Rénovation' }) },
  parameters: { machineStates: ['billing.company.named'] },
};
export const AdminUnnamed: Story = { args: { view: viewAt({ company: 'unnamed' }, { admin: true }) }, parameters: { machineStates: ['billing.company.unnamed'] } };
export const CardStarting: Story = { args: { view: viewAt({ card: 'starting' }) }, parameters: { machineStates: ['billing.card.starting'] } };
export const CardLeaving: Story = { args: { view: viewAt({ card: 'leaving' }) }, parameters: { machineStates: ['billing.card.leaving'] } };
export const CardFailed: Story = {
  args: { view: viewAt({ card: 'failed' }, { checkoutError: { message: "Le paiement par carte n'est pas disponible sur ce serveur.", status: 503 } }) },
  parameters: { machineStates: ['billing.card.failed'] },
};
/** An invoice awaits its transfer: the dialog stays closed, the page says why before any order. */
export const TransferHeld: Story = { args: { view: viewAt({}, { billing: billingTransferPending }) } };
export const TransferAsked: Story = { args: { view: viewAt({ dialog: 'open' }, { dialog: transfer }) }, parameters: { machineStates: ['billing.dialog.open'] } };
export const TransferSending: Story = { args: { view: viewAt({ dialog: { sending: 'transfer' } }, { dialog: transfer }) }, parameters: { machineStates: ['billing.dialog.sending.transfer'] } };
export const TransferRefused: Story = {
  args: {
    view: viewAt(
      { dialog: 'refused' },
      { dialog: transfer, dialogError: { message: 'Une facture attend encore son virement : elle doit être réglée, ou annulée par un avoir, avant une nouvelle commande.', status: 409 } },
    ),
  },
  parameters: { machineStates: ['billing.dialog.refused'] },
};
export const SetPlanSending: Story = {
  args: { view: viewAt({ company: 'named', dialog: { sending: 'setPlan' } }, { admin: true, companyName: 'BTP Lyon Rénovation', dialog: { kind: 'setPlan', plan: plansFr[2]!, cycle: 'monthly' } }) },
  parameters: { machineStates: ['billing.dialog.sending.setPlan'] },
};
export const MarkPaidSending: Story = {
  args: { view: viewAt({ company: 'named', dialog: { sending: 'markPaid' } }, { admin: true, companyName: 'BTP Lyon Rénovation', dialog: { kind: 'markPaid', invoice: invoicesDemo[0]! } }) },
  parameters: { machineStates: ['billing.dialog.sending.markPaid'] },
};
export const CreditSending: Story = {
  args: { view: viewAt({ company: 'named', dialog: { sending: 'credit' } }, { admin: true, companyName: 'BTP Lyon Rénovation', dialog: { kind: 'credit', invoice: invoicesDemo[0]! } }) },
  parameters: { machineStates: ['billing.dialog.sending.credit'] },
};
export const DetailsSaving: Story = { args: { view: viewAt({ details: 'saving' }) }, parameters: { machineStates: ['billing.details.saving'] } };
export const DetailsRefused: Story = {
  args: {
    view: viewAt(
      { details: 'refused' },
      { detailsError: { message: "Ce numéro de TVA n'est pas valide.", status: 400, details: [{ field: 'vatNumber', msg: "Ce numéro de TVA n'est pas valide." }] } },
    ),
  },
  parameters: { machineStates: ['billing.details.refused'] },
};
export const PortalOpening: Story = { args: { view: viewAt({ portal: 'opening' }, { billing: billingCard }) }, parameters: { machineStates: ['billing.portal.opening'] } };
export const PortalLeaving: Story = { args: { view: viewAt({ portal: 'leaving' }, { billing: billingCard }) }, parameters: { machineStates: ['billing.portal.leaving'] } };
export const PortalFailed: Story = {
  args: { view: viewAt({ portal: 'failed' }, { billing: billingCard, portalError: { message: 'Stripe ne répond pas.', status: 502 } }) },
  parameters: { machineStates: ['billing.portal.failed'] },
};

import type { components } from '../../../openapi/schema';

export type Billing = components['schemas']['Billing'];
export type BillingPlan = components['schemas']['BillingPlan'];
export type Invoice = components['schemas']['Invoice'];
export type CheckoutStatus = components['schemas']['CheckoutStatus'];

// The plans as server/domains/billing/plans.ts defines them, in French.
const MB = 1024 * 1024;
const GB = 1024 * MB;
export const plansFr: BillingPlan[] = [
  { code: 'free', name: 'Gratuit', monthlyPrice: 0, yearlyPrice: 0, limits: { users: 3, activeTenders: 5, analysesPerMonth: 5, storageBytes: 500 * MB }, llmFeatures: false },
  { code: 'essential', name: 'Essentiel', monthlyPrice: 49_00, yearlyPrice: 490_00, limits: { users: 10, activeTenders: 30, analysesPerMonth: 60, storageBytes: 10 * GB }, llmFeatures: true },
  { code: 'pro', name: 'Pro', monthlyPrice: 149_00, yearlyPrice: 1490_00, limits: { users: 50, activeTenders: null, analysesPerMonth: 1000, storageBytes: 100 * GB }, llmFeatures: true },
];

export const COMPANY_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** A manager's view: the Essentiel plan paid by transfer, the analyses near their limit, storage over. */
export const billingEssential: Billing = {
  companyId: COMPANY_ID,
  plan: plansFr[1]!,
  subscribedPlan: 'essential',
  status: 'active',
  cycle: 'yearly',
  trialEndsAt: null,
  renewsAt: '2027-03-01T00:00:00.000Z',
  usage: { users: 4, activeTenders: 12, analysesPerMonth: 55, storageBytes: 10 * GB + 200 * MB },
  paymentMethod: { type: 'transfer', summary: 'Virement bancaire' },
  details: {
    legalName: 'BTP Lyon Rénovation SAS',
    address: '12 rue de la République',
    postalCode: '69002',
    city: 'Lyon',
    country: 'FR',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    invoiceEmail: 'compta@btp-lyon.fr',
  },
  plans: plansFr,
  canManage: true,
  cardPayments: true,
  cardSubscription: false,
  openInvoice: null,
};

/** A new company trying the Pro plan, 9 days left. */
export const billingTrial: Billing = {
  ...billingEssential,
  plan: plansFr[2]!,
  subscribedPlan: 'pro',
  status: 'trialing',
  cycle: 'monthly',
  trialEndsAt: '2026-03-11T09:00:00.000Z',
  renewsAt: null,
  usage: { users: 2, activeTenders: 3, analysesPerMonth: 4, storageBytes: 180 * MB },
  paymentMethod: null,
};

/** Paid by card through Stripe: the portal is offered. */
export const billingCard: Billing = {
  ...billingEssential,
  plan: plansFr[2]!,
  subscribedPlan: 'pro',
  cycle: 'monthly',
  renewsAt: '2026-04-02T00:00:00.000Z',
  paymentMethod: { type: 'card', summary: 'Visa •••• 4242, exp. 12/2028' },
  cardSubscription: true,
};

/** An invoice unpaid past its due date. */
export const billingPastDue: Billing = { ...billingEssential, status: 'past_due' };

/** An invoice still waits for its transfer: ordering another plan is refused until it is paid or credited. */
export const billingTransferPending: Billing = {
  ...billingEssential,
  openInvoice: { _id: 'e0000000-0000-4000-8000-000000000004', number: '2026-000004', totalInclVat: 588_00, amountPaid: 0, dueDate: '2026-03-31', paymentMethod: 'transfer', paymentReference: 'SOUM-2026-000004' },
};

/** A card payment short of the price (1 € of Pro's 1 788 €): received, the plan not granted, the balance open. */
export const billingShortCardPayment: Billing = {
  ...billingEssential,
  openInvoice: { _id: 'e0000000-0000-4000-8000-000000000006', number: '2026-000006', totalInclVat: 1788_00, amountPaid: 1_00, dueDate: '2026-03-31', paymentMethod: 'card', paymentReference: 'SOUM-2026-000006' },
};

/** What an employee is shown: the plan and usage, no details, nothing to manage. */
export const billingEmployee: Billing = { ...billingEssential, paymentMethod: null, details: null, canManage: false };

/** No Stripe key on this server: bank transfer only. */
export const billingNoCards: Billing = { ...billingEssential, cardPayments: false };

const line = (description: string, unitPrice: number) => ({ description, quantity: 1, unitPrice, vatRate: 20, totalExclVat: unitPrice, vat: unitPrice / 5 });
const invoice = (over: Partial<Invoice> & Pick<Invoice, '_id' | 'number'>): Invoice => ({
  kind: 'invoice',
  status: 'paid',
  overdue: false,
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  periodStart: '2026-03-01',
  periodEnd: '2027-02-28',
  plan: 'essential',
  cycle: 'yearly',
  paymentMethod: 'transfer',
  paymentReference: 'SOUM-2026-000004',
  currency: 'EUR',
  totalExclVat: 490_00,
  totalVat: 98_00,
  totalInclVat: 588_00,
  creditedInvoiceId: null,
  paidAt: '2026-03-12T12:00:00.000Z',
  amountPaid: over.status === 'open' || over.status === 'credited' || over.kind === 'credit_note' ? 0 : (over.totalInclVat ?? 588_00),
  buyerName: 'BTP Lyon Rénovation SAS',
  lines: [line('Abonnement Soumissio Essentiel — annuel, du 01/03/2026 au 28/02/2027', 490_00)],
  ...over,
});

export const invoicesDemo: Invoice[] = [
  invoice({ _id: 'e0000000-0000-4000-8000-000000000004', number: '2026-000004', status: 'open', paidAt: null, issueDate: '2026-03-01', dueDate: '2026-03-31' }),
  invoice({ _id: 'e0000000-0000-4000-8000-000000000003', number: '2026-000003', kind: 'credit_note', status: 'paid', issueDate: '2026-02-10', dueDate: '2026-02-10', periodStart: '2026-02-01', periodEnd: '2026-02-28', cycle: 'monthly', totalExclVat: -49_00, totalVat: -9_80, totalInclVat: -58_80, creditedInvoiceId: 'e0000000-0000-4000-8000-000000000002', paidAt: null }),
  invoice({ _id: 'e0000000-0000-4000-8000-000000000002', number: '2026-000002', status: 'credited', issueDate: '2026-02-01', dueDate: '2026-03-03', periodStart: '2026-02-01', periodEnd: '2026-02-28', cycle: 'monthly', totalExclVat: 49_00, totalVat: 9_80, totalInclVat: 58_80, paidAt: null }),
  invoice({ _id: 'e0000000-0000-4000-8000-000000000001', number: '2026-000001', status: 'open', overdue: true, issueDate: '2026-01-02', dueDate: '2026-02-01', periodStart: '2026-01-02', periodEnd: '2026-02-01', cycle: 'monthly', totalExclVat: 49_00, totalVat: 9_80, totalInclVat: 58_80, paidAt: null }),
];

export const statusOf = (state: CheckoutStatus['state'], billing: Billing = billingCard): CheckoutStatus => ({ sessionId: 'cs_test_a1B2c3D4', state, plan: 'pro', cycle: 'monthly', billing });

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { RequestSuccess } from '../common/request-result';
import { billingMachine, type Billing, type BillingContext, type BillingDetails, type BillingPlan, type Invoice } from './billing.machine';

// The billing page as its users live it. A manager opens it (or it fails to load and they retry),
// pays by card (sent to Stripe, or told why not), orders by transfer after confirming (the invoice
// is issued, or the server refuses with its msg), finds ordering by transfer held while an invoice
// awaits its payment (said before any dialog), saves the billing details (or sees the refusal),
// opens the card portal. An admin opens a company's billing (named after the company, or not when
// it cannot be read), sets a plan with a reason, marks an invoice paid and credits one.
const userModel = createMachine({
  id: 'billingModel',
  initial: 'start',
  states: {
    start: { on: { 'user.opensAsManager': 'loading', 'user.opensAsAdmin': 'adminLoading' } },
    loading: { on: { 'server.billing': 'ready', 'server.billingWithOpenInvoice': 'pending', 'server.down': 'loadFailed' } },
    loadFailed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'user.payByCard': 'cardStarting', 'user.payByTransfer': 'transferAsked', 'user.saveDetails': 'detailsSaving', 'user.openPortal': 'portalOpening' } },
    pending: { on: { 'user.payByTransfer': 'transferHeld', 'user.payByCard': 'cardStarting' } },
    transferHeld: {},
    cardStarting: { on: { 'server.sessionOpened': 'cardLeft', 'server.refusesCheckout': 'cardFailed' } },
    cardLeft: {},
    cardFailed: { on: { 'user.dismiss': 'ready', 'user.payByCard': 'cardStarting' } },
    transferAsked: { on: { 'user.confirm': 'transferSending', 'user.cancel': 'ready' } },
    transferSending: { on: { 'server.invoiceIssued': 'orderIssued', 'server.refusesOrder': 'transferRefused' } },
    transferRefused: { on: { 'user.confirm': 'transferSending', 'user.cancel': 'ready' } },
    orderIssued: { on: { 'server.billingRefreshed': 'ordered' } },
    ordered: {},
    detailsSaving: { on: { 'server.detailsSaved': 'detailsSaved', 'server.refusesDetails': 'detailsRefused' } },
    detailsSaved: {},
    detailsRefused: { on: { 'user.saveDetails': 'detailsSaving' } },
    portalOpening: { on: { 'server.portalOpened': 'portalLeft', 'server.portalDown': 'portalFailed' } },
    portalLeft: {},
    portalFailed: { on: { 'user.openPortal': 'portalOpening' } },
    adminLoading: { on: { 'server.billingAndCompany': 'adminReady', 'server.billingWithoutCompany': 'adminUnnamed' } },
    adminUnnamed: {},
    adminReady: { on: { 'user.setPlan': 'setPlanSending', 'user.markPaid': 'markPaidSending', 'user.credit': 'creditSending' } },
    setPlanSending: { on: { 'server.planSet': 'planSet' } },
    planSet: {},
    markPaidSending: { on: { 'server.paymentRecorded': 'paymentRecorded' } },
    paymentRecorded: {},
    creditSending: { on: { 'server.credited': 'credited' } },
    credited: {},
  },
});

const COMPANY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const STRIPE = 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4';
const PORTAL = 'https://billing.stripe.com/p/session/test_YWNjdF8x';
const pro = { code: 'pro', name: 'Pro', monthlyPrice: 149_00, yearlyPrice: 1490_00 } as BillingPlan;
const invoice = { _id: 'e0000000-0000-4000-8000-000000000004', number: '2026-000004', totalInclVat: 588_00, amountPaid: 0, dueDate: '2026-03-31', paymentReference: 'SOUM-2026-000004' } as Invoice;
const billing = { companyId: COMPANY, canManage: true, cardPayments: true, openInvoice: null, status: 'active', plan: { code: 'essential' } } as unknown as Billing;
const withOpenInvoice = { ...billing, openInvoice: invoice } as Billing;
const details = { legalName: 'BTP Lyon Rénovation SAS', city: 'Villeurbanne' } as BillingDetails;
const refusals = {
  checkout: { message: "Le paiement par carte n'est pas disponible sur ce serveur.", status: 503 },
  order: { message: 'Une facture attend encore son virement : elle doit être réglée, ou annulée par un avoir, avant une nouvelle commande.', status: 409 },
  details: { message: "Ce numéro de TVA n'est pas valide.", status: 400, details: [{ field: 'vatNumber', msg: "Ce numéro de TVA n'est pas valide." }] },
  portal: { message: 'Stripe ne répond pas.', status: 502 },
};

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine with every call deferred: each call waits for the test to answer it. */
function harness() {
  const calls: Record<string, Pending<unknown, unknown>[]> = {};
  const deferred = <O, I>(name: string) =>
    fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => void (calls[name] ??= []).push({ input, resolve: resolve as (v: unknown) => void, reject })));
  const notified: string[] = [];
  const left: string[] = [];
  const logic = billingMachine.provide({
    actors: {
      getBilling: deferred('getBilling'),
      getCompany: deferred('getCompany'),
      startCheckout: deferred('startCheckout'),
      orderPlanByTransfer: deferred('orderPlanByTransfer'),
      setCompanyPlan: deferred('setCompanyPlan'),
      markInvoicePaid: deferred('markInvoicePaid'),
      creditInvoice: deferred('creditInvoice'),
      updateBilling: deferred('updateBilling'),
      openBillingPortal: deferred('openBillingPortal'),
    },
    actions: { notify: (_, { message }) => void notified.push(message), leave: (_, { url }) => void left.push(url) },
  });
  let actor: Actor<typeof logic> | null = null;
  const open = (admin: boolean) => {
    actor = createActor(logic, { input: { companyId: COMPANY, admin } }).start();
  };
  const last = (name: string) => calls[name]?.at(-1);
  const count = (name: string) => calls[name]?.length ?? 0;
  const answer = async (name: string, value: unknown) => {
    last(name)!.resolve(value);
    await flush();
  };
  const refuse = async (name: string, error: unknown) => {
    last(name)!.reject(error);
    await flush();
  };
  return { open, actor: () => actor!, last, count, answer, refuse, notified, left };
}

const ok = <T,>(data: T, message = ''): RequestSuccess<T> => ({ message, data });

describe('billing machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 5)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  // Every atomic state of the machine is visited by some path (checked after the paths run).
  const visited = new Set<string>();
  const record = (snapshot: ReturnType<Actor<typeof billingMachine>['getSnapshot']>) => {
    const walk = (value: unknown, prefix: string) => {
      if (typeof value === 'string') visited.add(`${prefix}.${value}`);
      else for (const [key, child] of Object.entries(value as Record<string, unknown>)) walk(child, `${prefix}.${key}`);
    };
    walk(snapshot.value, 'billing');
  };

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      const snapshot = () => h.actor().getSnapshot();
      const ctx = (): BillingContext => snapshot().context;
      const region = (name: string) => (snapshot().value as Record<string, unknown>)[name];
      let invoicesBefore = 0;
      await path.test({
        events: {
          'user.opensAsManager': () => h.open(false),
          'user.opensAsAdmin': () => h.open(true),
          'user.retry': () => h.actor().send({ type: 'billing.retry' }),
          'user.payByCard': () => h.actor().send({ type: 'card.start', plan: pro, cycle: 'yearly' }),
          'user.dismiss': () => h.actor().send({ type: 'card.dismiss' }),
          'user.payByTransfer': () => h.actor().send({ type: 'dialog.open', dialog: { kind: 'transfer', plan: pro, cycle: 'yearly' } }),
          'user.confirm': () => h.actor().send({ type: 'dialog.confirm' }),
          'user.cancel': () => h.actor().send({ type: 'dialog.close' }),
          'user.saveDetails': () => h.actor().send({ type: 'details.save', details }),
          'user.openPortal': () => h.actor().send({ type: 'portal.open' }),
          'user.setPlan': () => {
            h.actor().send({ type: 'dialog.open', dialog: { kind: 'setPlan', plan: pro, cycle: 'monthly' } });
            h.actor().send({ type: 'dialog.confirm', reason: '' });
            expect(snapshot().matches({ dialog: 'open' }), 'no plan change without a reason').toBe(true);
            h.actor().send({ type: 'dialog.confirm', reason: 'Geste commercial' });
          },
          'user.markPaid': () => {
            h.actor().send({ type: 'dialog.open', dialog: { kind: 'markPaid', invoice } });
            h.actor().send({ type: 'dialog.confirm' });
          },
          'user.credit': () => {
            h.actor().send({ type: 'dialog.open', dialog: { kind: 'credit', invoice } });
            h.actor().send({ type: 'dialog.confirm', reason: 'Erreur de formule' });
          },
          'server.billing': () => h.answer('getBilling', ok(billing)),
          'server.billingWithOpenInvoice': () => h.answer('getBilling', ok(withOpenInvoice)),
          'server.down': () => h.refuse('getBilling', { message: 'Aucune réponse du serveur.' }),
          'server.billingAndCompany': async () => {
            await h.answer('getBilling', ok(billing));
            await h.answer('getCompany', ok({ name: 'Chantiers du Rhône' }));
          },
          'server.billingWithoutCompany': async () => {
            await h.answer('getBilling', ok(billing));
            await h.refuse('getCompany', { message: 'Aucune réponse du serveur.' });
          },
          'server.sessionOpened': () => h.answer('startCheckout', { sessionId: 'cs_test_a1B2c3D4', url: STRIPE }),
          'server.refusesCheckout': () => h.refuse('startCheckout', refusals.checkout),
          'server.invoiceIssued': async () => {
            invoicesBefore = ctx().invoicesVersion;
            await h.answer('orderPlanByTransfer', ok(invoice, 'Facture 2026-000004 émise pour la formule Pro : réglez-la par virement avec la référence indiquée.'));
          },
          'server.refusesOrder': () => h.refuse('orderPlanByTransfer', refusals.order),
          'server.billingRefreshed': () => h.answer('getBilling', ok({ ...billing, openInvoice: invoice })),
          'server.detailsSaved': () => h.answer('updateBilling', ok({ ...billing, details }, 'Informations de facturation enregistrées.')),
          'server.refusesDetails': () => h.refuse('updateBilling', refusals.details),
          'server.portalOpened': () => h.answer('openBillingPortal', ok({ url: PORTAL })),
          'server.portalDown': () => h.refuse('openBillingPortal', refusals.portal),
          'server.planSet': () => h.answer('setCompanyPlan', ok({ ...billing, plan: pro } as Billing, 'Formule Pro appliquée.')),
          'server.paymentRecorded': async () => {
            invoicesBefore = ctx().invoicesVersion;
            await h.answer('markInvoicePaid', ok({ ...invoice, status: 'paid' } as Invoice, 'Paiement enregistré.'));
          },
          'server.credited': async () => {
            invoicesBefore = ctx().invoicesVersion;
            await h.answer('creditInvoice', ok(invoice, 'Avoir émis.'));
          },
        },
        states: {
          start: () => undefined,
          loading: () => {
            record(snapshot());
            expect(snapshot().matches({ page: 'loading' })).toBe(true);
            expect(snapshot().hasTag('loading')).toBe(true);
            expect(h.last('getBilling')!.input).toEqual({ companyId: COMPANY });
            expect(region('company'), 'a manager is not told their own company name').toBe('none');
          },
          loadFailed: () => {
            record(snapshot());
            expect(snapshot().matches({ page: 'failed' })).toBe(true);
            expect(ctx().loadError?.message).toBe('Aucune réponse du serveur.');
          },
          ready: () => {
            record(snapshot());
            expect(snapshot().matches({ page: { ready: 'shown' } })).toBe(true);
            expect(ctx().billing).toEqual(billing);
            expect(snapshot().value).toMatchObject({ card: 'idle', dialog: 'closed', details: 'idle', portal: 'idle' });
            expect(ctx().dialog).toBeNull();
          },
          pending: () => {
            record(snapshot());
            expect(ctx().billing?.openInvoice?.number).toBe('2026-000004');
          },
          transferHeld: () => {
            record(snapshot());
            expect(region('dialog'), 'no dialog while an invoice awaits its transfer').toBe('closed');
            // Nothing to confirm either: the order (and its 409) is never sent.
            h.actor().send({ type: 'dialog.confirm' });
            expect(h.count('orderPlanByTransfer')).toBe(0);
          },
          cardStarting: () => {
            record(snapshot());
            expect(region('card')).toBe('starting');
            expect(h.last('startCheckout')!.input).toEqual({ companyId: COMPANY, plan: 'pro', cycle: 'yearly' });
            expect(h.left).toEqual([]);
          },
          cardLeft: () => {
            record(snapshot());
            expect(region('card'), 'busy while the browser leaves').toBe('leaving');
            expect(h.left).toEqual([STRIPE]);
          },
          cardFailed: () => {
            record(snapshot());
            expect(region('card')).toBe('failed');
            expect(ctx().checkoutError).toEqual(refusals.checkout);
            expect(h.left).toEqual([]);
          },
          transferAsked: () => {
            record(snapshot());
            expect(region('dialog')).toBe('open');
            expect(ctx().dialog).toEqual({ kind: 'transfer', plan: pro, cycle: 'yearly' });
          },
          transferSending: () => {
            record(snapshot());
            expect(snapshot().matches({ dialog: { sending: 'transfer' } })).toBe(true);
            expect(h.last('orderPlanByTransfer')!.input).toEqual({ companyId: COMPANY, plan: 'pro', cycle: 'yearly' });
            expect(ctx().dialogError).toBeNull();
          },
          transferRefused: () => {
            record(snapshot());
            expect(region('dialog')).toBe('refused');
            expect(ctx().dialogError?.message).toBe(refusals.order.message);
            expect(ctx().dialog?.kind, 'the dialog stays open').toBe('transfer');
          },
          orderIssued: () => {
            record(snapshot());
            expect(region('dialog')).toBe('closed');
            expect(ctx().dialog).toBeNull();
            expect(h.notified.at(-1)).toBe('Facture 2026-000004 émise pour la formule Pro : réglez-la par virement avec la référence indiquée.');
            expect(ctx().invoicesVersion, 'the invoices load again').toBe(invoicesBefore + 1);
            expect(snapshot().matches({ page: { ready: 'refreshing' } }), 'the billing loads again').toBe(true);
            expect(ctx().billing, 'shown while it loads again').toEqual(billing);
          },
          ordered: () => {
            record(snapshot());
            expect(snapshot().matches({ page: { ready: 'shown' } })).toBe(true);
            expect(ctx().billing?.openInvoice?.number, 'the new invoice now holds further transfers').toBe('2026-000004');
          },
          detailsSaving: () => {
            record(snapshot());
            expect(region('details')).toBe('saving');
            expect(h.last('updateBilling')!.input).toEqual({ companyId: COMPANY, details });
          },
          detailsSaved: () => {
            record(snapshot());
            expect(region('details')).toBe('idle');
            expect(ctx().billing?.details).toEqual(details);
            expect(h.notified).toEqual(['Informations de facturation enregistrées.']);
          },
          detailsRefused: () => {
            record(snapshot());
            expect(region('details')).toBe('refused');
            expect(ctx().detailsError?.details).toEqual(refusals.details.details);
          },
          portalOpening: () => {
            record(snapshot());
            expect(region('portal')).toBe('opening');
            expect(h.last('openBillingPortal')!.input).toEqual({ companyId: COMPANY });
          },
          portalLeft: () => {
            record(snapshot());
            expect(region('portal')).toBe('leaving');
            expect(h.left).toEqual([PORTAL]);
          },
          portalFailed: () => {
            record(snapshot());
            expect(region('portal')).toBe('failed');
            expect(ctx().portalError?.message).toBe('Stripe ne répond pas.');
          },
          adminLoading: () => {
            record(snapshot());
            expect(region('company')).toBe('loading');
            expect(h.last('getCompany')!.input).toEqual({ id: COMPANY });
          },
          adminUnnamed: () => {
            record(snapshot());
            expect(region('company')).toBe('unnamed');
            expect(ctx().companyName).toBeNull();
          },
          adminReady: () => {
            record(snapshot());
            expect(region('company')).toBe('named');
            expect(ctx().companyName).toBe('Chantiers du Rhône');
            // An admin does not order: neither card nor transfer.
            h.actor().send({ type: 'card.start', plan: pro, cycle: 'yearly' });
            h.actor().send({ type: 'dialog.open', dialog: { kind: 'transfer', plan: pro, cycle: 'yearly' } });
            expect(snapshot().value).toMatchObject({ card: 'idle', dialog: 'closed' });
          },
          setPlanSending: () => {
            record(snapshot());
            expect(snapshot().matches({ dialog: { sending: 'setPlan' } })).toBe(true);
            expect(h.last('setCompanyPlan')!.input).toEqual({ companyId: COMPANY, plan: 'pro', cycle: 'monthly', reason: 'Geste commercial' });
          },
          planSet: () => {
            record(snapshot());
            expect(region('dialog')).toBe('closed');
            expect(ctx().billing?.plan.code, 'the answer is the billing').toBe('pro');
            expect(h.notified).toEqual(['Formule Pro appliquée.']);
          },
          markPaidSending: () => {
            record(snapshot());
            expect(snapshot().matches({ dialog: { sending: 'markPaid' } })).toBe(true);
            expect(h.last('markInvoicePaid')!.input).toEqual({ id: invoice._id });
          },
          paymentRecorded: () => {
            record(snapshot());
            expect(region('dialog')).toBe('closed');
            expect(h.notified).toEqual(['Paiement enregistré.']);
            expect(ctx().invoicesVersion).toBe(invoicesBefore + 1);
          },
          creditSending: () => {
            record(snapshot());
            expect(snapshot().matches({ dialog: { sending: 'credit' } })).toBe(true);
            expect(h.last('creditInvoice')!.input).toEqual({ id: invoice._id, reason: 'Erreur de formule' });
          },
          credited: () => {
            record(snapshot());
            expect(region('dialog')).toBe('closed');
            expect(h.notified).toEqual(['Avoir émis.']);
            expect(ctx().invoicesVersion).toBe(invoicesBefore + 1);
          },
        },
      });
    });
  }

  it('visited every atomic state of the machine', () => {
    const atomic = (node: typeof billingMachine.root, path: string[] = []): string[] => {
      const children = Object.values(node.states) as (typeof billingMachine.root)[];
      if (children.length === 0) return [['billing', ...path].join('.')];
      return children.flatMap((child) => atomic(child, [...path, child.key]));
    };
    // `company.choosing` is transient: it decides at once between none and loading.
    const missing = atomic(billingMachine.root).filter((state) => !visited.has(state) && state !== 'billing.company.choosing');
    expect(missing).toEqual([]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { billingEmployee, billingEssential, invoicesDemo, statusOf } from '../../ui/billing/billing-fixtures';
import type { CheckoutStatus } from '../../machines/checkout.machine';
import { lyon } from '../../ui/admin/admin-fixtures';

// The billing pages wired to their operations (issue 14): what the manager and the employee see,
// the details form's refusal on its field, a transfer order, and the return page from Stripe
// following the session until the plan is active (or saying it is still waiting).

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
  vi.useRealTimers();
});

const COMPANY = users.manager.company._id;
const invoicePage = { items: invoicesDemo, count: invoicesDemo.length, totalPages: 1 };

describe('/billing/{companyId}', () => {
  it('a manager sees the plan, usage, invoices and details; a refused VAT number shows on its field', { timeout: 30_000 }, async () => {
    const u = userEvent.setup();
    const listInvoices = vi.fn(async () => invoicePage);
    const updateBilling = vi.fn(async (_input: unknown) => {
      throw { message: "Ce numéro de TVA n'est pas valide.", status: 400, details: [{ field: 'vatNumber', msg: "Ce numéro de TVA n'est pas valide." }] };
    });
    const operations = fakeOperations(
      { current: users.manager },
      {
        getBilling: fromPromise(async () => ({ message: '', data: { ...billingEssential, companyId: COMPANY } })),
        listInvoices: fromPromise(() => listInvoices()),
        updateBilling: fromPromise(({ input }) => updateBilling(input)),
      },
    );
    await renderApp({ path: `/billing/${COMPANY}`, who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: 'Facturation et abonnement' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Soumissio — Facturation'));
    expect(await screen.findByText('Formule Essentiel')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Utilisateurs' }).getAttribute('aria-valuetext')).toBe('4 sur 10');
    const table = await screen.findByRole('table', { name: 'Factures et avoirs' });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const vat = screen.getByLabelText('N° de TVA intracommunautaire');
    await u.clear(vat);
    await u.type(vat, 'FR00123');
    await u.click(screen.getByRole('button', { name: 'Enregistrer les informations' }));
    await waitFor(() => expect(vat.getAttribute('aria-invalid')).toBe('true'));
    expect(updateBilling).toHaveBeenCalledWith({ companyId: COMPANY, details: expect.objectContaining({ vatNumber: 'FR00123' }) });
    expect(screen.getAllByText("Ce numéro de TVA n'est pas valide.").length).toBeGreaterThan(0);
  });

  it('an employee sees the plan and usage, and the page never asks for the invoices', { timeout: 30_000 }, async () => {
    const listInvoices = vi.fn(async () => invoicePage);
    const operations = fakeOperations(
      { current: users.employee },
      {
        getBilling: fromPromise(async () => ({ message: '', data: { ...billingEmployee, companyId: COMPANY } })),
        listInvoices: fromPromise(() => listInvoices()),
      },
    );
    await renderApp({ path: `/billing/${COMPANY}`, who: 'employee', operations });
    expect(await screen.findByText('Formule Essentiel', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Stockage' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('N° de TVA intracommunautaire')).toBeNull();
    expect(listInvoices).not.toHaveBeenCalled();
  });

  it("an admin opens a company's billing: the plan card is titled with the company's name", { timeout: 30_000 }, async () => {
    const getCompany = vi.fn(async (_input: unknown) => ({ message: '', data: { ...lyon, _id: COMPANY, name: 'Chantiers du Rhône' } }));
    const operations = fakeOperations(
      { current: users.admin },
      {
        getBilling: fromPromise(async () => ({ message: '', data: { ...billingEssential, companyId: COMPANY } })),
        getCompany: fromPromise(({ input }) => getCompany(input)),
        listInvoices: fromPromise(async () => invoicePage),
      },
    );
    await renderApp({ path: `/billing/${COMPANY}`, who: 'admin', operations });
    expect(await screen.findByRole('heading', { name: 'Chantiers du Rhône' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Votre formule' })).toBeNull();
    expect(getCompany).toHaveBeenCalledWith({ id: COMPANY });
  });

  it('a manager orders by bank transfer after confirming: the issued invoice appears', { timeout: 30_000 }, async () => {
    const u = userEvent.setup();
    const issued = { ...invoicesDemo[0]!, _id: 'e0000000-0000-4000-8000-000000000005', number: '2026-000005', plan: 'pro' };
    let invoices = invoicesDemo.slice(1);
    const orderPlanByTransfer = vi.fn(async (_input: unknown) => {
      invoices = [issued, ...invoices];
      return { message: 'Facture 2026-000005 émise pour la formule Pro : réglez-la par virement avec la référence indiquée.', data: issued };
    });
    const operations = fakeOperations(
      { current: users.manager },
      {
        getBilling: fromPromise(async () => ({ message: '', data: { ...billingEssential, companyId: COMPANY } })),
        listInvoices: fromPromise(async () => ({ items: invoices, count: invoices.length, totalPages: 1 })),
        orderPlanByTransfer: fromPromise(({ input }) => orderPlanByTransfer(input)),
      },
    );
    await renderApp({ path: `/billing/${COMPANY}`, who: 'manager', operations });
    const table = await screen.findByRole('table', { name: 'Factures et avoirs' }, { timeout: 15_000 });
    expect(within(table).queryByText('2026-000005')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Payer par virement — formule Pro' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Commander la formule Pro par virement ?' });
    await u.click(within(dialog).getByRole('button', { name: 'Commander et recevoir la facture' }));
    expect(orderPlanByTransfer).toHaveBeenCalledWith({ companyId: COMPANY, plan: 'pro', cycle: 'yearly' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await within(screen.getByRole('table', { name: 'Factures et avoirs' })).findByText('2026-000005')).toBeTruthy();
  });
});

describe('/billing/success', () => {
  function following(answers: (call: number) => CheckoutStatus) {
    let calls = 0;
    const getCheckoutStatus = vi.fn(async (_input: unknown) => answers(++calls));
    const operations = fakeOperations({ current: users.manager }, { getCheckoutStatus: fromPromise(({ input }) => getCheckoutStatus(input)) });
    return { operations, getCheckoutStatus };
  }

  it('goes from "activation en cours" to the active plan as the webhook is applied', { timeout: 30_000 }, async () => {
    const { operations, getCheckoutStatus } = following((call) => statusOf(call < 3 ? 'paid' : 'applied'));
    await renderApp({ path: '/billing/success?session_id=cs_test_a1B2c3D4', who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: 'Paiement reçu, activation en cours…' }, { timeout: 15_000 })).toBeTruthy();
    expect(getCheckoutStatus).toHaveBeenCalledWith({ companyId: COMPANY, sessionId: 'cs_test_a1B2c3D4' });
    // Two readings 2 s apart.
    expect(await screen.findByRole('heading', { name: 'Votre abonnement Pro est actif' }, { timeout: 8000 })).toBeTruthy();
    expect(getCheckoutStatus).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('link', { name: 'Voir mes factures' }).getAttribute('href')).toBe(`/billing/${COMPANY}`);
  });

  it('after a minute without the webhook, says it is still waiting, distinct from a refusal', { timeout: 30_000 }, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { operations, getCheckoutStatus } = following(() => statusOf('paid'));
    await renderApp({ path: '/billing/success?session_id=cs_test_a1B2c3D4', who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: 'Paiement reçu, activation en cours…' }, { timeout: 15_000 })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(await screen.findByRole('heading', { name: 'Toujours en attente de la confirmation' })).toBeTruthy();
    expect(screen.queryByText('Le paiement a été refusé')).toBeNull();
    const readings = getCheckoutStatus.mock.calls.length;
    expect(readings).toBeGreaterThanOrEqual(25);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(getCheckoutStatus.mock.calls.length, 'no reading after the timeout').toBe(readings);
  });

  it('without session_id, says there is nothing to check and links back', { timeout: 30_000 }, async () => {
    const { operations, getCheckoutStatus } = following(() => statusOf('paid'));
    await renderApp({ path: '/billing/success', who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: 'Aucun paiement à vérifier' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la facturation' }).getAttribute('href')).toBe(`/billing/${COMPANY}`);
    expect(getCheckoutStatus).not.toHaveBeenCalled();
  });
});

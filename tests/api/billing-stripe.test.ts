// Card payments through Stripe (issue 14), against a local fake of Stripe (tests/support/fake-stripe.ts)
// reached by the real `stripe` client: checkout for the company's managers only, the session's
// amount, interval and metadata; paying applies the plan and issues one French invoice; the
// webhook refuses bad signatures, applies an event once, converges when events come out of
// order; a refused payment puts the subscription past due; cancelling falls back to the free plan;
// the customer portal; where a checkout stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, max } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { invoices, outboxEmails, payments, planChanges, stripeEvents } from '../../server/db/schema';
import { invoiceNumber } from '../../server/domains/billing/invoices';
import { createTestApp, createUser, type TestContext } from './context';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const SECRET_KEY = 'sk_test_soumissio_fake';
const WEBHOOK_SECRET = 'whsec_soumissio_fake';
const APP = 'http://app.soumissio.test';

let fake: FakeStripe;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  ctx = await createTestApp({ publicUrl: APP, stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url } });
  fake.setWebhook(async (payload, signature) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });
    return { status: res.statusCode, body: res.body };
  });
  admin = await createUser(ctx, 'admin');
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

type Billing = { plan: { code: string }; subscribedPlan: string; status: string; cycle: string; renewsAt: string | null; paymentMethod: { type: string; summary: string } | null; cardPayments: boolean; cardSubscription: boolean };
type Status = { sessionId: string; state: string; plan: string; cycle: string; billing: Billing };

const billingOf = async (token: string, companyId: string) => (await call(token, 'GET', `/api/billing/${companyId}`)).json() as Billing;
const companyInvoices = (companyId: string) => ctx.db.select().from(invoices).where(eq(invoices.companyId, companyId));

async function checkout(manager: { token: string; companyId: string | null }, plan = 'essential', cycle = 'monthly') {
  const res = await call(manager.token, 'POST', `/api/billing/${manager.companyId}/checkout`, { plan, cycle });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { sessionId: string; url: string };
}

/** A manager whose company pays `plan` by card (paid through the fake's hosted page). */
async function cardCompany(plan = 'essential', cycle = 'monthly') {
  const manager = await createUser(ctx, 'manager');
  const session = await checkout(manager, plan, cycle);
  const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return { manager, session, subscriptionId: fake.sessions.get(session.sessionId)!.subscription as string };
}

describe('checkout', () => {
  it('is for the managers of the company: employees 403, another company 404, admins 403', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const outsider = await createUser(ctx, 'manager');
    const body = { plan: 'essential', cycle: 'monthly' };
    expect((await call(employee.token, 'POST', `/api/billing/${manager.companyId}/checkout`, body)).statusCode).toBe(403);
    expect((await call(outsider.token, 'POST', `/api/billing/${manager.companyId}/checkout`, body)).statusCode).toBe(404);
    expect((await call(admin.token, 'POST', `/api/billing/${manager.companyId}/checkout`, body)).statusCode).toBe(403);
    expect((await call(manager.token, 'POST', `/api/billing/${manager.companyId}/checkout`, { plan: 'free', cycle: 'monthly' })).statusCode).toBe(400);
    expect((await call(manager.token, 'POST', `/api/billing/${randomUUID()}/checkout`, body)).statusCode).toBe(404);
  });

  it('opens a subscription session with the VAT-included price, the interval, the metadata and the return pages; the same order twice is the same session', async () => {
    const manager = await createUser(ctx, 'manager');
    const billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ cardPayments: true, cardSubscription: false });
    const first = await checkout(manager, 'essential', 'monthly');
    expect(first.url).toBe(`${fake.url}/checkout/${first.sessionId}`);
    const session = fake.sessions.get(first.sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: manager.companyId,
      metadata: { companyId: manager.companyId, plan: 'essential', cycle: 'monthly' },
      subscription_data: { metadata: { companyId: manager.companyId, plan: 'essential', cycle: 'monthly' } },
      success_url: `${APP}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/billing/cancel`,
      amount_total: 5880,
    });
    expect(session.line_items[0]).toMatchObject({ quantity: '1', price_data: { currency: 'eur', unit_amount: '5880', recurring: { interval: 'month' }, product_data: { name: 'Soumissio Essentiel' } } });
    // One customer for the company, with its name and an email.
    const customer = fake.customers.get(session.customer)!;
    expect(customer.metadata).toEqual({ companyId: manager.companyId });
    expect(customer.email).toBe(manager.email);
    const again = await checkout(manager, 'essential', 'monthly');
    expect(again.sessionId).toBe(first.sessionId);
    const yearly = await checkout(manager, 'pro', 'yearly');
    expect(yearly.sessionId).not.toBe(first.sessionId);
    const pro = fake.sessions.get(yearly.sessionId)!;
    expect(pro.customer).toBe(session.customer);
    expect(pro.line_items[0].price_data).toMatchObject({ unit_amount: '178800', recurring: { interval: 'year' }, product_data: { name: 'Soumissio Pro' } });
    const sessionCalls = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessionCalls.every((r) => r.idempotencyKey?.startsWith('soumissio-checkout-'))).toBe(true);
  });

  it('serves an accessible French checkout page on the fake (Payer, Annuler)', async () => {
    const manager = await createUser(ctx, 'manager');
    const session = await checkout(manager);
    const html = await (await fetch(session.url)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('58,80\u00a0€ TTC par mois');
    expect(html).toContain('<button type="submit">Payer</button>');
    expect(html).toContain(`<a href="${APP}/billing/cancel">Annuler</a>`);
  });

  it('paid through the fake: the plan applies, one paid card invoice with the next number, the status goes open → applied', async () => {
    const manager = await createUser(ctx, 'manager');
    const session = await checkout(manager, 'pro', 'monthly');
    const before = (await call(manager.token, 'GET', `/api/billing/${manager.companyId}/checkout/${session.sessionId}`)).json() as Status;
    expect(before).toMatchObject({ sessionId: session.sessionId, state: 'open', plan: 'pro', cycle: 'monthly', billing: { status: 'trialing' } });
    const year = new Date().getUTCFullYear();
    const [last] = await ctx.db.select({ seq: max(invoices.seq) }).from(invoices).where(eq(invoices.year, year));
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${APP}/billing/success?session_id=${session.sessionId}`);

    const billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ subscribedPlan: 'pro', status: 'active', plan: { code: 'pro' }, cycle: 'monthly', cardSubscription: true, paymentMethod: { type: 'card', summary: 'Visa •••• 4242' } });
    expect(Date.parse(billing.renewsAt!) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const issued = await companyInvoices(manager.companyId!);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ paymentMethod: 'card', status: 'paid', plan: 'pro', cycle: 'monthly', totalExclVat: 14900, totalVat: 2980, totalInclVat: 17880, number: invoiceNumber(year, (last?.seq ?? 0) + 1) });
    expect(issued[0]!.stripeInvoiceId).toMatch(/^in_/);
    const listed = (await call(manager.token, 'GET', `/api/billing/${manager.companyId}/invoices`)).json() as { count: number; invoices: { paymentMethod: string; status: string }[] };
    expect(listed.count).toBe(1);
    const mails = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, manager.email));
    expect(mails.some((m) => m.subject === `Facture ${issued[0]!.number} — Soumissio`)).toBe(true);
    const changes = await ctx.db.select().from(planChanges).where(eq(planChanges.companyId, manager.companyId!));
    expect(changes.some((c) => c.source === 'stripe' && c.reason === 'Stripe' && c.toPlan === 'pro')).toBe(true);

    const after = (await call(manager.token, 'GET', `/api/billing/${manager.companyId}/checkout/${session.sessionId}`)).json() as Status;
    expect(after).toMatchObject({ state: 'applied', billing: { status: 'active', subscribedPlan: 'pro' } });
    const byAdmin = await call(admin.token, 'GET', `/api/billing/${manager.companyId}/checkout/${session.sessionId}`);
    expect(byAdmin.statusCode).toBe(200);
    // A company paying by card is sent to the portal rather than to a second checkout.
    const second = await call(manager.token, 'POST', `/api/billing/${manager.companyId}/checkout`, { plan: 'essential', cycle: 'monthly' });
    expect(second.statusCode).toBe(409);
    expect((second.json() as { msg: string }).msg).toContain('paie déjà par carte');
  });

  it('answers paid while the webhook has not come yet; another company cannot read the session', async () => {
    const manager = await createUser(ctx, 'manager');
    const outsider = await createUser(ctx, 'manager');
    const session = await checkout(manager);
    await fake.pay(session.sessionId, { deliver: false });
    const status = (await call(manager.token, 'GET', `/api/billing/${manager.companyId}/checkout/${session.sessionId}`)).json() as Status;
    expect(status.state).toBe('paid');
    expect((await call(outsider.token, 'GET', `/api/billing/${outsider.companyId}/checkout/${session.sessionId}`)).statusCode).toBe(404);
    expect((await call(outsider.token, 'GET', `/api/billing/${manager.companyId}/checkout/${session.sessionId}`)).statusCode).toBe(404);
    expect((await call(manager.token, 'GET', `/api/billing/${manager.companyId}/checkout/cs_test_unknown`)).statusCode).toBe(404);
  });
});

describe('the webhook', () => {
  it('refuses a wrong signature, a stale timestamp and a missing header, and applies nothing', async () => {
    const manager = await createUser(ctx, 'manager');
    const session = await checkout(manager);
    const { events } = await fake.pay(session.sessionId, { deliver: false });
    const completed = events[0]!;
    const wrong = await fake.send(completed, { secret: 'whsec_someone_else' });
    expect(wrong.status).toBe(400);
    expect((JSON.parse(wrong.body) as { msg: string }).msg).toBe('Signature Stripe absente, invalide ou expirée : l\'événement est refusé.');
    const stale = await fake.send(completed, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    // Signed ten minutes ahead of our clock (issue 24): refused too; a few seconds ahead is clock skew.
    const ahead = await fake.send(completed, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect(ahead.status).toBe(400);
    expect((JSON.parse(ahead.body) as { msg: string }).msg).toBe('Signature Stripe absente, invalide ou expirée : l\'événement est refusé.');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed) });
    expect(missing.statusCode).toBe(400);
    // A signature made up, or one made for other bytes.
    const madeUp = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: JSON.stringify(completed) });
    expect(madeUp.statusCode).toBe(400);
    const header = (await import('stripe')).default.webhooks.generateTestHeaderString({ payload: JSON.stringify(completed), secret: WEBHOOK_SECRET });
    const otherBytes = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload: JSON.stringify({ ...completed, type: 'invoice.paid' }) });
    expect(otherBytes.statusCode).toBe(400);
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(0);
    expect((await billingOf(manager.token, manager.companyId!)).status).toBe('trialing');
  });

  it('applies an event delivered twice once, and one invoice per Stripe invoice whatever the events', async () => {
    const manager = await createUser(ctx, 'manager');
    const session = await checkout(manager);
    const { events, invoice } = await fake.pay(session.sessionId, { deliver: false });
    for (const evt of events) expect((await fake.send(evt)).status).toBe(200);
    const paidEvent = events[2]!;
    const again = await fake.send(paidEvent);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ received: true });
    // Another event telling of the same Stripe invoice.
    expect((await fake.deliver('invoice.paid', invoice)).status).toBe(200);
    expect(await companyInvoices(manager.companyId!)).toHaveLength(1);
    expect((await billingOf(manager.token, manager.companyId!)).status).toBe('active');
  });

  it('ends in the right state when events come out of order', async () => {
    const manager = await createUser(ctx, 'manager');
    const session = await checkout(manager, 'pro', 'yearly');
    const { events, subscription } = await fake.pay(session.sessionId, { deliver: false });
    // subscription.updated first, then the invoice, then the checkout's completion.
    expect((await fake.deliver('customer.subscription.updated', fake.subscriptionOut(subscription))).status).toBe(200);
    let billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ subscribedPlan: 'pro', status: 'active', cycle: 'yearly', cardSubscription: true });
    expect((await fake.send(events[2]!)).status).toBe(200);
    expect((await fake.send(events[0]!)).status).toBe(200);
    expect((await fake.send(events[1]!)).status).toBe(200);
    billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ subscribedPlan: 'pro', status: 'active', cycle: 'yearly' });
    const issued = await companyInvoices(manager.companyId!);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ totalInclVat: 178800, cycle: 'yearly' });
    // A stale deletion event arriving after: Stripe's current state (active) wins, fetched again.
    expect((await fake.deliver('customer.subscription.deleted', { ...fake.subscriptionOut(subscription), status: 'canceled' })).status).toBe(200);
    expect((await billingOf(manager.token, manager.companyId!)).status).toBe('active');
  });

  it('a refused payment puts the subscription past due and tells the managers', async () => {
    const { manager, subscriptionId } = await cardCompany();
    const answers = await fake.failPayment(subscriptionId);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ status: 'past_due', cardSubscription: true });
    const mails = await ctx.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, manager.email), eq(outboxEmails.subject, 'Paiement par carte refusé — Soumissio')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${APP}/billing/${manager.companyId}`);
  });

  it('a cancelled subscription falls back to the free plan and its limits, data kept', async () => {
    const { manager, subscriptionId } = await cardCompany('essential');
    await createUser(ctx, 'employee', { companyId: manager.companyId });
    await createUser(ctx, 'employee', { companyId: manager.companyId });
    expect((await call(manager.token, 'POST', '/api/invites', { email: `${randomUUID().slice(0, 8)}@example.fr`, role: 'employee' })).statusCode).toBe(201);
    expect((await fake.cancel(subscriptionId)).status).toBe(200);
    const billing = await billingOf(manager.token, manager.companyId!);
    expect(billing).toMatchObject({ status: 'canceled', plan: { code: 'free' }, cardSubscription: false });
    const refused = await call(manager.token, 'POST', '/api/invites', { email: `${randomUUID().slice(0, 8)}@example.fr`, role: 'employee' });
    expect(refused.statusCode).toBe(402);
    expect(await companyInvoices(manager.companyId!)).toHaveLength(1);
    const changes = await ctx.db.select().from(planChanges).where(eq(planChanges.companyId, manager.companyId!));
    expect(changes.at(-1)).toMatchObject({ source: 'stripe', toPlan: 'free' });
    // Cancelled: a new checkout is possible again.
    expect((await call(manager.token, 'POST', `/api/billing/${manager.companyId}/checkout`, { plan: 'essential', cycle: 'monthly' })).statusCode).toBe(201);
  });

  it('records what Stripe charged: 1 € paid for Pro yearly grants nothing, the invoice stays open for its balance, as an admin sees it', async () => {
    const manager = await createUser(ctx, 'manager');
    expect((await call(admin.token, 'PUT', `/api/billing/${manager.companyId}/plan`, { plan: 'free', reason: 'Fin d\'essai' })).statusCode).toBe(200);
    const session = await checkout(manager, 'pro', 'yearly');
    const { answers } = await fake.pay(session.sessionId, { charged: 100 });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Not upgraded: still the free plan, whatever order the events came in.
    expect(await billingOf(manager.token, manager.companyId!)).toMatchObject({ subscribedPlan: 'free', plan: { code: 'free' }, cardSubscription: false });
    const [issued] = await companyInvoices(manager.companyId!);
    expect(issued).toMatchObject({ status: 'open', paidAt: null, totalInclVat: 178800, paymentMethod: 'card' });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.invoiceId, issued!.id));
    expect(payment).toMatchObject({ amount: 100, method: 'card' });
    const listed = (await call(admin.token, 'GET', `/api/billing/${manager.companyId}/invoices`)).json() as { invoices: { number: string; status: string; amountPaid: number; totalInclVat: number }[] };
    expect(listed.invoices).toEqual([expect.objectContaining({ number: issued!.number, status: 'open', amountPaid: 100, totalInclVat: 178800 })]);
    expect(((await call(manager.token, 'GET', `/api/billing/${manager.companyId}`)).json() as { openInvoice: unknown }).openInvoice).toMatchObject({ number: issued!.number, amountPaid: 100, totalInclVat: 178800, paymentMethod: 'card' });
    // The managers are told: what was received, that Pro is not on, the balance and how to settle it (no "paid" invoice email).
    const mails = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, manager.email));
    expect(mails.map((m) => m.subject)).toEqual(['Paiement reçu incomplet : formule Pro non activée — Soumissio']);
    // Amounts as French writes them: a narrow no-break space between thousands, a no-break space before €.
    expect(mails[0]!.text).toContain('Paiement reçu : 1,00\u00a0€ sur 1\u202f788,00\u00a0€ TTC pour la formule Pro.');
    expect(mails[0]!.text).toContain(`Il reste 1\u202f787,00\u00a0€ à régler sur la facture ${issued!.number}, par virement avec la référence ${issued!.paymentReference}`);
    // A payment received for the balance, marked by an admin, records the balance only.
    expect((await call(admin.token, 'POST', `/api/invoices/${issued!.id}/payment`, {})).statusCode).toBe(200);
    expect((await ctx.db.select().from(payments).where(eq(payments.invoiceId, issued!.id))).map((p) => p.amount).sort((a, b) => a - b)).toEqual([100, 178700]);
  });

  it("a short card payment is in each manager's notification centre, once; not in the employees'", async () => {
    const manager = await createUser(ctx, 'manager');
    const other = await createUser(ctx, 'manager', { companyId: manager.companyId });
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const session = await checkout(manager, 'pro', 'monthly');
    const { answers } = await fake.pay(session.sessionId, { charged: 5000 });
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const [issued] = await companyInvoices(manager.companyId!);
    type Listed = { unread: number; notifications: { kind: string; tender: unknown; payload: Record<string, unknown>; readAt: string | null }[] };
    for (const reader of [manager, other]) {
      const listed = (await call(reader.token, 'GET', '/api/notifications')).json() as Listed;
      expect(listed.unread).toBe(1);
      expect(listed.notifications).toEqual([expect.objectContaining({ kind: 'payment_short', tender: null, readAt: null, payload: { paid: 5000, due: 17880, number: issued!.number } })]);
    }
    expect(((await call(employee.token, 'GET', '/api/notifications')).json() as Listed).notifications).toEqual([]);
    // The same Stripe invoice told again (another event): no second notification.
    const stripeInvoiceId = issued!.stripeInvoiceId!;
    expect((await fake.deliver('invoice.paid', { id: stripeInvoiceId, object: 'invoice' })).status).toBe(200);
    expect(((await call(manager.token, 'GET', '/api/notifications')).json() as Listed).notifications).toHaveLength(1);
  });

  it('records the amount Stripe charged on a full payment', async () => {
    const { manager } = await cardCompany('essential', 'monthly');
    const [issued] = await companyInvoices(manager.companyId!);
    expect((await ctx.db.select().from(payments).where(eq(payments.invoiceId, issued!.id))).map((p) => p.amount)).toEqual([5880]);
  });

  it('ignores event types it does not handle', async () => {
    const res = await fake.deliver('charge.refunded', { id: 'ch_1', object: 'charge' });
    expect(res.status).toBe(200);
  });
});

describe('the customer portal', () => {
  it('is refused (409) to a company that never paid by card, opened (201) for one that does, and cancels there', async () => {
    const manager = await createUser(ctx, 'manager');
    const refused = await call(manager.token, 'POST', `/api/billing/${manager.companyId}/portal`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { msg: string }).msg).toContain('ne paie pas par carte');

    const card = await cardCompany();
    const employee = await createUser(ctx, 'employee', { companyId: card.manager.companyId });
    expect((await call(employee.token, 'POST', `/api/billing/${card.manager.companyId}/portal`)).statusCode).toBe(403);
    const opened = await call(card.manager.token, 'POST', `/api/billing/${card.manager.companyId}/portal`);
    expect(opened.statusCode).toBe(201);
    const { url } = opened.json() as { url: string };
    expect(url.startsWith(`${fake.url}/portal/`)).toBe(true);
    const html = await (await fetch(url)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<button type="submit">Résilier l\'abonnement</button>');
    expect(html).toContain(`<a href="${APP}/billing/${card.manager.companyId}">Retour à Soumissio</a>`);
    const cancelled = await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${APP}/billing/${card.manager.companyId}`);
    expect((await billingOf(card.manager.token, card.manager.companyId!)).status).toBe('canceled');
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('card payment answers 503 with a sentence; Billing says card payments are off', async () => {
    const bare = await createTestApp();
    try {
      const manager = await createUser(bare, 'manager');
      const ask = (method: 'GET' | 'POST', url: string, payload?: object) => bare.app.inject({ method, url, headers: { authorization: `Bearer ${manager.token}` }, ...(payload ? { payload } : {}) });
      const res = await ask('POST', `/api/billing/${manager.companyId}/checkout`, { plan: 'essential', cycle: 'monthly' });
      expect(res.statusCode).toBe(503);
      expect((res.json() as { msg: string }).msg).toContain("n'est pas proposé");
      expect((await ask('POST', `/api/billing/${manager.companyId}/portal`)).statusCode).toBe(503);
      expect((await ask('GET', `/api/billing/${manager.companyId}/checkout/cs_test_x`)).statusCode).toBe(503);
      const hook = await bare.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
      expect(hook.statusCode).toBe(503);
      expect(((await ask('GET', `/api/billing/${manager.companyId}`)).json() as Billing).cardPayments).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

describe('when Stripe fails', () => {
  it('answers 502 with a sentence, never 500', async () => {
    const manager = await createUser(ctx, 'manager');
    fake.setFailing(true);
    try {
      const res = await call(manager.token, 'POST', `/api/billing/${manager.companyId}/checkout`, { plan: 'essential', cycle: 'monthly' });
      expect(res.statusCode).toBe(502);
      expect((res.json() as { msg: string }).msg).toContain('Stripe');
    } finally {
      fake.setFailing(false);
    }
  });
});

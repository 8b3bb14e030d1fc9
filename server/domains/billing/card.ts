import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { Database } from '../../db/client';
import type { Handlers } from '../../openapi/handlers';
import { companies, invoices, notifications, payments, planChanges, stripeEvents, subscriptions, users } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { pickLanguage } from '../../i18n';
import { readScope, writeScope } from '../companies/scope';
import { effectivePlan, subscriptionOf, type SubscriptionRow } from './store';
import { buyerOf, invoiceWithLines, issueInvoiceIn, lineAmounts } from './invoices';
import { FALLBACK_PLAN, isPlanCode, PLANS, planPrice, VAT_RATE, type PlanCode } from './plans';
import { billingFor, canManageBilling, planLine } from './routes';
import { callStripe, cardPaymentsOf, idempotencyKey, idOf, type CardPayments } from './stripe';
import { dayIn } from '../../../rules/calendar';
import { emailEuros } from './money';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Cycle = 'monthly' | 'yearly';
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A webhook signed more than this ahead of our clock is refused, as one older than Stripe's 5-minute tolerance is. */
const WEBHOOK_FUTURE_TOLERANCE_S = 5 * 60;
/** The `t=` timestamp of a Stripe-Signature header (seconds; Infinity when absent or unreadable). */
const signedAt = (header: string) => {
  const t = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  return t ? Number(t) : Infinity;
};

const frDate = (iso: string) => iso.split('-').reverse().join('/');
const euros = emailEuros;
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** What a plan costs a period, VAT included (20 %): what the card is charged, and what our invoice totals. */
export function priceInclVat(plan: PlanCode, cycle: Cycle) {
  const { totalExclVat, vat } = lineAmounts({ description: '', quantity: 1, unitPrice: planPrice(PLANS[plan], cycle), vatRate: VAT_RATE });
  return totalExclVat + vat;
}

/** Stripe's subscription status as ours; null: nothing to apply yet (the first payment is not made). */
export function statusOf(status: Stripe.Subscription.Status): SubscriptionRow['status'] | null {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}

/**
 * A card payment short of the price (issue 24): each active manager of the company finds it in
 * the notification centre too, once per invoice, in the webhook's transaction (applied once with
 * the event). The client words it in the reader's language and links it to /billing.
 */
async function notifyShortPayment(tx: Transaction, companyId: string, invoiceId: string, amounts: { paid: number; due: number }) {
  const [invoice] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  const managers = await tx.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.role, 'manager'), eq(users.active, true)));
  if (!managers.length) return;
  await tx
    .insert(notifications)
    .values(managers.map((manager) => ({ userId: manager.id, kind: 'payment_short', tenderId: null, tenderCallId: null, payload: { ...amounts, number: invoice?.number ?? '' }, dedupeKey: `payment_short:${invoiceId}` })))
    .onConflictDoNothing();
}

/** The billing cycle of a subscription's price, when Stripe gives it. */
const cycleOfSubscription = (subscription: Stripe.Subscription): Cycle | null => {
  const interval = subscription.items?.data?.[0]?.price?.recurring?.interval;
  return interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : null;
};

const planOfMetadata = (metadata: Stripe.Metadata | null | undefined): PlanCode | null => {
  const plan = metadata?.plan;
  return plan && isPlanCode(plan) && plan !== 'free' ? plan : null;
};

/** The card's summary for the billing page ("Visa •••• 4242"), when Stripe gave the payment method. */
function cardSummaryOf(subscription: Stripe.Subscription): string | null {
  const method = subscription.default_payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  const brand = method.card.brand ? method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1) : 'Carte';
  return `${brand} •••• ${method.card.last4}`;
}

/**
 * Card payments (issue 14): Stripe Checkout in subscription mode, the customer portal, and the
 * signed webhook that applies what Stripe says (each event once; the subscription fetched again
 * from Stripe, so that duplicates and events out of order end in Stripe's current state).
 */
export function cardHandlers({ db, mailer, card }: Deps): Handlers<'startCheckout' | 'getCheckoutStatus' | 'openBillingPortal' | 'receiveStripeWebhook'> {
  const companyExists = async (companyId: string) => {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound();
  };

  /** The company's Stripe customer, made once with its billing details (kept in subscriptions.stripeCustomerId). */
  async function customerOf(pay: CardPayments, row: SubscriptionRow, fallbackEmail: string, log: Log): Promise<string> {
    if (row.stripeCustomerId) return row.stripeCustomerId;
    const buyer = await buyerOf(db, row.companyId);
    const params: Stripe.CustomerCreateParams = {
      name: buyer.legalName,
      email: buyer.email || fallbackEmail,
      metadata: { companyId: row.companyId },
      preferred_locales: ['fr'],
      ...(buyer.address || buyer.city
        ? { address: { line1: buyer.address, postal_code: buyer.postalCode, city: buyer.city, country: buyer.country || 'FR' } }
        : {}),
    };
    const customer = await callStripe(() => pay.client.customers.create(params, { idempotencyKey: idempotencyKey(`customer-${row.companyId}`, params) }), log);
    await db
      .update(subscriptions)
      .set({ stripeCustomerId: customer.id, updatedAt: new Date() })
      .where(and(eq(subscriptions.companyId, row.companyId), isNull(subscriptions.stripeCustomerId)));
    // Two checkouts at once: the first customer kept is the company's.
    const [kept] = await db.select({ id: subscriptions.stripeCustomerId }).from(subscriptions).where(eq(subscriptions.companyId, row.companyId)).limit(1);
    return kept?.id ?? customer.id;
  }

  const retrieveSubscription = (pay: CardPayments, id: string, log: Log) =>
    callStripe(() => pay.client.subscriptions.retrieve(id, { expand: ['default_payment_method'] }), log);

  /**
   * Whether the subscription's latest invoice, paid, was charged less than the plan's price
   * (issue 24: a coupon, a price changed in Stripe's dashboard): then no more than was paid is granted.
   * `known`: the invoice already fetched, when it is that one.
   */
  async function underpaid(pay: CardPayments, subscription: Stripe.Subscription, log: Log, planHint: PlanCode | null = null, known?: Stripe.Invoice): Promise<boolean> {
    const plan = planOfMetadata(subscription.metadata) ?? planHint;
    const latest = idOf(subscription.latest_invoice);
    if (!plan || !latest || subscription.status !== 'active') return false;
    const invoice = known?.id === latest ? known : await callStripe(() => pay.client.invoices.retrieve(latest), log);
    const due = priceInclVat(plan, cycleOfSubscription(subscription) ?? 'monthly');
    if (invoice.status !== 'paid' || invoice.amount_paid >= due) return false;
    log.warn({ stripeInvoice: invoice.id, amountPaid: invoice.amount_paid, due }, 'Stripe charged less than the plan price: not granted');
    return true;
  }

  /** The company a Stripe subscription belongs to: its metadata, else the company that keeps its id or its customer. */
  async function companyOfSubscription(subscription: Stripe.Subscription, hint?: string | null): Promise<string | null> {
    for (const candidate of [subscription.metadata?.companyId, hint]) {
      if (!candidate || !/^[0-9a-f-]{36}$/i.test(candidate)) continue;
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, candidate)).limit(1);
      if (company) return company.id;
    }
    const [bySubscription] = await db.select({ id: subscriptions.companyId }).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id)).limit(1);
    if (bySubscription) return bySubscription.id;
    const customer = idOf(subscription.customer);
    if (!customer) return null;
    const [byCustomer] = await db.select({ id: subscriptions.companyId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, customer)).limit(1);
    return byCustomer?.id ?? null;
  }

  /**
   * Writes Stripe's state of the subscription on the company, and records a change of plan or
   * status in plan_changes. News of an older subscription never overrides a live newer one.
   * Answers the row as it now is, or null when nothing applied.
   */
  async function syncSubscription(tx: Transaction, companyId: string, subscription: Stripe.Subscription, hint: { plan?: PlanCode | null; cycle?: Cycle | null; underpaid?: boolean } = {}) {
    const current = await subscriptionOf(tx, companyId);
    if (!current) return null;
    let status = statusOf(subscription.status);
    if (!status) return null;
    if (hint.underpaid && status !== 'canceled') {
      // Charged less than the plan's price: a first payment grants nothing (as if not made), a
      // renewal puts the subscription past due (as a refused card); the balance stays open on our invoice.
      if (current.stripeSubscriptionId !== subscription.id || current.status === 'canceled') return null;
      status = 'past_due';
    }
    if (current.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id && current.status !== 'canceled' && status === 'canceled') return null;
    const item = subscription.items?.data?.[0];
    const interval = item?.price?.recurring?.interval;
    const plan = planOfMetadata(subscription.metadata) ?? hint.plan ?? (isPlanCode(current.plan) ? current.plan : FALLBACK_PLAN);
    const metadataCycle = subscription.metadata?.cycle;
    const cycle: Cycle = interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : metadataCycle === 'yearly' || metadataCycle === 'monthly' ? metadataCycle : (hint.cycle ?? current.cycle);
    const next = {
      plan,
      status,
      cycle,
      paymentMethod: 'card' as const,
      currentPeriodEnd: fromUnix(item?.current_period_end) ?? current.currentPeriodEnd,
      trialEndsAt: status === 'trialing' ? fromUnix(subscription.trial_end) : null,
      stripeCustomerId: idOf(subscription.customer) ?? current.stripeCustomerId,
      stripeSubscriptionId: subscription.id,
      cardSummary: cardSummaryOf(subscription) ?? current.cardSummary,
      updatedAt: new Date(),
    };
    await tx.update(subscriptions).set(next).where(eq(subscriptions.companyId, companyId));
    const before = effectivePlan(current).code;
    const after = effectivePlan(next).code;
    if (before !== after || current.plan !== plan || current.status !== status) {
      await tx.insert(planChanges).values({ companyId, fromPlan: current.plan, toPlan: status === 'canceled' ? FALLBACK_PLAN : plan, source: 'stripe', reason: 'Stripe' });
    }
    return { ...current, ...next };
  }

  /**
   * Runs an event's effects in one transaction with its id: a delivery of an event already
   * applied (even at the same moment) changes nothing. Answers false when it was already applied.
   */
  async function once<T>(event: Stripe.Event, effects: (tx: Transaction) => Promise<T>): Promise<{ applied: boolean; result?: T }> {
    return db.transaction(async (tx) => {
      const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
      if (!fresh) return { applied: false };
      return { applied: true, result: await effects(tx) };
    });
  }

  async function managersOf(companyId: string) {
    return (await db.select({ email: users.email }).from(users).where(and(eq(users.companyId, companyId), eq(users.role, 'manager'), eq(users.active, true)))).map((u) => u.email);
  }

  async function mailInvoice(invoiceId: string, log: Log) {
    const invoice = await invoiceWithLines(db, invoiceId);
    if (!invoice?.companyId) return;
    const recipients = invoice.buyer.email ? [invoice.buyer.email] : await managersOf(invoice.companyId);
    const planName = invoice.plan && isPlanCode(invoice.plan) ? PLANS[invoice.plan].name.fr : '';
    for (const to of recipients) {
      const recorded = await mailer.record({
        to,
        subject: `Facture ${invoice.number} — Soumissio`,
        text: [
          'Bonjour,',
          '',
          `Votre facture ${invoice.number}${planName ? ` (formule ${planName})` : ''} est disponible dans l'espace Facturation.`,
          `Montant : ${euros(invoice.totalInclVat)} TTC, payé par carte le ${frDate(invoice.issueDate)}. Merci !`,
        ].join('\n'),
        kind: 'invoice',
        link: null,
      });
      mailer.deliver(recorded);
    }
    log.info({ invoiceId, number: invoice.number }, 'card invoice issued');
  }

  async function mailPaymentFailed(pay: CardPayments, companyId: string, amount: number) {
    for (const to of await managersOf(companyId)) {
      await mailer.send({
        to,
        kind: 'invoice',
        link: null,
        subject: 'Paiement par carte refusé — Soumissio',
        text: [
          'Bonjour,',
          '',
          `Le prélèvement de votre abonnement Soumissio (${euros(amount)} TTC) sur votre carte a été refusé.`,
          `Mettez à jour votre carte depuis l'espace Facturation : ${pay.publicUrl}/billing/${companyId}`,
          'Sans paiement, votre entreprise repassera à la formule gratuite à la fin de la période de relance de Stripe ; vos données sont conservées.',
        ].join('\n'),
      });
    }
  }

  /**
   * Stripe charged less than the plan's price (issue 24): the payment is recorded, the plan is not
   * granted. The managers are told what was received, that the plan is not on, and how to settle.
   */
  async function mailShortPayment(pay: CardPayments, companyId: string, short: { paid: number; due: number; plan: PlanCode; number: string; reference: string | null }) {
    for (const to of await managersOf(companyId)) {
      await mailer.send({
        to,
        kind: 'invoice',
        link: null,
        subject: `Paiement reçu incomplet : formule ${PLANS[short.plan].name.fr} non activée — Soumissio`,
        text: [
          'Bonjour,',
          '',
          `Paiement reçu : ${euros(short.paid)} sur ${euros(short.due)} TTC pour la formule ${PLANS[short.plan].name.fr}. La formule n'est pas activée tant que le solde n'est pas réglé.`,
          `Il reste ${euros(short.due - short.paid)} à régler sur la facture ${short.number}, par virement${short.reference ? ` avec la référence ${short.reference}` : ''}, ou contactez-nous en répondant à ce message.`,
          `Votre facture et son solde : ${pay.publicUrl}/billing/${companyId}`,
        ].join('\n'),
      });
    }
  }

  /** Applies one verified event; unknown types are ignored. */
  async function applyEvent(pay: CardPayments, event: Stripe.Event, log: Log): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== 'subscription' || !subscriptionId) return;
        const subscription = await retrieveSubscription(pay, subscriptionId, log);
        const companyId = await companyOfSubscription(subscription, session.client_reference_id ?? session.metadata?.companyId);
        const cycle = session.metadata?.cycle;
        const short = await underpaid(pay, subscription, log, planOfMetadata(session.metadata));
        await once(event, async (tx) => {
          if (companyId) await syncSubscription(tx, companyId, subscription, { plan: planOfMetadata(session.metadata), cycle: cycle === 'yearly' || cycle === 'monthly' ? cycle : null, underpaid: short });
        });
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = await retrieveSubscription(pay, event.data.object.id, log);
        const companyId = await companyOfSubscription(subscription);
        const short = await underpaid(pay, subscription, log);
        await once(event, async (tx) => {
          if (companyId) await syncSubscription(tx, companyId, subscription, { underpaid: short });
        });
        return;
      }
      case 'invoice.paid': {
        const stripeInvoice = await callStripe(() => pay.client.invoices.retrieve(event.data.object.id!), log);
        const subscriptionId = idOf(stripeInvoice.parent?.subscription_details?.subscription);
        if (!subscriptionId || !stripeInvoice.id) return;
        const subscription = await retrieveSubscription(pay, subscriptionId, log);
        const companyId = await companyOfSubscription(subscription);
        const short = await underpaid(pay, subscription, log, null, stripeInvoice);
        const { result: issued } = await once(event, async (tx) => {
          if (!companyId) return null;
          const row = await syncSubscription(tx, companyId, subscription, { underpaid: short });
          if (stripeInvoice.amount_paid <= 0) return null;
          // The invoice of a Stripe invoice is issued once, whatever the events that tell of it.
          const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.stripeInvoiceId, stripeInvoice.id!)).limit(1);
          if (existing) return null;
          const plan = planOfMetadata(subscription.metadata) ?? (row && isPlanCode(row.plan) && row.plan !== 'free' ? row.plan : null);
          if (!plan) {
            log.warn({ stripeInvoice: stripeInvoice.id }, 'paid Stripe invoice without a plan: no invoice issued');
            return null;
          }
          const item = subscription.items?.data?.[0];
          const interval = item?.price?.recurring?.interval;
          const cycle: Cycle = interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : (row?.cycle ?? 'monthly');
          const line = stripeInvoice.lines?.data?.[0];
          const start = fromUnix(line?.period?.start) ?? fromUnix(item?.current_period_start) ?? new Date();
          const end = fromUnix(line?.period?.end) ?? fromUnix(item?.current_period_end) ?? new Date(start.getTime() + 30 * 86_400_000);
          const periodStart = dayIn(start);
          // The last day paid (the period ends at the start of the next).
          const periodEnd = dayIn(new Date(Math.max(start.getTime(), end.getTime() - 86_400_000)));
          const due = priceInclVat(plan, cycle);
          const paidAt = fromUnix(stripeInvoice.status_transitions?.paid_at) ?? new Date();
          // What Stripe charged is what is recorded as received (issue 24): less than the price
          // leaves our invoice open for its balance, which an admin sees (amountPaid) and settles.
          const partial = stripeInvoice.amount_paid < due;
          if (stripeInvoice.amount_paid !== due) log.warn({ stripeInvoice: stripeInvoice.id, amountPaid: stripeInvoice.amount_paid, expected: due }, 'Stripe charged another amount than the plan price');
          const invoiceId = await issueInvoiceIn(tx, {
            companyId,
            lines: [planLine(PLANS[plan], cycle, periodStart, periodEnd)],
            paymentMethod: 'card',
            plan,
            cycle,
            periodStart,
            periodEnd,
            ...(partial ? { status: 'open' as const } : { status: 'paid' as const, paidAt, dueDays: 0 }),
            stripeInvoiceId: stripeInvoice.id,
          });
          await tx.insert(payments).values({ invoiceId, companyId, amount: stripeInvoice.amount_paid, method: 'card', reference: stripeInvoice.number ?? stripeInvoice.id, receivedAt: dayIn(paidAt) });
          if (partial) await notifyShortPayment(tx, companyId, invoiceId, { paid: stripeInvoice.amount_paid, due });
          // The "paid by card" email is for invoices paid in full; a short payment has its own.
          return { invoiceId, partial, plan, due };
        });
        if (issued && !issued.partial) await mailInvoice(issued.invoiceId, log).catch((err: unknown) => log.error({ err }, 'card invoice email failed'));
        if (issued?.partial && companyId) {
          const [row] = await db.select({ number: invoices.number, reference: invoices.paymentReference }).from(invoices).where(eq(invoices.id, issued.invoiceId)).limit(1);
          await mailShortPayment(pay, companyId, { paid: stripeInvoice.amount_paid, due: issued.due, plan: issued.plan, number: row?.number ?? '', reference: row?.reference ?? null }).catch((err: unknown) => log.error({ err }, 'short payment email failed'));
        }
        return;
      }
      case 'invoice.payment_failed': {
        const failed = event.data.object;
        const subscriptionId = idOf(failed.parent?.subscription_details?.subscription);
        if (!subscriptionId) return;
        const subscription = await retrieveSubscription(pay, subscriptionId, log);
        const companyId = await companyOfSubscription(subscription);
        const { result: pastDue } = await once(event, async (tx) => {
          if (!companyId) return false;
          const current = await subscriptionOf(tx, companyId);
          if (!current || current.status === 'canceled' || (current.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id)) return false;
          await tx
            .update(subscriptions)
            .set({ status: 'past_due', paymentMethod: 'card', stripeSubscriptionId: subscription.id, stripeCustomerId: idOf(subscription.customer) ?? current.stripeCustomerId, updatedAt: new Date() })
            .where(eq(subscriptions.companyId, companyId));
          return true;
        });
        if (pastDue && companyId) await mailPaymentFailed(pay, companyId, failed.amount_due).catch((err: unknown) => log.error({ err }, 'payment failure email failed'));
        return;
      }
      default:
        return;
    }
  }

  /** What a manager's (or an admin's) card operation starts from: cards on, the company in scope, its subscription row. */
  async function managedSubscription(request: FastifyRequest & { params: { companyId: string } }) {
    const pay = cardPaymentsOf(card);
    const { companyId } = request.params;
    const caller = sessionOf(request).user;
    writeScope(caller, companyId);
    await companyExists(companyId);
    return { pay, companyId, caller, row: await subscriptionOf(db, companyId) };
  }

  return {
    async startCheckout(request, reply) {
      const { pay, companyId, caller, row } = await managedSubscription(request);
      if (!row) throw notFound();
      if (row.stripeSubscriptionId && row.status !== 'canceled') throw new AppError(409, 'billing-card_subscription_exists');
      const { plan, cycle } = request.body;
      const lng = pickLanguage(request.headers['accept-language']);
      const customer = await customerOf(pay, row, caller.email, request.log);
      const metadata = { companyId, plan, cycle };
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer,
        client_reference_id: companyId,
        metadata,
        subscription_data: { metadata },
        locale: lng,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'eur',
              // Our invoice states the price excluding VAT and 20 % VAT: the card pays both.
              unit_amount: priceInclVat(plan, cycle),
              tax_behavior: 'inclusive',
              recurring: { interval: cycle === 'yearly' ? 'year' : 'month' },
              product_data: { name: `Soumissio ${PLANS[plan].name.fr}`, metadata: { plan } },
            },
          },
        ],
        success_url: `${pay.publicUrl}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${pay.publicUrl}/billing/cancel`,
      };
      // The same order (same plan, cycle, language, after the same earlier subscription) is the
      // same session: a double click or a retry does not open a second one.
      const session = await callStripe(
        () => pay.client.checkout.sessions.create(params, { idempotencyKey: idempotencyKey(`checkout-${companyId}`, { params, after: row.stripeSubscriptionId }) }),
        request.log,
      );
      if (!session.url) throw new AppError(502, 'billing-stripe_failed');
      reply.code(201);
      return { sessionId: session.id, url: session.url };
    },

    async getCheckoutStatus(request) {
      const pay = cardPaymentsOf(card);
      const { companyId, sessionId } = request.params;
      const caller = sessionOf(request).user;
      readScope(caller, companyId);
      if (!canManageBilling(caller, companyId)) throw forbidden();
      await companyExists(companyId);
      const session = await callStripe(() => pay.client.checkout.sessions.retrieve(sessionId), request.log, true);
      if (session.client_reference_id !== companyId || (session.metadata?.companyId && session.metadata.companyId !== companyId)) throw notFound();
      const row = await subscriptionOf(db, companyId);
      if (!row) throw notFound();
      const subscriptionId = idOf(session.subscription);
      let state: 'open' | 'paid' | 'applied' | 'expired' | 'failed';
      if (session.status === 'expired') state = 'expired';
      else if (session.status !== 'complete') state = 'open';
      else if (subscriptionId && row.stripeSubscriptionId === subscriptionId && (row.status === 'active' || row.status === 'trialing')) state = 'applied';
      else if (subscriptionId && row.stripeSubscriptionId === subscriptionId && (row.status === 'past_due' || row.status === 'canceled')) state = 'failed';
      else if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') state = 'paid';
      else state = 'open';
      const plan = planOfMetadata(session.metadata) ?? (isPlanCode(row.plan) ? row.plan : FALLBACK_PLAN);
      const cycle = session.metadata?.cycle === 'yearly' || session.metadata?.cycle === 'monthly' ? session.metadata.cycle : row.cycle;
      return { sessionId: session.id, state, plan, cycle, billing: await billingFor({ db, card }, caller, companyId, pickLanguage(request.headers['accept-language'])) };
    },

    async openBillingPortal(request, reply) {
      const { pay, companyId, row } = await managedSubscription(request);
      if (!row?.stripeCustomerId || !row.stripeSubscriptionId) throw new AppError(409, 'billing-no_card_subscription');
      const lng = pickLanguage(request.headers['accept-language']);
      const portal = await callStripe(
        () => pay.client.billingPortal.sessions.create({ customer: row.stripeCustomerId!, return_url: `${pay.publicUrl}/billing/${companyId}`, locale: lng }),
        request.log,
      );
      reply.code(201);
      return { url: portal.url };
    },

    async receiveStripeWebhook(request) {
      const pay = cardPaymentsOf(card, true);
      const header = request.headers['stripe-signature'];
      if (typeof header !== 'string' || !header || !request.rawBody) throw new AppError(400, 'billing-webhook_signature');
      let event: Stripe.Event;
      try {
        event = pay.client.webhooks.constructEvent(request.rawBody, header, pay.webhookSecret);
      } catch {
        throw new AppError(400, 'billing-webhook_signature');
      }
      // Stripe's library refuses a signature older than its tolerance, not one dated in the future.
      if (signedAt(header) > Date.now() / 1000 + WEBHOOK_FUTURE_TOLERANCE_S) throw new AppError(400, 'billing-webhook_signature');
      // Already applied: answered at once (the transaction's unique id is the guard for deliveries at the same moment).
      const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
      if (!seen) await applyEvent(pay, event, request.log);
      return { received: true };
    },
  };
}

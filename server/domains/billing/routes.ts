import { and, count, desc, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { billingDetails, companies, invoices, payments, subscriptions } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { ValidationFailure } from '../../http/error-handler';
import { sessionOf } from '../../auth/session';
import { pickLanguage, t } from '../../i18n';
import { readScope, writeScope, type Caller } from '../companies/scope';
import { siretValid } from '../companies/siret';
import { pageOf, totalPages } from '../admin/lists';
import { contentDisposition } from '../../files/intake';
import { effectivePlan, subscriptionOf, usageOf, changePlan } from './store';
import { amountPaidOf, isOverdue, invoiceWithLines, issueInvoiceIn, type InvoiceWithLines } from './invoices';
import { PLAN_CODES, PLANS, planPrice, VAT_RATE, type Plan, type PlanCode } from './plans';
import { invoicePdf } from './pdf';
import { normaliseVatNumber, vatNumberValid } from './vat';
import { currentDay, dayIn } from '../../../rules/calendar';
import { emailEuros } from './money';

type Billing = components['schemas']['Billing'];
type Invoice = components['schemas']['Invoice'];
export type Language = 'fr' | 'en';


const planOut = (plan: Plan, lng: Language): components['schemas']['BillingPlan'] => ({
  code: plan.code,
  name: plan.name[lng],
  monthlyPrice: plan.monthlyPrice,
  yearlyPrice: plan.yearlyPrice,
  limits: plan.limits,
  llmFeatures: plan.llmFeatures,
});

export function toInvoice(row: InvoiceWithLines): Invoice {
  return {
    _id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    overdue: isOverdue(row),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    plan: row.plan,
    cycle: row.cycle,
    paymentMethod: row.paymentMethod,
    paymentReference: row.paymentReference,
    currency: row.currency,
    totalExclVat: row.totalExclVat,
    totalVat: row.totalVat,
    totalInclVat: row.totalInclVat,
    creditedInvoiceId: row.creditedInvoiceId,
    paidAt: row.paidAt?.toISOString() ?? null,
    amountPaid: row.amountPaid,
    buyerName: row.buyer.legalName,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: line.vatRate / 100,
      totalExclVat: line.totalExclVat,
      vat: line.vat,
    })),
  };
}

/** The lines of a plan's period, in French (the invoice's language). */
export function planLine(plan: Plan, cycle: 'monthly' | 'yearly', from: string, to: string) {
  const frDate = (iso: string) => iso.split('-').reverse().join('/');
  return {
    description: `Abonnement Soumissio ${plan.name.fr} — ${cycle === 'yearly' ? 'annuel' : 'mensuel'}, du ${frDate(from)} au ${frDate(to)}`,
    quantity: 1,
    unitPrice: planPrice(plan, cycle),
    vatRate: VAT_RATE,
  };
}

/** The period a new order covers: from today, one month or one year, the last day included. */
export function periodFrom(start: Date, cycle: 'monthly' | 'yearly') {
  const end = new Date(start);
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  const last = new Date(end.getTime() - 86_400_000);
  return { periodStart: dayIn(start), periodEnd: dayIn(last), renewsAt: end };
}

const badField = (field: string, key: string) => new ValidationFailure([{ field, key, vars: {} }]);

export const canManageBilling = (caller: Caller, companyId: string) => caller.role === 'admin' || (caller.role === 'manager' && caller.companyId === companyId);

/** A company's billing as the caller may see it (404 when the company does not exist). */
export async function billingFor({ db, card }: Pick<Deps, 'db' | 'card'>, caller: Caller, companyId: string, lng: Language): Promise<Billing> {
  const subscription = await subscriptionOf(db, companyId);
  if (!subscription) throw notFound();
  const manage = canManageBilling(caller, companyId);
  const [details] = manage ? await db.select().from(billingDetails).where(eq(billingDetails.companyId, companyId)).limit(1) : [];
  const paymentMethod = subscription.paymentMethod
    ? { type: subscription.paymentMethod, summary: subscription.paymentMethod === 'card' ? subscription.cardSummary || (lng === 'fr' ? 'Carte bancaire (Stripe)' : 'Card (Stripe)') : (lng === 'fr' ? 'Virement bancaire' : 'Bank transfer') }
    : null;
  return {
    companyId,
    plan: planOut(effectivePlan(subscription), lng),
    subscribedPlan: subscription.plan as PlanCode,
    status: subscription.status,
    cycle: subscription.cycle,
    trialEndsAt: subscription.trialEndsAt?.toISOString() ?? null,
    renewsAt: subscription.currentPeriodEnd?.toISOString() ?? null,
    usage: await usageOf(db, companyId),
    paymentMethod: manage ? paymentMethod : null,
    details: manage
      ? {
          legalName: details?.legalName ?? '',
          address: details?.address ?? '',
          postalCode: details?.postalCode ?? '',
          city: details?.city ?? '',
          country: details?.country ?? 'FR',
          siret: details?.siret ?? '',
          vatNumber: details?.vatNumber ?? '',
          invoiceEmail: details?.invoiceEmail ?? '',
        }
      : null,
    plans: PLAN_CODES.map((code) => planOut(PLANS[code], lng)),
    canManage: manage,
    cardPayments: card !== null,
    cardSubscription: !!subscription.stripeSubscriptionId && subscription.status !== 'canceled',
    openInvoice: manage ? await openInvoiceOf(db, companyId) : null,
  };
}

/** The company's invoice awaiting payment, the one that blocks a new order (orderPlanByTransfer's 409). */
async function openInvoiceOf(db: Deps['db'], companyId: string): Promise<Billing['openInvoice']> {
  const [open] = await db
    .select({ id: invoices.id, number: invoices.number, totalInclVat: invoices.totalInclVat, dueDate: invoices.dueDate, paymentMethod: invoices.paymentMethod, paymentReference: invoices.paymentReference })
    .from(invoices)
    .where(openInvoiceWhere(companyId))
    .orderBy(invoices.issueDate)
    .limit(1);
  if (!open) return null;
  const { id, ...rest } = open;
  return { _id: id, ...rest, amountPaid: await amountPaidOf(db, id) };
}

const openInvoiceWhere = (companyId: string) => and(eq(invoices.companyId, companyId), eq(invoices.status, 'open'), eq(invoices.kind, 'invoice'));

/**
 * Billing (issue 14): a company's plan, usage and details; its invoices (French-compliant,
 * Factur-X PDF); plan changes by an admin, orders paid by bank transfer, payments marked by an
 * admin, credit notes. Managers of the company and admins see and change billing; employees see
 * the plan and usage only.
 */
export function billingHandlers({ db, mailer, card }: Deps): Handlers<
  'getBilling' | 'updateBilling' | 'listInvoices' | 'setCompanyPlan' | 'orderPlanByTransfer' | 'downloadInvoicePdf' | 'markInvoicePaid' | 'creditInvoice'
> {
  const companyExists = async (companyId: string) => {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw notFound();
  };
  const billingOf = (caller: Caller, companyId: string, lng: Language) => billingFor({ db, card }, caller, companyId, lng);

  /** An invoice the caller may read: admins any, a manager their company's; employees and others 404 or 403. */
  async function reachableInvoice(caller: Caller, id: string) {
    const invoice = await invoiceWithLines(db, id);
    if (!invoice) throw notFound();
    if (caller.role !== 'admin') {
      if (!invoice.companyId || invoice.companyId !== caller.companyId) throw notFound();
      if (caller.role !== 'manager') throw forbidden();
    }
    return invoice;
  }

  async function creditedOf(invoice: InvoiceWithLines) {
    if (!invoice.creditedInvoiceId) return null;
    const [row] = await db.select({ number: invoices.number, issueDate: invoices.issueDate }).from(invoices).where(eq(invoices.id, invoice.creditedInvoiceId)).limit(1);
    return row ?? null;
  }

  return {
    async getBilling(request) {
      const { companyId } = request.params;
      const caller = sessionOf(request).user;
      readScope(caller, companyId);
      await companyExists(companyId);
      return billingOf(caller, companyId, pickLanguage(request.headers['accept-language']));
    },

    async updateBilling(request) {
      const { companyId } = request.params;
      const caller = sessionOf(request).user;
      writeScope(caller, companyId);
      await companyExists(companyId);
      const input = request.body;
      const values: Partial<typeof billingDetails.$inferInsert> = {};
      for (const key of ['legalName', 'address', 'postalCode', 'city', 'country'] as const) if (input[key] !== undefined) values[key] = input[key].trim();
      if (input.siret !== undefined) {
        const siret = input.siret.replace(/\s/g, '');
        if (siret && !siretValid(siret)) throw badField('siret', 'company-siret_invalid');
        values.siret = siret;
      }
      if (input.vatNumber !== undefined) {
        const vat = normaliseVatNumber(input.vatNumber);
        if (vat && !vatNumberValid(vat)) throw badField('vatNumber', 'billing-vat_invalid');
        values.vatNumber = vat;
      }
      if (input.invoiceEmail !== undefined) {
        const email = input.invoiceEmail.trim().toLowerCase();
        if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw badField('invoiceEmail', 'validation-email');
        values.invoiceEmail = email;
      }
      await db
        .insert(billingDetails)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: billingDetails.companyId, set: { ...values, updatedAt: new Date() } });
      return { msg: t(request, 'billing-updated'), details: await billingOf(caller, companyId, pickLanguage(request.headers['accept-language'])) };
    },

    async listInvoices(request) {
      const { companyId } = request.params;
      const caller = sessionOf(request).user;
      writeScope(caller, companyId);
      await companyExists(companyId);
      const { limit, offset, perPage } = pageOf(request.query);
      const where = eq(invoices.companyId, companyId);
      const [total] = await db.select({ n: count() }).from(invoices).where(where);
      const rows = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.issueDate), desc(invoices.year), desc(invoices.seq))
        .limit(limit ?? 1_000_000)
        .offset(offset);
      const list = await Promise.all(rows.map(async (row) => toInvoice((await invoiceWithLines(db, row.id))!)));
      return { count: total?.n ?? 0, totalPages: totalPages(total?.n ?? 0, perPage), invoices: list };
    },

    async setCompanyPlan(request) {
      const { companyId } = request.params;
      const caller = sessionOf(request).user;
      await companyExists(companyId);
      const { plan, reason, cycle } = request.body;
      await db.transaction(async (tx) => {
        await subscriptionOf(tx, companyId);
        await changePlan(tx, companyId, { plan, status: 'active', cycle, source: 'admin', reason: reason.trim(), changedBy: caller.id });
      });
      return { msg: t(request, 'billing-plan_set', { plan: PLANS[plan].name[pickLanguage(request.headers['accept-language'])] }), details: await billingOf(caller, companyId, pickLanguage(request.headers['accept-language'])) };
    },

    async orderPlanByTransfer(request, reply) {
      const { companyId } = request.params;
      const caller = sessionOf(request).user;
      writeScope(caller, companyId);
      await companyExists(companyId);
      const { plan: code, cycle } = request.body;
      const plan = PLANS[code];
      // An order while an earlier one waits for its transfer would bill twice.
      const [open] = await db.select({ id: invoices.id }).from(invoices).where(openInvoiceWhere(companyId)).limit(1);
      if (open) throw new AppError(409, 'billing-open_invoice');
      const { periodStart, periodEnd, renewsAt } = periodFrom(new Date(), cycle);
      const id = await db.transaction(async (tx) => {
        await subscriptionOf(tx, companyId);
        const invoiceId = await issueInvoiceIn(tx, {
          companyId,
          lines: [planLine(plan, cycle, periodStart, periodEnd)],
          paymentMethod: 'transfer',
          plan: code,
          cycle,
          periodStart,
          periodEnd,
          issuedBy: caller.id,
        });
        await changePlan(tx, companyId, { plan: code, status: 'active', cycle, paymentMethod: 'transfer', currentPeriodEnd: renewsAt, source: 'transfer', changedBy: caller.id });
        return invoiceId;
      });
      const invoice = (await invoiceWithLines(db, id))!;
      const to = invoice.buyer.email || caller.email;
      const lng = pickLanguage(request.headers['accept-language']);
      const recorded = await mailer.record({
        to,
        subject: `Facture ${invoice.number} — Soumissio`,
        text: [
          `Bonjour,`,
          ``,
          `Votre facture ${invoice.number} (formule ${plan.name.fr}) est disponible dans l'espace Facturation.`,
          `Montant : ${emailEuros(invoice.totalInclVat)} TTC, à régler par virement avant le ${invoice.dueDate.split('-').reverse().join('/')} avec la référence ${invoice.paymentReference}.`,
        ].join('\n'),
        kind: 'invoice',
        link: null,
      });
      mailer.deliver(recorded);
      reply.code(201);
      return { msg: t(request, 'billing-transfer_ordered', { number: invoice.number, plan: plan.name[lng] }), details: toInvoice(invoice) };
    },

    async downloadInvoicePdf(request, reply) {
      const invoice = await reachableInvoice(sessionOf(request).user, request.params.id);
      const { pdf } = await invoicePdf(invoice, await creditedOf(invoice));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(`${invoice.kind === 'credit_note' ? 'avoir' : 'facture'}-${invoice.number}.pdf`))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },

    async markInvoicePaid(request) {
      const caller = sessionOf(request).user;
      const { id } = request.params;
      const receivedAt = request.body.receivedAt ?? currentDay();
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
        if (!row) throw notFound();
        if (row.kind !== 'invoice' || row.status !== 'open') throw new AppError(409, 'billing-invoice_not_open');
        await tx.update(invoices).set({ status: 'paid', paidAt: new Date(`${receivedAt}T12:00:00Z`) }).where(eq(invoices.id, id));
        // The balance: a card payment below the price (issue 24) already recorded its part.
        const balance = row.totalInclVat - (await amountPaidOf(tx, id));
        await tx.insert(payments).values({ invoiceId: id, companyId: row.companyId, amount: balance, method: row.paymentMethod, reference: request.body.reference?.trim() || row.paymentReference, receivedAt, recordedBy: caller.id });
        // Paid: a subscription put past due by this invoice's reminders is active again.
        if (row.companyId)
          await tx.update(subscriptions).set({ status: 'active', updatedAt: new Date() }).where(and(eq(subscriptions.companyId, row.companyId), eq(subscriptions.status, 'past_due')));
      });
      const invoice = (await invoiceWithLines(db, id))!;
      return { msg: t(request, 'billing-invoice_paid', { number: invoice.number }), details: toInvoice(invoice) };
    },

    async creditInvoice(request, reply) {
      const caller = sessionOf(request).user;
      const { id } = request.params;
      const creditId = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
        if (!row) throw notFound();
        if (row.kind !== 'invoice' || row.status === 'credited') throw new AppError(409, 'billing-invoice_not_creditable');
        const original = (await invoiceWithLines(tx, id))!;
        if (!row.companyId) throw new AppError(409, 'billing-invoice_not_creditable');
        const noteId = await issueInvoiceIn(tx, {
          companyId: row.companyId,
          kind: 'credit_note',
          lines: original.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, vatRate: line.vatRate })),
          paymentMethod: row.paymentMethod,
          plan: row.plan,
          cycle: row.cycle,
          periodStart: row.periodStart,
          periodEnd: row.periodEnd,
          creditedInvoiceId: row.id,
          note: request.body.reason.trim(),
          issuedBy: caller.id,
          dueDays: 0,
        });
        await tx.update(invoices).set({ status: 'credited' }).where(eq(invoices.id, id));
        return noteId;
      });
      const note = (await invoiceWithLines(db, creditId))!;
      reply.code(201);
      return { msg: t(request, 'billing-credit_note_issued', { number: note.number }), details: toInvoice(note) };
    },
  };
}

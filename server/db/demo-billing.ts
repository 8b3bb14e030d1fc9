import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { billingDetails, companies, invoices, payments } from './schema';
import { changePlan, subscriptionOf } from '../domains/billing/store';
import { issueInvoiceIn } from '../domains/billing/invoices';
import { PLANS, VAT_RATE } from '../domains/billing/plans';
import { frenchVatKey } from '../domains/billing/vat';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const frDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * The demo company pays Essentiel monthly by bank transfer: its billing details, and one invoice a
 * month for the last four months (three paid, the current one open), numbered from the start of
 * the sequence. Only on a database without any invoice yet: back-dated invoices after real ones
 * would break the chronological numbering.
 */
export async function seedDemoBilling(db: Database, companyId: string, managerId: string | null): Promise<void> {
  const [any] = await db.select({ n: count() }).from(invoices);
  if ((any?.n ?? 0) > 0) return;
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return;
  const siret = company.siret ?? '';
  await db
    .insert(billingDetails)
    .values({
      companyId,
      legalName: 'Durand Bâtiment SAS',
      address: company.address,
      postalCode: company.postalCode,
      city: company.city,
      siret,
      vatNumber: siret ? `FR${frenchVatKey(siret.slice(0, 9))}${siret.slice(0, 9)}` : '',
      invoiceEmail: 'comptabilite@durand-batiment.example.fr',
    })
    .onConflictDoNothing();

  const plan = PLANS.essential;
  const today = new Date();
  const monthStart = (back: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  await db.transaction(async (tx) => {
    await subscriptionOf(tx, companyId);
    for (const back of [3, 2, 1, 0]) {
      const start = monthStart(back);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
      const paid = back > 0;
      const id = await issueInvoiceIn(tx, {
        companyId,
        lines: [{ description: `Abonnement Soumissio ${plan.name.fr} — mensuel, du ${frDate(isoDate(start))} au ${frDate(isoDate(end))}`, quantity: 1, unitPrice: plan.monthlyPrice, vatRate: VAT_RATE }],
        paymentMethod: 'transfer',
        plan: plan.code,
        cycle: 'monthly',
        periodStart: isoDate(start),
        periodEnd: isoDate(end),
        issueDate: isoDate(start),
        issuedBy: managerId,
        status: paid ? 'paid' : 'open',
        paidAt: paid ? new Date(start.getTime() + 12 * 86_400_000) : null,
      });
      if (paid) {
        const [row] = await tx.select({ total: invoices.totalInclVat, reference: invoices.paymentReference }).from(invoices).where(eq(invoices.id, id));
        await tx.insert(payments).values({ invoiceId: id, companyId, amount: row!.total, method: 'transfer', reference: row!.reference, receivedAt: isoDate(new Date(start.getTime() + 12 * 86_400_000)), recordedBy: null });
      }
    }
    await changePlan(tx, companyId, {
      plan: plan.code,
      status: 'active',
      cycle: 'monthly',
      paymentMethod: 'transfer',
      currentPeriodEnd: monthStart(-1),
      source: 'transfer',
      reason: 'Démo',
      changedBy: managerId,
    });
  });
}

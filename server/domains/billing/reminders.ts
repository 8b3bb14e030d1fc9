import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, subscriptions, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { currentDay } from '../../../rules/calendar';
import { emailEuros } from './money';

/** A reminder at most once a week per overdue invoice. */
export const REMINDER_EVERY_DAYS = 7;

const frDate = (iso: string) => iso.split('-').reverse().join('/');
const euros = emailEuros;

/**
 * Overdue invoices (open past their due date) are reminded by email, to the invoicing address or
 * else the company's managers, once every REMINDER_EVERY_DAYS; their company's subscription turns
 * past_due. Safe to run as often as wanted: the invoice's remindedAt, claimed in the same update
 * that selects it, makes two runs at once send one reminder.
 */
export async function remindOverdueInvoices(db: Database, mailer: Mailer, now = new Date()): Promise<number> {
  const today = currentDay(now);
  const before = new Date(now.getTime() - REMINDER_EVERY_DAYS * 86_400_000);
  const due = await db
    .update(invoices)
    .set({ remindedAt: now })
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'open'),
        lt(invoices.dueDate, today),
        or(isNull(invoices.remindedAt), lt(invoices.remindedAt, before)),
      ),
    )
    .returning();
  for (const invoice of due) {
    if (!invoice.companyId) continue;
    await db
      .update(subscriptions)
      .set({ status: 'past_due', updatedAt: now })
      .where(and(eq(subscriptions.companyId, invoice.companyId), eq(subscriptions.status, 'active')));
    const managers = invoice.buyer.email
      ? [invoice.buyer.email]
      : (await db.select({ email: users.email }).from(users).where(and(eq(users.companyId, invoice.companyId), eq(users.role, 'manager'), eq(users.active, true)))).map((u) => u.email);
    for (const to of managers) {
      await mailer.send({
        to,
        kind: 'invoice',
        link: null,
        subject: `Relance : facture ${invoice.number} échue le ${frDate(invoice.dueDate)}`,
        text: [
          'Bonjour,',
          '',
          `Sauf erreur de notre part, la facture ${invoice.number} du ${frDate(invoice.issueDate)} (${euros(invoice.totalInclVat)} TTC) n'est pas réglée ; elle était due le ${frDate(invoice.dueDate)}.`,
          `Merci de la régler par virement avec la référence ${invoice.paymentReference}. Elle est disponible dans l'espace Facturation.`,
          "Des pénalités de retard (trois fois le taux d'intérêt légal) et l'indemnité forfaitaire de 40 € pour frais de recouvrement peuvent s'appliquer.",
          '',
          'Si vous avez déjà réglé, merci de ne pas tenir compte de ce message.',
        ].join('\n'),
      });
    }
  }
  return due.length;
}

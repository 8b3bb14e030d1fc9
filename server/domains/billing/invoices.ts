import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingDetails, companies, invoiceLines, invoices, payments, type PartySnapshot } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { PAYMENT_TERMS_DAYS, seller } from './seller';
import { addDays, currentDay } from '../../../rules/calendar';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
/** amountPaid: the cents of its recorded payments (below the total: paid in part). */
export type InvoiceWithLines = InvoiceRow & { lines: InvoiceLineRow[]; amountPaid: number };

export type LineInput = { description: string; quantity: number; unitPrice: number; vatRate: number };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A line's amounts in cents: VAT rounded half up per line (the totals are the lines' sums). */
export function lineAmounts(line: LineInput) {
  const totalExclVat = line.quantity * line.unitPrice;
  const vat = Math.sign(totalExclVat) * Math.round((Math.abs(totalExclVat) * line.vatRate) / 10_000);
  return { totalExclVat, vat };
}

export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(6, '0')}`;


/** Who the invoice is made out to: the billing details, completed by the company's own record. */
export async function buyerOf(db: Database | Transaction, companyId: string): Promise<PartySnapshot> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound();
  const [details] = await db.select().from(billingDetails).where(eq(billingDetails.companyId, companyId)).limit(1);
  return {
    legalName: details?.legalName || company.name,
    address: details?.address || company.address,
    postalCode: details?.postalCode || company.postalCode,
    city: details?.city || company.city,
    country: details?.country || 'FR',
    siret: details?.siret || company.siret || '',
    vatNumber: details?.vatNumber ?? '',
    email: details?.invoiceEmail ?? '',
  };
}

export type IssueInput = {
  companyId: string;
  kind?: 'invoice' | 'credit_note';
  lines: LineInput[];
  paymentMethod: 'card' | 'transfer';
  plan?: string | null;
  cycle?: 'monthly' | 'yearly' | null;
  periodStart?: string | null;
  periodEnd?: string | null;
  /** Defaults to today (UTC). */
  issueDate?: string;
  dueDays?: number;
  creditedInvoiceId?: string | null;
  note?: string;
  issuedBy?: string | null;
  status?: 'open' | 'paid';
  paidAt?: Date | null;
  stripeInvoiceId?: string | null;
};

/**
 * Issues an invoice (or credit note) inside `tx`: the year's counter row is incremented and so
 * locked until the transaction ends, so two issues never share a number and a rolled-back issue
 * gives its number back (no gap). The unique (year, seq) index is the last guard.
 */
export async function issueInvoiceIn(tx: Transaction, input: IssueInput): Promise<string> {
  if (input.lines.length === 0) throw new AppError(400, 'common-invalid_request');
  const issueDate = input.issueDate ?? currentDay();
  const year = Number(issueDate.slice(0, 4));
  const counted = await tx.execute(sql`
    insert into invoice_sequences (year, last_seq) values (${year}, 1)
    on conflict (year) do update set last_seq = invoice_sequences.last_seq + 1
    returning last_seq`);
  const seq = Number((counted as unknown as { rows: { last_seq: number | string }[] }).rows[0]!.last_seq);
  const amounts = input.lines.map(lineAmounts);
  const totalExclVat = amounts.reduce((sum, a) => sum + a.totalExclVat, 0);
  const totalVat = amounts.reduce((sum, a) => sum + a.vat, 0);
  const number = invoiceNumber(year, seq);
  const [row] = await tx
    .insert(invoices)
    .values({
      companyId: input.companyId,
      kind: input.kind ?? 'invoice',
      year,
      seq,
      number,
      status: input.status ?? 'open',
      issueDate,
      dueDate: addDays(issueDate, input.dueDays ?? PAYMENT_TERMS_DAYS),
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
      plan: input.plan ?? null,
      cycle: input.cycle ?? null,
      paymentMethod: input.paymentMethod,
      paymentReference: `SOUMISSIO ${number}`,
      totalExclVat,
      totalVat,
      totalInclVat: totalExclVat + totalVat,
      seller: seller(),
      buyer: await buyerOf(tx, input.companyId),
      creditedInvoiceId: input.creditedInvoiceId ?? null,
      note: input.note ?? '',
      stripeInvoiceId: input.stripeInvoiceId ?? null,
      paidAt: input.paidAt ?? null,
      issuedBy: input.issuedBy ?? null,
    })
    .returning({ id: invoices.id });
  await tx.insert(invoiceLines).values(
    input.lines.map((line, position) => ({ invoiceId: row!.id, position, description: line.description, quantity: line.quantity, unitPrice: line.unitPrice, vatRate: line.vatRate, ...amounts[position]! })),
  );
  return row!.id;
}

export const issueInvoice = (db: Database, input: IssueInput) => db.transaction((tx) => issueInvoiceIn(tx, input));

export async function invoiceWithLines(db: Pick<Database, 'select'>, id: string): Promise<InvoiceWithLines | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row) return null;
  const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position));
  return { ...row, lines, amountPaid: await amountPaidOf(db, id) };
}

/** The cents received for an invoice (its payments' sum). */
export async function amountPaidOf(db: Pick<Database, 'select'>, invoiceId: string): Promise<number> {
  const [paid] = await db.select({ sum: sql<string | null>`sum(${payments.amount})` }).from(payments).where(eq(payments.invoiceId, invoiceId));
  return Number(paid?.sum ?? 0);
}

/** Open invoices past their due date, for the reminders. */
export const overdueWhere = () => and(eq(invoices.status, 'open'), eq(invoices.kind, 'invoice'), sql`${invoices.dueDate} < ${currentDay()}`);

export const isOverdue = (row: Pick<InvoiceRow, 'status' | 'kind' | 'dueDate'>, today = currentDay()) => row.kind === 'invoice' && row.status === 'open' && row.dueDate < today;

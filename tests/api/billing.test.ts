// Billing (issue 14): plans and their limits enforced by the server (402 naming the limit and the
// plan that lifts it), the trial and its end, a company's billing details, orders paid by bank
// transfer, payments marked by an admin, credit notes, who sees what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { companyDocuments, dceAnalyses, invoices, outboxEmails, planChanges, subscriptions, tenderCalls, tenders } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, type TestContext } from './context';
import { formRequest, insertTender, pdf } from './documents-fixtures';
import { issueInvoice } from '../../server/domains/billing/invoices';
import { remindOverdueInvoices } from '../../server/domains/billing/reminders';
import { dayFromToday } from '../support/days';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload !== undefined ? { payload: payload as object } : {}) });

type Billing = {
  plan: { code: string; name: string; limits: Record<string, number | null> };
  subscribedPlan: string;
  status: string;
  trialEndsAt: string | null;
  renewsAt: string | null;
  usage: Record<string, number>;
  paymentMethod: { type: string; summary: string } | null;
  details: Record<string, string> | null;
  plans: { code: string }[];
  canManage: boolean;
};
type Invoice = { _id: string; number: string; kind: string; status: string; totalExclVat: number; totalVat: number; totalInclVat: number; paymentReference: string; dueDate: string; creditedInvoiceId: string | null };

const setPlan = async (companyId: string, plan: string) => {
  const res = await call(admin.token, 'PUT', `/api/billing/${companyId}/plan`, { plan, reason: 'Test des limites' });
  expect(res.statusCode).toBe(200);
};
const invite = (token: string, email = `${randomUUID().slice(0, 8)}@example.fr`, lang = 'fr') => call(token, 'POST', '/api/invites', { email, role: 'employee' }, lang);
const callSeq = { n: 0 };
async function openCall() {
  const [row] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `BILL-${callSeq.n++}-${Date.now().toString(36)}`, title: 'Entretien des espaces verts', buyer: 'Ville de Vienne', submissionDeadline: new Date(Date.now() + 30 * 86_400_000) })
    .returning({ id: tenderCalls.id });
  return row!.id;
}

describe('a new company', () => {
  it('tries the top plan for 14 days; its members see the plan and usage, only its managers the details; another company sees nothing', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    const outsider = await createUser(ctx, 'manager');
    const res = await call(manager.token, 'GET', `/api/billing/${manager.companyId}`);
    expect(res.statusCode).toBe(200);
    const billing = res.json() as Billing;
    expect(billing).toMatchObject({ subscribedPlan: 'pro', status: 'trialing', plan: { code: 'pro', name: 'Pro' }, canManage: true, usage: { users: 2, activeTenders: 0, analysesPerMonth: 0, storageBytes: 0 } });
    const days = (Date.parse(billing.trialEndsAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(billing.plans.map((p) => p.code)).toEqual(['free', 'essential', 'pro']);
    expect(billing.details).not.toBeNull();

    const seen = (await call(employee.token, 'GET', `/api/billing/${manager.companyId}`, undefined, 'en')).json() as Billing;
    expect(seen).toMatchObject({ plan: { code: 'pro', name: 'Pro' }, details: null, paymentMethod: null, canManage: false });
    expect((await call(employee.token, 'GET', `/api/billing/${manager.companyId}/invoices`)).statusCode).toBe(403);
    expect((await call(employee.token, 'PATCH', `/api/billing/${manager.companyId}`, { legalName: 'X' })).statusCode).toBe(403);
    expect((await call(outsider.token, 'GET', `/api/billing/${manager.companyId}`)).statusCode).toBe(404);
  });

  it('falls back to the free plan when the trial has ended', async () => {
    const manager = await createUser(ctx, 'manager');
    await call(manager.token, 'GET', `/api/billing/${manager.companyId}`);
    await ctx.db.update(subscriptions).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(subscriptions.companyId, manager.companyId!));
    const billing = (await call(manager.token, 'GET', `/api/billing/${manager.companyId}`)).json() as Billing;
    expect(billing).toMatchObject({ subscribedPlan: 'pro', status: 'trialing', plan: { code: 'free', name: 'Gratuit' } });
    // Two invitations reach the free plan's 3 users; the third is refused.
    expect((await invite(manager.token)).statusCode).toBe(201);
    expect((await invite(manager.token)).statusCode).toBe(201);
    const refused = await invite(manager.token);
    expect(refused.statusCode).toBe(402);
  });
});

describe('limits at the API, per plan', () => {
  it('free plan: a fourth user is refused with the limit and the plan that lifts it, in French and English; pending invitations count', async () => {
    const manager = await createUser(ctx, 'manager');
    await setPlan(manager.companyId!, 'free');
    expect((await invite(manager.token)).statusCode).toBe(201);
    expect((await invite(manager.token)).statusCode).toBe(201);
    const fr = await invite(manager.token);
    expect(fr.statusCode).toBe(402);
    expect(errorOf(fr).msg).toBe('Votre formule Gratuit permet 3 utilisateurs, invitations en attente comprises. Passez à la formule Essentiel pour en ajouter.');
    expect(fr.json()).toMatchObject({ msgType: 'billing-limit_users', details: { limit: 'users', max: 3, used: 3, plan: 'free', upgradePlan: 'essential' } });
    const en = await invite(manager.token, undefined, 'en');
    expect(errorOf(en).msg).toBe('Your Free plan allows 3 users, pending invitations included. Move to the Essential plan to add more.');
    // The usage the page shows before the refusal.
    expect(((await call(manager.token, 'GET', `/api/billing/${manager.companyId}`)).json() as Billing).usage.users).toBe(3);
    // Essentiel lifts it.
    await setPlan(manager.companyId!, 'essential');
    expect((await invite(manager.token)).statusCode).toBe(201);
  });

  it('essential plan: the eleventh user is refused and Pro named; pro: 50', async () => {
    const manager = await createUser(ctx, 'manager');
    await setPlan(manager.companyId!, 'essential');
    for (let i = 0; i < 9; i++) expect((await invite(manager.token)).statusCode).toBe(201);
    const refused = await invite(manager.token);
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).msg).toBe('Votre formule Essentiel permet 10 utilisateurs, invitations en attente comprises. Passez à la formule Pro pour en ajouter.');
    await setPlan(manager.companyId!, 'pro');
    expect((await invite(manager.token)).statusCode).toBe(201);
  });

  it('tenders in play: the free plan takes 5; won or lost ones do not count; a downgrade keeps the data and blocks new ones', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    for (let i = 0; i < 6; i++) await insertTender(ctx, companyId);
    await insertTender(ctx, companyId, 'won');
    await insertTender(ctx, companyId, 'lost');
    // Pro (the trial) has no limit.
    expect((await call(manager.token, 'POST', '/api/tenders', { tenderCallId: await openCall() })).statusCode).toBe(201);
    await setPlan(companyId, 'free');
    const refused = await call(manager.token, 'POST', '/api/tenders', { tenderCallId: await openCall() });
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).msg).toBe("Votre formule Gratuit permet 5 appels d'offres en cours. Passez à la formule Essentiel pour en suivre davantage, ou clôturez-en un.");
    // Nothing was deleted: the 9 tenders are all there.
    expect((await ctx.db.select({ id: tenders.id }).from(tenders).where(eq(tenders.companyId, companyId))).length).toBe(9);
    // Essentiel (30) lifts it.
    await setPlan(companyId, 'essential');
    expect((await call(manager.token, 'POST', '/api/tenders', { tenderCallId: await openCall() })).statusCode).toBe(201);
  });

  it('analyses this month: the free plan runs 5 (DCE and CCTP together); the sixth is refused', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await setPlan(companyId, 'free');
    const tender = await insertTender(ctx, companyId);
    for (let i = 0; i < 5; i++) await ctx.db.insert(dceAnalyses).values({ tenderId: tender.id, finishedAt: new Date() });
    // Last month's do not count.
    await ctx.db.insert(dceAnalyses).values({ tenderId: tender.id, finishedAt: new Date(), createdAt: new Date(Date.now() - 40 * 86_400_000) });
    for (const url of [`/api/tenders/${tender.id}/dce-analyses`, `/api/tenders/${tender.id}/cctp-analyses`]) {
      const refused = await call(manager.token, 'POST', url, undefined, 'en');
      expect(refused.statusCode).toBe(402);
      expect(errorOf(refused).msg).toBe('Your Free plan allows 5 analyses (DCE and CCTP) a month. Move to the Essential plan to run more.');
    }
    await setPlan(companyId, 'essential');
    expect((await call(manager.token, 'POST', `/api/tenders/${tender.id}/cctp-analyses`)).statusCode).toBe(202);
  });

  it('storage: an upload past the plan is refused and its file not kept; under it, accepted', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await setPlan(companyId, 'free');
    const tender = await insertTender(ctx, companyId);
    // 500 MB less 1 KB already stored (a row only: the limit reads the sizes).
    await ctx.db.insert(companyDocuments).values({ companyId, kind: 'other', title: 'Archives', fileName: 'archives.zip', mime: 'application/zip', size: 500 * 1024 * 1024 - 1024, sha256: 'x', storageKey: `company-docs/${companyId}/none` });
    const before = filesUnder(ctx.filesDir).length;
    const refused = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${companyId}`, manager.token, { tenderId: tender.id }, { filename: 'RC.pdf', data: pdf(4000), type: 'application/pdf' }));
    expect(refused.statusCode).toBe(402);
    expect(errorOf(refused).msg).toBe('Votre formule Gratuit permet 500 Mo de documents. Passez à la formule Essentiel pour en déposer davantage, ou supprimez des fichiers.');
    expect(filesUnder(ctx.filesDir).length).toBe(before);
    const vault = await ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/documents`, manager.token, { kind: 'kbis', title: 'Kbis' }, { filename: 'kbis.pdf', data: pdf(4000), type: 'application/pdf' }));
    expect(vault.statusCode).toBe(402);
    const small = await ctx.app.inject(formRequest('POST', `/api/tenderDocs?companyId=${companyId}`, manager.token, { tenderId: tender.id }, { filename: 'RC.pdf', data: pdf(500), type: 'application/pdf' }));
    expect(small.statusCode).toBe(201);
  });
});

describe('plan changes by an admin', () => {
  it('need a reason, are kept in the history with who, and are refused to managers', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    expect((await call(admin.token, 'PUT', `/api/billing/${companyId}/plan`, { plan: 'essential', reason: '' })).statusCode).toBe(400);
    expect((await call(manager.token, 'PUT', `/api/billing/${companyId}/plan`, { plan: 'pro', reason: 'Je me sers' })).statusCode).toBe(403);
    const res = await call(admin.token, 'PUT', `/api/billing/${companyId}/plan`, { plan: 'essential', reason: 'Partenariat CAPEB', cycle: 'yearly' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: "La formule Essentiel est appliquée à l'entreprise.", details: { subscribedPlan: 'essential', status: 'active', plan: { code: 'essential' }, trialEndsAt: null } });
    const history = await ctx.db.select().from(planChanges).where(eq(planChanges.companyId, companyId));
    expect(history).toMatchObject([{ fromPlan: 'pro', toPlan: 'essential', source: 'admin', reason: 'Partenariat CAPEB', changedBy: admin.id }]);
  });
});

describe('billing details', () => {
  it('checks the SIRET (Luhn) and the VAT number (French key), then answers the update message with the details', async () => {
    const manager = await createUser(ctx, 'manager');
    const url = `/api/billing/${manager.companyId}`;
    const badSiret = await call(manager.token, 'PATCH', url, { siret: '73282932000075' });
    expect(badSiret.statusCode).toBe(400);
    expect(errorOf(badSiret).details?.[0]).toMatchObject({ field: 'siret' });
    const badVat = await call(manager.token, 'PATCH', url, { vatNumber: 'FR45732829320' }, 'en');
    expect(badVat.statusCode).toBe(400);
    expect(errorOf(badVat).msg).toBe('This VAT number is not valid: FR, the 2-digit key then the SIREN, for example FR32123456789.');
    expect((await call(manager.token, 'PATCH', url, { vatNumber: 'FR4473282932' })).statusCode).toBe(400);
    expect((await call(manager.token, 'PATCH', url, { invoiceEmail: 'pas-une-adresse' })).statusCode).toBe(400);
    const saved = await call(manager.token, 'PATCH', url, {
      legalName: 'Durand Bâtiment SARL',
      address: '4 quai Perrache',
      postalCode: '69002',
      city: 'Lyon',
      siret: '732 829 320 00074',
      vatNumber: 'fr 44 732829320',
      invoiceEmail: 'Compta@Durand.fr',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      msg: 'Les informations de facturation ont été mises à jour.',
      details: { details: { legalName: 'Durand Bâtiment SARL', siret: '73282932000074', vatNumber: 'FR44732829320', invoiceEmail: 'compta@durand.fr', country: 'FR' } },
    });
    // An EU number is checked for its shape only.
    expect((await call(manager.token, 'PATCH', url, { vatNumber: 'DE123456789' })).statusCode).toBe(200);
  });
});

describe('a plan paid by bank transfer', () => {
  it('issues an invoice with the reference and sends it; an admin marks it paid once; a credit note cancels another', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await call(manager.token, 'PATCH', `/api/billing/${companyId}`, { legalName: 'Durand Bâtiment SARL', invoiceEmail: 'compta@durand.fr' });
    const ordered = await call(manager.token, 'POST', `/api/billing/${companyId}/transfer-orders`, { plan: 'essential', cycle: 'yearly' });
    expect(ordered.statusCode).toBe(201);
    const invoice = (ordered.json() as { msg: string; details: Invoice }).details;
    expect((ordered.json() as { msg: string }).msg).toBe(`Facture ${invoice.number} émise pour la formule Essentiel : réglez-la par virement avec la référence indiquée.`);
    expect(invoice).toMatchObject({ kind: 'invoice', status: 'open', totalExclVat: 49000, totalVat: 9800, totalInclVat: 58800, paymentReference: `SOUMISSIO ${invoice.number}` });
    expect(invoice.number).toMatch(new RegExp(`^${new Date().getUTCFullYear()}-\\d{6}$`));
    const billing = (await call(manager.token, 'GET', `/api/billing/${companyId}`)).json() as Billing;
    expect(billing).toMatchObject({ subscribedPlan: 'essential', status: 'active', paymentMethod: { type: 'transfer', summary: 'Virement bancaire' } });
    expect(Date.parse(billing.renewsAt!) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    const [mail] = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'compta@durand.fr'));
    expect(mail!.text).toContain(invoice.paymentReference);
    // The amount as French writes it, the sign held to it by a no-break space.
    expect(mail!.text).toContain('Montant : 588,00\u00a0€ TTC');

    // A second order waits for the first to be paid.
    expect((await call(manager.token, 'POST', `/api/billing/${companyId}/transfer-orders`, { plan: 'pro', cycle: 'monthly' })).statusCode).toBe(409);
    expect((await call(manager.token, 'POST', `/api/invoices/${invoice._id}/payment`, {})).statusCode).toBe(403);
    const paid = await call(admin.token, 'POST', `/api/invoices/${invoice._id}/payment`, { receivedAt: '2026-11-20', reference: 'VIR SEPA DURAND' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ msg: `La facture ${invoice.number} est marquée payée.`, details: { status: 'paid', paidAt: '2026-11-20T12:00:00.000Z' } });
    expect((await call(admin.token, 'POST', `/api/invoices/${invoice._id}/payment`, {})).statusCode).toBe(409);

    const second = ((await call(manager.token, 'POST', `/api/billing/${companyId}/transfer-orders`, { plan: 'pro', cycle: 'monthly' })).json() as { details: Invoice }).details;
    expect(second.totalInclVat).toBe(17880);
    const credit = await call(admin.token, 'POST', `/api/invoices/${second._id}/credit-note`, { reason: 'Commande en double' });
    expect(credit.statusCode).toBe(201);
    const note = (credit.json() as { details: Invoice }).details;
    expect(note).toMatchObject({ kind: 'credit_note', creditedInvoiceId: second._id, totalInclVat: 17880 });
    expect(Number(note.number.slice(5))).toBe(Number(second.number.slice(5)) + 1);
    expect((await call(admin.token, 'POST', `/api/invoices/${second._id}/credit-note`, { reason: 'Encore' })).statusCode).toBe(409);

    const list = (await call(manager.token, 'GET', `/api/billing/${companyId}/invoices`)).json() as { count: number; totalPages: number; invoices: Invoice[] };
    expect(list.count).toBe(3);
    expect(list.totalPages).toBe(1);
    expect(list.invoices.map((i) => i.number)).toEqual([note.number, second.number, invoice.number]);
    expect(list.invoices.map((i) => i.status)).toEqual(['open', 'credited', 'paid']);
  });

  it('is for managers: an employee cannot order', async () => {
    const manager = await createUser(ctx, 'manager');
    const employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
    expect((await call(employee.token, 'POST', `/api/billing/${manager.companyId}/transfer-orders`, { plan: 'essential', cycle: 'monthly' })).statusCode).toBe(403);
    expect((await call(manager.token, 'POST', `/api/billing/${manager.companyId}/transfer-orders`, { plan: 'free', cycle: 'monthly' })).statusCode).toBe(400);
  });
});

describe('overdue invoices', () => {
  it('are flagged, reminded by email once a week to the invoicing address, and put the subscription past due', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await call(manager.token, 'PATCH', `/api/billing/${companyId}`, { invoiceEmail: 'relances@durand.fr' });
    await setPlan(companyId, 'essential');
    const issueDate = dayFromToday(-40);
    await issueInvoice(ctx.db, { companyId, lines: [{ description: 'Abonnement Soumissio Essentiel', quantity: 1, unitPrice: 4900, vatRate: 2000 }], paymentMethod: 'transfer', issueDate });
    await issueInvoice(ctx.db, { companyId, lines: [{ description: 'Abonnement Soumissio Essentiel', quantity: 1, unitPrice: 4900, vatRate: 2000 }], paymentMethod: 'transfer' });
    const list = (await call(manager.token, 'GET', `/api/billing/${companyId}/invoices`)).json() as { invoices: { overdue: boolean; number: string }[] };
    expect(list.invoices.map((i) => i.overdue)).toEqual([false, true]);

    const now = new Date();
    expect(await remindOverdueInvoices(ctx.db, ctx.app.mailer, now)).toBeGreaterThanOrEqual(1);
    await ctx.app.mailer.idle();
    const sent = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'relances@durand.fr'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toContain(`Relance : facture ${list.invoices[1]!.number}`);
    expect(sent[0]!.text).toContain('40 €');
    expect(sent[0]!.text).toContain('(58,80\u00a0€ TTC)');
    expect(((await call(manager.token, 'GET', `/api/billing/${companyId}`)).json() as Billing).status).toBe('past_due');
    // Not again the same week; again a week later.
    await remindOverdueInvoices(ctx.db, ctx.app.mailer, new Date(now.getTime() + 86_400_000));
    expect(await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'relances@durand.fr'))).toHaveLength(1);
    await remindOverdueInvoices(ctx.db, ctx.app.mailer, new Date(now.getTime() + 8 * 86_400_000));
    expect(await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'relances@durand.fr'))).toHaveLength(2);
    // Paid: active again.
    const [overdue] = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.number, list.invoices[1]!.number));
    expect((await call(admin.token, 'POST', `/api/invoices/${overdue!.id}/payment`, {})).statusCode).toBe(200);
    expect(((await call(manager.token, 'GET', `/api/billing/${companyId}`)).json() as Billing).status).toBe('active');
  });
});

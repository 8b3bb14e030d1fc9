// Plan limits under concurrency (issue 24, security 6): the count of the usage and the insert it
// allows run in one transaction holding the company's row, so 20 requests at once at the limit let
// exactly the allowed number through and refuse the rest with the localised 402. Meant for
// PostgreSQL (CI runs the API suite again with DATABASE_URL), where requests run truly in parallel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, and, gte } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { cctpAnalyses, companyDocuments, dceAnalyses, invitations, tenderCalls, tenders } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { formRequest, insertTender, pdf } from './documents-fixtures';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
});
afterAll(() => ctx?.close());

const AT_ONCE = 20;
const call = (token: string, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function freeCompany() {
  const manager = await createUser(ctx, 'manager');
  const res = await call(admin.token, 'PUT', `/api/billing/${manager.companyId}/plan`, { plan: 'free', reason: 'Test des limites en parallèle' });
  expect(res.statusCode).toBe(200);
  return manager;
}

/** The answers' status codes counted, and every refusal's message. */
function tally(answers: Awaited<ReturnType<typeof call>>[]) {
  const codes: Record<number, number> = {};
  for (const res of answers) codes[res.statusCode] = (codes[res.statusCode] ?? 0) + 1;
  return { codes, refusals: [...new Set(answers.filter((r) => r.statusCode === 402).map((r) => errorOf(r).msg))] };
}

describe(`${AT_ONCE} requests at once at a plan's limit`, () => {
  it('tenders in play: exactly 5 added on the free plan, the others refused with the sentence', async () => {
    const manager = await freeCompany();
    const calls = await ctx.db
      .insert(tenderCalls)
      .values(Array.from({ length: AT_ONCE }, (_, i) => ({ reference: `RACE-${i}-${randomUUID().slice(0, 8)}`, title: 'Nettoyage des locaux', buyer: 'Ville de Vienne', submissionDeadline: new Date(Date.now() + 30 * 86_400_000) })))
      .returning({ id: tenderCalls.id });
    const answers = await Promise.all(calls.map((c) => call(manager.token, 'POST', '/api/tenders', { tenderCallId: c.id })));
    expect(tally(answers)).toEqual({ codes: { 201: 5, 402: AT_ONCE - 5 }, refusals: ["Votre formule Gratuit permet 5 appels d'offres en cours. Passez à la formule Essentiel pour en suivre davantage, ou clôturez-en un."] });
    expect(await ctx.db.select({ id: tenders.id }).from(tenders).where(eq(tenders.companyId, manager.companyId!))).toHaveLength(5);
  });

  it('users: 2 invitations beside the manager on the free plan (3 users), the others refused', async () => {
    const manager = await freeCompany();
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => call(manager.token, 'POST', '/api/invites', { email: `${randomUUID().slice(0, 8)}@example.fr`, role: 'employee' })));
    expect(tally(answers)).toEqual({ codes: { 201: 2, 402: AT_ONCE - 2 }, refusals: ['Votre formule Gratuit permet 3 utilisateurs, invitations en attente comprises. Passez à la formule Essentiel pour en ajouter.'] });
    expect(await ctx.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.companyId, manager.companyId!))).toHaveLength(2);
  });

  it('analyses this month: 5 DCE and CCTP analyses together on the free plan, one tender each', async () => {
    const manager = await freeCompany();
    const started = await Promise.all(Array.from({ length: AT_ONCE / 2 }, () => insertTender(ctx, manager.companyId!)));
    const answers = await Promise.all(started.flatMap((t) => [call(manager.token, 'POST', `/api/tenders/${t.id}/dce-analyses`), call(manager.token, 'POST', `/api/tenders/${t.id}/cctp-analyses`)]));
    expect(tally(answers)).toEqual({ codes: { 202: 5, 402: AT_ONCE - 5 }, refusals: ['Votre formule Gratuit permet 5 analyses (DCE et CCTP) par mois. Passez à la formule Essentiel pour en lancer davantage.'] });
    const month = new Date(Date.now() - 86_400_000);
    const ids = started.map((t) => t.id);
    const made = (await ctx.db.select({ tenderId: dceAnalyses.tenderId }).from(dceAnalyses).where(gte(dceAnalyses.createdAt, month))).filter((a) => ids.includes(a.tenderId)).length
      + (await ctx.db.select({ tenderId: cctpAnalyses.tenderId }).from(cctpAnalyses).where(gte(cctpAnalyses.createdAt, month))).filter((a) => ids.includes(a.tenderId)).length;
    expect(made).toBe(5);
  });

  it('storage: room for 3 files of 4 KB is filled by 3 uploads, the others refused', async () => {
    const manager = await freeCompany();
    const companyId = manager.companyId!;
    // 500 MB less 3.5 files already stored (a row only: the limit reads the sizes).
    await ctx.db.insert(companyDocuments).values({ companyId, kind: 'other', title: 'Archives', fileName: 'archives.zip', mime: 'application/zip', size: 500 * 1024 * 1024 - 14_000, sha256: 'x', storageKey: `company-docs/${companyId}/none` });
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/documents`, manager.token, { kind: 'other', title: `Pièce ${i}` }, { filename: `piece-${i}.pdf`, data: pdf(4000), type: 'application/pdf' }))),
    );
    expect(tally(answers)).toEqual({ codes: { 201: 3, 402: AT_ONCE - 3 }, refusals: ['Votre formule Gratuit permet 500 Mo de documents. Passez à la formule Essentiel pour en déposer davantage, ou supprimez des fichiers.'] });
    expect(await ctx.db.select({ id: companyDocuments.id }).from(companyDocuments).where(and(eq(companyDocuments.companyId, companyId), eq(companyDocuments.kind, 'other')))).toHaveLength(4);
  });
});

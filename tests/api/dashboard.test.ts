import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, companyDocuments, invitations, outboxEmails, planningTasks, plannings, tenderCalls, tenders, users, type TenderStatus } from '../../server/db/schema';
import { createTestApp, createUser, rowCount, type TestContext } from './context';
import { parisDate } from './documents-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const summary = async (token: string) => {
  const res = await ctx.app.inject({ url: '/api/dashboard/summary', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

let tokenSeq = 0;
const invite = (companyId: string, state: { expiresInMs?: number; accepted?: boolean; revoked?: boolean } = {}) =>
  ctx.db.insert(invitations).values({
    companyId,
    email: `invite${tokenSeq}@exemple.fr`,
    role: 'employee',
    tokenHash: `dashboard-${tokenSeq++}`,
    expiresAt: new Date(Date.now() + (state.expiresInMs ?? 86_400_000)),
    acceptedAt: state.accepted ? new Date() : null,
    revokedAt: state.revoked ? new Date() : null,
  });

describe('the dashboard summary', () => {
  it('tells a new manager that the company is still to be created', async () => {
    const manager = await createUser(ctx, 'manager', { companyId: null });
    expect(await summary(manager.token)).toEqual({ role: 'manager', company: null, pendingInvites: 0, emailVerified: false });
  });

  it("shows staff their company, its members and the invitations still awaiting an answer", async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    await ctx.db.update(companies).set({ name: 'Durand Bâtiment', city: 'Lyon' }).where(eq(companies.id, companyId));
    const employee = await createUser(ctx, 'employee', { companyId });
    await invite(companyId);
    await invite(companyId, { expiresInMs: -1000 });
    await invite(companyId, { accepted: true });
    await invite(companyId, { revoked: true });
    const other = await createUser(ctx, 'manager');
    await invite(other.companyId!);

    const expected = { company: { _id: companyId, name: 'Durand Bâtiment', city: 'Lyon', membersCount: 2 }, pendingInvites: 1, emailVerified: false };
    expect(await summary(manager.token)).toMatchObject({ role: 'manager', ...expected });
    expect(await summary(employee.token)).toMatchObject({ role: 'employee', ...expected });

    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, employee.id));
    expect((await summary(employee.token)).emailVerified).toBe(true);
  });

  it('gives admins the platform totals', async () => {
    const admin = await createUser(ctx, 'admin');
    await ctx.db.insert(outboxEmails).values({ to: 'x@exemple.fr', subject: 'Bienvenue', text: '…', kind: 'verify_email' });
    const body = await summary(admin.token);
    expect(body).toEqual({
      role: 'admin',
      platform: { users: await rowCount(ctx.db, users), companies: await rowCount(ctx.db, companies), pendingInvites: 2, outboxEmails: 1 },
      emailVerified: false,
    });
    expect(body).not.toHaveProperty('company');
  });

  // After the admin's totals, which count every company's pending invitations.
  it("counts the same pending invitations for the side menu's badge, in a call of its own", async () => {
    const manager = await createUser(ctx, 'manager');
    await invite(manager.companyId!);
    await invite(manager.companyId!);
    await invite(manager.companyId!, { revoked: true });
    await invite((await createUser(ctx, 'manager')).companyId!);
    const badges = async (token: string) => ctx.app.inject({ url: '/api/dashboard/badges', headers: { authorization: `Bearer ${token}` } });
    const res = await badges(manager.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pendingInvites: 2 });
    expect((await summary(manager.token)).pendingInvites).toBe(2);
    expect((await badges((await createUser(ctx, 'manager', { companyId: null })).token)).json()).toEqual({ pendingInvites: 0 });
  });
});

const DAY = 86_400_000;
let refSeq = 0;
/** A tender of the company, its call inserted directly; deadline in days from now. */
async function tenderOf(companyId: string, status: TenderStatus, deadlineInDays: number, title = `Marché ${refSeq}`) {
  const submissionDeadline = new Date(Date.now() + deadlineInDays * DAY);
  const [call] = await ctx.db.insert(tenderCalls).values({ reference: `DASH-${refSeq++}`, title, buyer: 'Ville de Grenoble', submissionDeadline }).returning({ id: tenderCalls.id });
  const [tender] = await ctx.db.insert(tenders).values({ tenderCallId: call!.id, companyId, status, submissionDeadline }).returning({ id: tenders.id });
  return { id: tender!.id, submissionDeadline: submissionDeadline.toISOString(), reference: `DASH-${refSeq - 1}`, title };
}
/** A vault document row (no file: the dashboard only reads the row). */
async function vaultDoc(companyId: string, title: string, validUntil: string | null) {
  const id = randomUUID();
  await ctx.db.insert(companyDocuments).values({ id, companyId, kind: 'urssaf', title, validUntil, fileName: 'a.pdf', mime: 'application/pdf', size: 10, sha256: 'x', storageKey: `company-docs/${companyId}/${id}` });
  return id;
}
/** A planning of the tender with its tasks: [name, start, end, done]. */
async function planningOf(companyId: string, tenderId: string, tasks: [string, string, string, boolean][]) {
  const [planning] = await ctx.db.insert(plannings).values({ tenderId, companyId }).returning({ id: plannings.id });
  const rows = await ctx.db
    .insert(planningTasks)
    .values(tasks.map(([name, startDate, endDate, done], position) => ({ planningId: planning!.id, position, name, startDate, endDate, done })))
    .returning({ id: planningTasks.id, name: planningTasks.name });
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

describe("the staff dashboard's work lists", () => {
  it('gives the pipeline by status (every status), the 5 nearest deadlines still to meet, the documents to renew and the open tasks, of the caller\'s company only', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    const employee = await createUser(ctx, 'employee', { companyId });
    const rival = await createUser(ctx, 'manager');

    // Deadlines: 6 open tenders ahead (the 6th, 40 days, is cut), one passed, one ahead but already submitted.
    const soon = await tenderOf(companyId, 'in_progress', 2, 'Voirie du centre');
    const d5 = await tenderOf(companyId, 'not_started', 5);
    const d9 = await tenderOf(companyId, 'pending', 9);
    const d12 = await tenderOf(companyId, 'not_started', 12);
    const d20 = await tenderOf(companyId, 'in_progress', 20);
    await tenderOf(companyId, 'in_progress', 40);
    await tenderOf(companyId, 'in_progress', -1);
    await tenderOf(companyId, 'submitted', 3);
    await tenderOf(companyId, 'won', -30);
    const rivalTender = await tenderOf(rival.companyId!, 'not_started', 1, 'Marché du concurrent');

    // Vault (today in Paris = parisDate(0)): expired 10 days ago, ends today, in 30 days (still
    // expiring), in 31 days (valid: not listed), no end (not listed).
    const expired = await vaultDoc(companyId, 'Kbis', parisDate(-10));
    const today = await vaultDoc(companyId, 'Attestation URSSAF', parisDate(0));
    const in30 = await vaultDoc(companyId, 'Assurance décennale', parisDate(30));
    await vaultDoc(companyId, 'Qualibat', parisDate(31));
    await vaultDoc(companyId, 'Références', null);
    await vaultDoc(rival.companyId!, 'Kbis du concurrent', parisDate(-1));

    const tasksOfSoon = await planningOf(companyId, soon.id, [
      ['Analyse du DCE', '2026-11-20', '2026-11-24', true],
      ['Mémoire technique', '2026-11-24', '2026-12-02', false],
      ['Remise de l’offre', '2026-11-25', '2026-11-25', false],
    ]);
    const tasksOfD5 = await planningOf(companyId, d5.id, [['Visite de site', '2026-11-23', '2026-11-23', false]]);
    await planningOf(rival.companyId!, rivalTender.id, [['Tâche du concurrent', '2026-11-01', '2026-11-01', false]]);

    for (const who of [manager, employee]) {
      const body = await summary(who.token);
      expect(body.pipeline).toEqual([
        { status: 'not_started', count: 2 },
        { status: 'in_progress', count: 4 },
        { status: 'pending', count: 1 },
        { status: 'submitted', count: 1 },
        { status: 'won', count: 1 },
        { status: 'lost', count: 0 },
        { status: 'non_compliant', count: 0 },
      ]);
      expect(body.nextDeadlines.map((d: { _id: string }) => d._id)).toEqual([soon.id, d5.id, d9.id, d12.id, d20.id]);
      expect(body.nextDeadlines[0]).toEqual({ _id: soon.id, reference: soon.reference, title: 'Voirie du centre', buyer: 'Ville de Grenoble', status: 'in_progress', submissionDeadline: soon.submissionDeadline });
      // The vault's size, its own company's only (5 documents; the rival's left out).
      expect(body.documentsCount).toBe(5);
      expect(body.expiringDocuments).toEqual([
        { _id: expired, title: 'Kbis', kind: 'urssaf', validUntil: parisDate(-10), validity: 'expired', daysLeft: -10 },
        { _id: today, title: 'Attestation URSSAF', kind: 'urssaf', validUntil: parisDate(0), validity: 'expiring', daysLeft: 0 },
        { _id: in30, title: 'Assurance décennale', kind: 'urssaf', validUntil: parisDate(30), validity: 'expiring', daysLeft: 30 },
      ]);
      // Not done only, earliest end first.
      expect(body.openTasks).toEqual([
        { _id: tasksOfD5['Visite de site'], name: 'Visite de site', startDate: '2026-11-23', endDate: '2026-11-23', milestone: false, tenderId: d5.id, tenderTitle: d5.title },
        { _id: tasksOfSoon['Remise de l’offre'], name: 'Remise de l’offre', startDate: '2026-11-25', endDate: '2026-11-25', milestone: false, tenderId: soon.id, tenderTitle: 'Voirie du centre' },
        { _id: tasksOfSoon['Mémoire technique'], name: 'Mémoire technique', startDate: '2026-11-24', endDate: '2026-12-02', milestone: false, tenderId: soon.id, tenderTitle: 'Voirie du centre' },
      ]);
      expect(JSON.stringify(body)).not.toMatch(/concurrent/);
    }
  });

  it('keeps at most 5 documents and 8 tasks', async () => {
    const manager = await createUser(ctx, 'manager');
    const companyId = manager.companyId!;
    for (let i = 0; i < 7; i++) await vaultDoc(companyId, `Pièce ${i}`, parisDate(i));
    const tender = await tenderOf(companyId, 'in_progress', 10);
    await planningOf(
      companyId,
      tender.id,
      Array.from({ length: 10 }, (_, i) => [`Tâche ${i}`, '2026-12-01', `2026-12-${String(10 + i)}`, false] as [string, string, string, boolean]),
    );
    const body = await summary(manager.token);
    expect(body.expiringDocuments.map((d: { title: string }) => d.title)).toEqual(['Pièce 0', 'Pièce 1', 'Pièce 2', 'Pièce 3', 'Pièce 4']);
    expect(body.openTasks.map((t: { name: string }) => t.name)).toEqual(['Tâche 0', 'Tâche 1', 'Tâche 2', 'Tâche 3', 'Tâche 4', 'Tâche 5', 'Tâche 6', 'Tâche 7']);
    expect(body.nextDeadlines).toHaveLength(1);
  });

  it('gives a company with nothing yet every status at zero and empty lists', async () => {
    const manager = await createUser(ctx, 'manager');
    const body = await summary(manager.token);
    expect(body.pipeline).toHaveLength(7);
    expect(body.pipeline.every((p: { count: number }) => p.count === 0)).toBe(true);
    expect(body).toMatchObject({ nextDeadlines: [], documentsCount: 0, expiringDocuments: [], openTasks: [], decisions: { go: 0, noGo: 0 } });
  });
});

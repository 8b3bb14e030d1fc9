// The authorization matrix: every operation of the contract, called as anonymous, admin, manager
// of company A, employee of A and manager of B, against objects of A and of B, with the status
// each caller must get (from x-roles and the company-scope rules) and no trace of B's data in any
// answer to A's staff. A new operation without a row here fails the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { loadContract, type Operation } from '../../server/openapi/contract';
import { buildApp } from '../../server/app';
import { cctpAnalyses, cctpRequirements, companies, importRuns, resumes, dceAnalyses, invitations, organigrammes, outboxEmails, planningTasks, plannings, reports, tenderCalls, users, type Role } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { hashInviteToken } from '../../server/domains/invites/routes';
import { localStorage } from '../../server/storage/local';
import { createTestApp, errorOf, multipart, signToken, tinyPng, uniqueEmail, type TestContext } from './context';
import { siretFor } from './sirets';
import { insertCompanyDoc, insertTender, insertTenderDoc, pdf } from './documents-fixtures';
import { invoices, submissionDeposits, submissionPieces } from '../../server/db/schema';
import { issueInvoice } from '../../server/domains/billing/invoices';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const contract = loadContract();
// Path items may also hold shared `parameters`: only the HTTP methods are operations.
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op })),
);
const isPublic = (op: Operation) => Array.isArray(op.security) && op.security.length === 0;

const callers = ['anonymous', 'admin', 'managerA', 'employeeA', 'managerB'] as const;
type Caller = (typeof callers)[number];
type Status = number | number[];
type Expected = Record<Caller, Status>;
type Target = 'A' | 'B' | 'self' | 'none';

const PASSWORD = 'Matrix-Pass-2026';

type Person = { id: string; email: string; username: string; role: Role; companyId: string | null };
type World = {
  A: { id: string; name: string; siret: string; member: Person; invite: string };
  B: { id: string; name: string; siret: string; member: Person; invite: string };
  people: Record<Exclude<Caller, 'anonymous'>, Person>;
};

let ctx: TestContext;
let world: World;
let passwordHash: string;

async function insertUser(username: string, role: Role, companyId: string | null, withPicture = false): Promise<Person> {
  const email = uniqueEmail(username.split(' ')[0]!.toLowerCase());
  const [row] = await ctx.db.insert(users).values({ username, email, passwordHash, role, companyId }).returning({ id: users.id });
  const id = row!.id;
  if (withPicture) {
    const key = `pictures/${id}/matrix.png`;
    await localStorage(ctx.filesDir).put(key, tinyPng);
    await ctx.db.update(users).set({ pictureKey: key, pictureMime: 'image/png', pictureVersion: 1 }).where(eq(users.id, id));
  }
  return { id, email, username, role, companyId };
}

async function insertInvite(companyId: string, invitedBy: string | null = null) {
  const token = randomBytes(24).toString('base64url');
  const [row] = await ctx.db
    .insert(invitations)
    .values({ companyId, email: uniqueEmail('invitee'), role: 'employee', tokenHash: hashInviteToken(token), expiresAt: new Date(Date.now() + 7 * 86_400_000), invitedBy })
    .returning({ id: invitations.id, email: invitations.email });
  return { id: row!.id, email: row!.email, token };
}

/** An invitation sent by `sender` (or nobody), with its email and link in the outbox as the server writes them. */
async function insertSentInvite(companyId: string, sender: Person | undefined) {
  const invite = await insertInvite(companyId, sender?.id ?? null);
  const link = `http://localhost:8080/employee/sign-up?token=${invite.token}`;
  await ctx.db.insert(outboxEmails).values({ to: invite.email, subject: 'Invitation', text: 'Rejoignez-nous', link, kind: 'invitation' });
  return invite;
}

let companySeq = 0;
async function insertCompany(name = `Jetable ${companySeq++}`) {
  const [row] = await ctx.db.insert(companies).values({ name, siret: siretFor(900_000 + companySeq), city: 'Vienne' }).returning({ id: companies.id });
  return row!.id;
}

const tokenFor = (person: Person) => signToken(ctx, { sub: person.id, role: person.role, exp: Math.floor(Date.now() / 1000) + 3600 });
/** A fresh account with the caller's role and company, for calls that change the caller itself. */
const cloneOf = (person: Person) => insertUser(`Clone ${person.username}`, person.role, person.companyId);

type Call = { request: InjectOptions; as?: Person };
type Row = { target: Target; expected: Expected; call: (caller: Caller, target: Target) => Promise<Call> };

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({ method, url, ...(payload ? { payload } : {}) });
const companyOf = (target: Target) => (target === 'B' ? world.B : world.A);
const personOf = (caller: Caller) => (caller === 'anonymous' ? undefined : world.people[caller]);

/** Statuses for the four signed-in callers; anonymous always gets 401 on a secured operation. */
const secured = (admin: Status, managerA: Status, employeeA: Status, managerB: Status): Expected => ({ anonymous: 401, admin, managerA, employeeA, managerB });
const everyone = (status: Status): Expected => ({ anonymous: status, admin: status, managerA: status, employeeA: status, managerB: status });
const adminOnly = (status: number) => secured(status, 403, 403, 403);
/** Own company for A's staff on A's objects, B's manager on B's; any other company is 404. */
const scoped = (target: Target, admin: Status, managerOwn: Status, employeeOwn: Status): Expected =>
  target === 'A' ? secured(admin, managerOwn, employeeOwn, 404) : secured(admin, 404, employeeOwn === 403 ? 403 : 404, managerOwn);
const onBoth = (expected: (target: Target) => Expected, call: Row['call']): Row[] => (['A', 'B'] as const).map((target) => ({ target, expected: expected(target), call }));
const self = (expected: Expected, call: Row['call']): Row[] => [{ target: 'self', expected, call }];
const none = (expected: Expected, call: Row['call']): Row[] => [{ target: 'none', expected, call }];

const companyInput = () => ({ name: `Nouvelle ${randomUUID().slice(0, 8)}`, siret: siretFor(700_000 + companySeq++), address: '3 rue des Tanneurs', postalCode: '69002', city: 'Lyon' });
const dceTemplateInput = () => ({ name: `Modèle ${randomUUID().slice(0, 8)}`, documents: [{ code: 'RC', label: 'Règlement de la consultation', required: true }] });
/** A fresh DCE template, made by the admin through the API. */
async function insertDceTemplate() {
  const res = await ctx.app.inject({ ...json('POST', '/api/dceTemplates', dceTemplateInput()), headers: { authorization: `Bearer ${await tokenFor(world.people.admin)}` } });
  return (res.json() as { details: { _id: string } }).details._id;
}

/** Each company's tender, inserted directly on first use; documents are fresh for each call. */
const tendersOf: Partial<Record<'A' | 'B', Promise<string>>> = {};
const tenderOf = (target: Target) => (tendersOf[target === 'B' ? 'B' : 'A'] ??= insertTender(ctx, companyOf(target).id).then((tender) => tender.id));
const tenderDocOf = async (target: Target) => insertTenderDoc(ctx, await tenderOf(target), companyOf(target).id);
/** A finished DCE analysis of a fresh tender of the target's company, its deadline confirmed. */
async function dceAnalysisOf(target: Target) {
  const tender = await insertTender(ctx, companyOf(target).id);
  const source = { documentId: randomUUID(), entry: null, fileName: 'RC.pdf', page: 1, excerpt: 'Date limite de réception des offres : 15 juillet 2026 à 12 h' };
  const [row] = await ctx.db
    .insert(dceAnalyses)
    .values({ tenderId: tender.id, finishedAt: new Date(), facts: [{ key: 'submissionDeadline', value: '2026-07-15T12:00:00+02:00', sources: [source], confidence: 0.9, status: 'confirmed', origin: 'rules' }] })
    .returning({ id: dceAnalyses.id });
  return row!.id;
}
/** A finished CCTP analysis of a fresh tender of the target's company, with one requirement. */
async function cctpAnalysisOf(target: Target) {
  const tender = await insertTender(ctx, companyOf(target).id);
  const [row] = await ctx.db.insert(cctpAnalyses).values({ tenderId: tender.id, finishedAt: new Date() }).returning({ id: cctpAnalyses.id });
  const [requirement] = await ctx.db
    .insert(cctpRequirements)
    .values({ analysisId: row!.id, position: 0, documentId: randomUUID(), fileName: 'CCTP.pdf', page: 3, sectionNumber: '2.1', sectionTitle: 'Bornes', text: 'Les bornes devront être conformes à la norme NF EN 61851-1.', kind: 'norm', norms: ['NF EN 61851-1'] })
    .returning({ id: cctpRequirements.id });
  return { id: row!.id, requirementId: requirement!.id };
}
const companyDocOf = (target: Target) => insertCompanyDoc(ctx, companyOf(target).id);
/** A resume of the target company with its CV file, inserted directly. */
async function resumeOf(target: Target) {
  const companyId = companyOf(target).id;
  const id = randomUUID();
  const key = `resumes/${companyId}/${id}`;
  const data = pdf();
  await localStorage(ctx.filesDir).put(key, data);
  await ctx.db.insert(resumes).values({ id, companyId, fullName: 'Jean Dupuis', fileName: 'CV.pdf', mime: 'application/pdf', size: data.length, sha256: 'x', storageKey: key, parseStatus: 'parsed' });
  return id;
}
const cvForm = () => multipart([{ name: 'file', filename: 'CV.pdf', type: 'application/pdf', data: pdf() }]);
/** A fresh call for tenders, inserted directly. */
async function insertCall() {
  const [row] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `MATRICE-${randomUUID().slice(0, 8)}`, title: 'Entretien des espaces verts', buyer: 'Commune de Vienne', submissionDeadline: new Date(Date.now() + 20 * 86_400_000) })
    .returning({ id: tenderCalls.id });
  return row!.id;
}
const callInput = () => ({ reference: `MATRICE-${randomUUID().slice(0, 8)}`, title: 'Nettoyage des locaux', buyer: 'Ville de Grenoble', submissionDeadline: new Date(Date.now() + 20 * 86_400_000).toISOString() });
const documentForm = (fields: { name: string; value: string }[]) => multipart([...fields, { name: 'file', filename: 'Pièce.pdf', type: 'application/pdf', data: pdf() }]);
/** A fresh report filed by the target company's employee (A's employeeA, B's member), with a screenshot. */
async function insertReport(target: Target) {
  const reporter = companyOf(target).member;
  const id = randomUUID();
  await localStorage(ctx.filesDir).put(`reports/${id}.png`, tinyPng);
  await ctx.db.insert(reports).values({
    id,
    title: 'Bouton bloqué',
    description: `Signalé par ${reporter.username} depuis le tableau de bord.`,
    type: 'bug',
    priority: 'high',
    currentUrl: '/dashboard',
    screenshotKey: `reports/${id}.png`,
    screenshotMime: 'image/png',
    reporterId: reporter.id,
    companyId: reporter.companyId,
  });
  return id;
}
/** Reports belong to their reporter, not to the company: admins and the reporter (A's employee on A's report) only. */
const reporterOnly = (target: Target): Expected => (target === 'A' ? secured(200, 404, 200, 404) : secured(200, 404, 404, 404));
const reportForm = () =>
  multipart([
    { name: 'title', value: 'Export impossible' },
    { name: 'description', value: "L'export PDF de la liste ne démarre pas." },
    { name: 'type', value: 'bug' },
    { name: 'priority', value: 'medium' },
    { name: 'currentUrl', value: '/tenders' },
  ]);

const chartPositions = [
  { _id: 'dt', parentId: null, title: 'Directeur de travaux', name: 'Marc Lefèvre' },
  { _id: 'cc', parentId: 'dt', title: 'Chef de chantier', name: 'Paul Roux' },
];
/** Makes sure the target company has a construction chart; answers the company's id. */
async function chartOf(target: Target) {
  const companyId = companyOf(target).id;
  await ctx.db.insert(organigrammes).values({ companyId, type: 'construction', positions: chartPositions.map((p) => ({ ...p, contact: '' })) }).onConflictDoNothing();
  return companyId;
}

import { memories, memoryImages, memorySections, memoryThreads, memoryVersions, priceFiles } from '../../server/db/schema';
/** A memory of the target company's tender with one staff section and one version, inserted directly. */
async function memoryOf(target: Target) {
  const tenderId = await tenderOf(target);
  const [memory] = await ctx.db.insert(memories).values({ tenderId, companyId: companyOf(target).id, title: 'Mémoire technique' }).returning({ id: memories.id });
  const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Chef de projet : Marc Lefèvre' }] }] };
  const [section] = await ctx.db
    .insert(memorySections)
    .values({ memoryId: memory!.id, position: 0, title: 'Moyens humains', content, text: 'Chef de projet : Marc Lefèvre', source: 'staff', resourcesHash: 'x' })
    .returning({ id: memorySections.id });
  const [version] = await ctx.db.insert(memoryVersions).values({ memoryId: memory!.id, reason: 'manual', title: 'Mémoire technique', sections: [] }).returning({ id: memoryVersions.id });
  return { id: memory!.id, sectionId: section!.id, versionId: version!.id };
}
/** A price file (one line to price, read from a PDF table: not writable back) of the target company's tender, inserted directly. */
async function priceFileOf(target: Target) {
  const tenderId = await tenderOf(target);
  const documentId = await insertTenderDoc(ctx, tenderId, companyOf(target).id);
  const line = { id: '0:2', ref: '1', label: 'Mise en service', unit: 'forfait', quantity: 1, unitPrice: null, total: null, row: 2, cells: { label: 'B2', unitPrice: 'D2' } };
  const read = { kind: 'BPU' as const, format: 'pdf' as const, sheets: [{ name: 'BPU', lines: [line], totals: [] }] };
  const [row] = await ctx.db.insert(priceFiles).values({ tenderId, companyId: companyOf(target).id, documentId, fileName: 'BPU.pdf', sha256: 'x', read }).returning({ id: priceFiles.id });
  return row!.id;
}
/** A piece uploaded for the target company's tender (its file stored), or its deposit recorded: inserted directly. */
async function submissionPieceOf(target: Target) {
  const tenderId = await tenderOf(target);
  const key = `submission/${companyOf(target).id}/${tenderId}/${randomUUID()}`;
  await localStorage(ctx.filesDir).put(key, pdf());
  const code = `RIB_${randomBytes(3).toString('hex').toUpperCase()}`;
  await ctx.db.insert(submissionPieces).values({ tenderId, companyId: companyOf(target).id, code, fileName: 'RIB.pdf', mime: 'application/pdf', size: 2000, sha256: 'x', storageKey: key });
  return { tenderId, code };
}
async function depositedTenderOf(target: Target) {
  const tender = await insertTender(ctx, companyOf(target).id, 'submitted');
  const key = `submission/${companyOf(target).id}/${tender.id}/ack`;
  await localStorage(ctx.filesDir).put(key, pdf());
  await ctx.db.insert(submissionDeposits).values({ tenderId: tender.id, companyId: companyOf(target).id, depositedAt: new Date(), acknowledgementName: 'AR.pdf', acknowledgementMime: 'application/pdf', acknowledgementSize: 2000, acknowledgementKey: key, zipKey: `${key}.zip`, files: [], totalBytes: 0 });
  return tender.id;
}
/** A comment thread (by nobody still here) on the target company's memory, inserted directly. */
async function memoryThreadOf(target: Target) {
  const memory = await memoryOf(target);
  const [thread] = await ctx.db.insert(memoryThreads).values({ memoryId: memory.id, sectionId: memory.sectionId, quote: 'Chef de projet' }).returning({ id: memoryThreads.id });
  return thread!.id;
}
/** An image of the target company's memory with its file, inserted directly. */
async function memoryImageOf(target: Target) {
  const memory = await memoryOf(target);
  const id = randomUUID();
  const key = `memory-images/${companyOf(target).id}/${id}`;
  await localStorage(ctx.filesDir).put(key, tinyPng);
  await ctx.db.insert(memoryImages).values({ id, memoryId: memory.id, companyId: companyOf(target).id, storageKey: key, mime: 'image/png', size: tinyPng.length });
  return id;
}

/** The target company, given a logo (its file and columns) when it has none. */
async function logoOf(target: Target) {
  const { id } = companyOf(target);
  const key = `logos/${id}/matrix.png`;
  await localStorage(ctx.filesDir).put(key, tinyPng);
  await ctx.db.update(companies).set({ logoKey: key, logoMime: 'image/png', logoVersion: 1 }).where(eq(companies.id, id));
  return id;
}

import { libraryBlocks } from '../../server/db/schema';
/** A block of the target company's content library, inserted directly. */
async function libraryBlockOf(target: Target) {
  const content = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Nos équipes sont formées au travail en hauteur.' }] }] };
  const [block] = await ctx.db
    .insert(libraryBlocks)
    .values({ companyId: companyOf(target).id, title: 'Sécurité', content, text: 'Nos équipes sont formées au travail en hauteur.', searchText: 'securite' })
    .returning({ id: libraryBlocks.id });
  return block!.id;
}

import { savedSearches } from '../../server/db/schema';
/** A saved search of the target company (issue 24), made by nobody still there: an employee may not change it. */
async function savedSearchOf(target: Target) {
  const [row] = await ctx.db
    .insert(savedSearches)
    .values({ companyId: companyOf(target).id, name: `Chauffage ${randomUUID().slice(0, 8)}`, keywords: ['chauffage'], departments: ['38'] })
    .returning({ id: savedSearches.id });
  return row!.id;
}
/** Own company's for its staff; an employee changes only their own (403), another company's is 404. */
const savedSearchWrite = (target: Target): Expected => (target === 'A' ? secured(200, 200, 403, 404) : secured(200, 404, 404, 200));

import { digestToken } from '../../server/auth/one-time-tokens';
/** A fresh calendar-feed secret for A's member (the earlier one stops working), as the feed's address holds it. */
async function feedSecretOfA() {
  const secret = randomBytes(32).toString('base64url');
  await ctx.db.update(users).set({ icsTokenHash: digestToken(secret) }).where(eq(users.id, world.A.member.id));
  return secret;
}

import { notifications } from '../../server/db/schema';
/** A notification of this person, inserted directly. */
async function notificationOf(person: Person) {
  const [row] = await ctx.db.insert(notifications).values({ userId: person.id, kind: 'digest', payload: { count: 1 }, dedupeKey: `matrix:${randomUUID()}` }).returning({ id: notifications.id });
  return row!.id;
}

const matrix: Record<string, Row[]> = {
  getHealth: none(everyone(200), async () => ({ request: json('GET', '/api/health') })),
  getReadiness: none(everyone(200), async () => ({ request: json('GET', '/api/ready') })),
  getTranslations: none(everyone(200), async () => ({ request: json('GET', '/locales/fr/translation.json') })),
  loginUser: none(everyone(200), async () => ({ request: json('POST', '/api/users/login', { email: world.people.employeeA.email, password: PASSWORD }) })),
  registerUser: none(everyone(201), async () => ({ request: json('POST', '/api/users/register', { username: 'Nouvelle Gérante', email: uniqueEmail('register'), password: PASSWORD }) })),
  registerInvitedUser: none(everyone(201), async () => ({
    request: json('POST', '/api/invites/register', { token: (await insertInvite(world.A.id)).token, username: 'Invitée Matrice', password: PASSWORD }),
  })),
  getInviteByToken: none(everyone(200), async () => ({ request: json('GET', `/api/invites/token/${(await insertInvite(world.A.id)).token}`) })),
  // The same answer whether the account exists or not; a new address each time stays clear of the per-address limit.
  requestPasswordReset: none(everyone(200), async () => ({ request: json('POST', '/api/users/password/forgot', { email: uniqueEmail('forgot') }) })),
  // An unknown token: refused the same way whoever calls.
  resetPassword: none(everyone([400, 410]), async () => ({ request: json('POST', '/api/users/password/reset', { token: randomBytes(24).toString('base64url'), password: PASSWORD }) })),
  verifyEmail: none(everyone([400, 410]), async () => ({ request: json('POST', '/api/users/verify-email', { token: randomBytes(24).toString('base64url') }) })),

  logoutUser: self(secured(200, 200, 200, 200), async () => ({ request: json('POST', '/api/users/logout') })),
  getProfile: self(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/users/profile') })),
  updateProfile: self(secured(200, 200, 200, 200), async (caller) => {
    const as = await cloneOf(personOf(caller) ?? world.people.employeeA);
    return { as, request: { method: 'PATCH', url: '/api/users/profile', ...multipart([{ name: 'username', value: as.username }]) } };
  }),
  deleteProfilePicture: self(secured(200, 200, 200, 200), async (caller) => ({
    as: await cloneOf(personOf(caller) ?? world.people.employeeA),
    request: json('DELETE', '/api/users/profile/picture'),
  })),
  changePassword: self(secured(200, 200, 200, 200), async (caller) => ({
    as: await cloneOf(personOf(caller) ?? world.people.employeeA),
    request: json('PATCH', '/api/users/password', { currentPassword: PASSWORD, newPassword: 'Matrix-Pass-2027' }),
  })),
  resendVerificationEmail: self(secured(200, 200, 200, 200), async (caller) => ({
    as: await cloneOf(personOf(caller) ?? world.people.employeeA),
    request: json('POST', '/api/users/verify-email/resend'),
  })),
  getUserPicture: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/users/${companyOf(target).member.id}/picture`) }),
  ),

  listUsers: none(adminOnly(200), async () => ({ request: json('GET', '/api/users?perPage=all') })),
  listSelectedUsers: none(adminOnly(200), async () => ({ request: json('GET', `/api/users/selected?ids=${world.A.member.id},${world.B.member.id}`) })),
  getUser: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/users/${companyOf(target).member.id}`) }),
  ),
  updateUserRole: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('PATCH', `/api/users/${(await insertUser('Promue Matrice', 'employee', companyOf(target).id)).id}/role`, { role: 'manager' }) }),
  ),
  setUserActive: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('PATCH', `/api/users/${(await insertUser('Suspendu Matrice', 'employee', companyOf(target).id)).id}/status`, { active: false }) }),
  ),

  listCompanies: none(adminOnly(200), async () => ({ request: json('GET', '/api/companies?perPage=all') })),
  // Staff managers already have a company: a second one is refused.
  createCompany: none(secured(201, 409, 403, 409), async () => ({ request: json('POST', '/api/companies', companyInput()) })),
  listSelectedCompanies: none(adminOnly(200), async () => ({ request: json('GET', `/api/companies/selected?ids=${world.A.id},${world.B.id}`) })),
  getCompany: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}`) }),
  ),
  updateCompany: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('PATCH', `/api/companies/${companyOf(target).id}`, { description: 'Mise à jour par la matrice.' }) }),
  ),
  deleteCompany: none(adminOnly(200), async () => ({ request: json('DELETE', `/api/companies/${await insertCompany()}`) })),
  listCompanyUsers: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/users?perPage=all`) }),
  ),
  removeCompanyUser: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => {
      const { id } = companyOf(target);
      return { request: json('DELETE', `/api/companies/${id}/users/${(await insertUser('Partant Matrice', 'employee', id)).id}`) };
    },
  ),

  getCompanyLogo: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${await logoOf(target)}/logo`) }),
  ),
  uploadCompanyLogo: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: { method: 'PUT', url: `/api/companies/${companyOf(target).id}/logo`, ...multipart([{ name: 'logo', filename: 'logo.png', type: 'image/png', data: tinyPng }]) } }),
  ),
  deleteCompanyLogo: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('DELETE', `/api/companies/${await logoOf(target)}/logo`) }),
  ),

  listInvites: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('GET', `/api/invites?perPage=all&companyId=${companyOf(target).id}`) }),
  ),
  createInvite: onBoth(
    (target) => scoped(target, 201, 201, 403),
    async (_caller, target) => ({ request: json('POST', '/api/invites', { email: uniqueEmail('invited'), role: 'employee', companyId: companyOf(target).id }) }),
  ),
  resendInvite: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('POST', `/api/invites/${(await insertInvite(companyOf(target).id)).id}/resend`) }),
  ),
  // Each caller asks for the link of an invitation they sent themselves (anonymous: of nobody's).
  getInviteLink: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (caller, target) => ({ request: json('GET', `/api/invites/${(await insertSentInvite(companyOf(target).id, personOf(caller))).id}/link`) }),
  ),
  revokeInvite: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('DELETE', `/api/invites/${(await insertInvite(companyOf(target).id)).id}`) }),
  ),
  listOutboxEmails: none(adminOnly(200), async () => ({ request: json('GET', '/api/admin/outbox?perPage=all') })),
  getAdminStats: none(adminOnly(200), async () => ({ request: json('GET', '/api/admin/stats/') })),
  // Notice imports: admins only; the admin's upload is accepted (202) and left queued (no worker here).
  listImports: none(adminOnly(200), async () => ({ request: json('GET', '/api/admin/imports?perPage=all') })),
  createImport: none(adminOnly(202), async () => ({ request: { method: 'POST', url: '/api/admin/imports', ...multipart([{ name: 'file', filename: 'avis.json', type: 'application/json', data: Buffer.from('[]') }]) } })),
  listImportRefusals: none(adminOnly(200), async () => {
    const [run] = await ctx.db.insert(importRuns).values({ fileName: 'avis.json' }).returning({ id: importRuns.id });
    return { request: json('GET', `/api/admin/imports/${run!.id}/refused`) };
  }),
  // Built-in connectors: admins only; none runs in tests, so the admin's "run now" is a 409 (unavailable).
  listSourcingConnectors: none(adminOnly(200), async () => ({ request: json('GET', '/api/admin/sourcing/connectors') })),
  updateSourcingConnector: none(adminOnly(200), async () => ({ request: json('PATCH', '/api/admin/sourcing/connectors/ted', { enabled: true }) })),
  runSourcingConnector: none(adminOnly(409), async () => ({ request: json('POST', '/api/admin/sourcing/connectors/ted/run') })),
  // Alerts: each signed-in user's own notifications and settings; another's notification answers 404; unsubscribing is public, a forged token 400.
  listNotifications: self(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/notifications?perPage=5') })),
  readNotification: [
    ...self(secured(200, 200, 200, 200), async (caller) => ({ request: json('POST', `/api/notifications/${await notificationOf(personOf(caller) ?? world.people.employeeA)}/read`) })),
    ...none(secured(404, 404, 404, 404), async () => ({ request: json('POST', `/api/notifications/${await notificationOf(await insertUser('Autre Salariée', 'employee', world.B.id))}/read`) })),
  ],
  readAllNotifications: self(secured(200, 200, 200, 200), async () => ({ request: json('POST', '/api/notifications/read-all') })),
  getAlertSettings: self(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/users/alert-settings') })),
  saveAlertSettings: self(secured(200, 200, 200, 200), async (caller) => ({
    as: await cloneOf(personOf(caller) ?? world.people.employeeA),
    request: json('PUT', '/api/users/alert-settings', { digestFrequency: 'weekly', alertEmails: false }),
  })),
  unsubscribeAlerts: none(everyone(400), async () => ({ request: json('POST', '/api/alerts/unsubscribe', { token: `${randomUUID()}.alerts.${randomBytes(32).toString('base64url')}` }) })),
  getDashboardSummary: self(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/dashboard/summary') })),
  getMenuBadges: self(secured(403, 200, 403, 200), async () => ({ request: json('GET', '/api/dashboard/badges') })),
  // Tenders: admins everywhere; staff on their own company's tenders only (404 elsewhere).
  listTenders: none(adminOnly(200), async () => ({ request: json('GET', '/api/tenders?perPage=all') })),
  listMyCompanyTenders: none(secured(403, 200, 200, 200), async () => ({ request: json('GET', '/api/tenders/my-company?perPage=all') })),
  getMyCompanyBoard: none(secured(403, 200, 200, 200), async () => ({ request: json('GET', '/api/tenders/my-company/board') })),
  listPotentialTenders: [
    ...none(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/tenders/potential?perPage=all') })),
    // Filtered by a saved search (issue 24): another company's is a 404.
    ...onBoth(
      (target) => scoped(target, 200, 200, 200),
      async (_caller, target) => ({ request: json('GET', `/api/tenders/potential?savedSearch=${await savedSearchOf(target)}`) }),
    ),
  ],
  // Saved searches (issue 24): every member reads and creates; managers change any, an employee their own.
  listSavedSearches: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/saved-searches?companyId=${companyOf(target).id}`) }),
  ),
  createSavedSearch: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/saved-searches?companyId=${companyOf(target).id}`, { name: `Écoles ${randomUUID().slice(0, 8)}`, keywords: ['école'] }) }),
  ),
  updateSavedSearch: onBoth(savedSearchWrite, async (_caller, target) => ({ request: json('PATCH', `/api/saved-searches/${await savedSearchOf(target)}`, { alerts: true }) })),
  deleteSavedSearch: onBoth(savedSearchWrite, async (_caller, target) => ({ request: json('DELETE', `/api/saved-searches/${await savedSearchOf(target)}`) })),
  createTender: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', '/api/tenders', { tenderCallId: await insertCall(), companyId: companyOf(target).id }) }),
  ),
  getTender: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}`) }),
  ),
  updateTender: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/tenders/${await tenderOf(target)}`, { responseStep: 1 }) }),
  ),
  deleteTender: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('DELETE', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}`) }),
  ),
  // Reopening a submitted tender: its company's manager and admins; employees never (403).
  reopenTender: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${(await insertTender(ctx, companyOf(target).id, 'submitted')).id}/reopen`, { reason: 'Correction du mémoire technique.' }) }),
  ),
  getTenderStatusHistory: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/history`) }),
  ),
  getTenderLots: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/lots`) }),
  ),
  // Calls for tenders are public notices: everyone reads them, admins write them.
  createTenderCall: none(adminOnly(201), async () => ({ request: json('POST', '/api/tenderCalls', callInput()) })),
  getTenderCall: none(secured(200, 200, 200, 200), async () => ({ request: json('GET', `/api/tenderCalls/${await insertCall()}`) })),
  // A call's market (history, awards, the buyer's past awards): calls are public, like the call itself.
  getTenderCallMarket: none(secured(200, 200, 200, 200), async () => ({ request: json('GET', `/api/tenderCalls/${await insertCall()}/market`) })),
  updateTenderCall: none(adminOnly(200), async () => ({ request: json('PATCH', `/api/tenderCalls/${await insertCall()}`, { buyer: 'Ville de Grenoble' }) })),
  deleteTenderCall: none(adminOnly(200), async () => ({ request: json('DELETE', `/api/tenderCalls/${await insertCall()}`) })),
  // A verdict is the caller's company's own: admins have none (403); each company's is apart (tests/api/matching.test.ts).
  setTenderCallFeedback: none(secured(403, 200, 200, 200), async () => ({ request: json('PUT', `/api/tenderCalls/${await insertCall()}/feedback`, { verdict: 'not_relevant', reason: 'Hors de notre zone' }) })),
  deleteTenderCallFeedback: none(secured(403, 200, 200, 200), async () => ({ request: json('DELETE', `/api/tenderCalls/${await insertCall()}/feedback`) })),
  // DCE templates are shared by every company: everyone reads them, admins write them.
  listDceTemplates: none(secured(200, 200, 200, 200), async () => ({ request: json('GET', '/api/dceTemplates?perPage=all') })),
  getDceTemplate: none(secured(200, 200, 200, 200), async () => ({ request: json('GET', `/api/dceTemplates/${await insertDceTemplate()}`) })),
  createDceTemplate: none(adminOnly(201), async () => ({ request: json('POST', '/api/dceTemplates', dceTemplateInput()) })),
  updateDceTemplate: none(adminOnly(200), async () => ({ request: json('PATCH', `/api/dceTemplates/${await insertDceTemplate()}`, { name: 'Modèle renommé' }) })),
  deleteDceTemplate: none(adminOnly(200), async () => ({ request: json('DELETE', `/api/dceTemplates/${await insertDceTemplate()}`) })),
  // Tender documents and the vault: every member of the owning company, and admins.
  listTenderDocs: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/docs`) }),
  ),
  uploadTenderDoc: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({
      request: { method: 'POST', url: `/api/tenderDocs?companyId=${companyOf(target).id}`, ...documentForm([{ name: 'tenderId', value: await tenderOf(target) }]) },
    }),
  ),
  getTenderDoc: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenderDocs/${await tenderDocOf(target)}`) }),
  ),
  replaceTenderDoc: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: { method: 'PATCH', url: `/api/tenderDocs/${await tenderDocOf(target)}?companyId=${companyOf(target).id}`, ...documentForm([]) } }),
  ),
  deleteTenderDoc: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/tenderDocs/${await tenderDocOf(target)}`) }),
  ),
  downloadTenderDoc: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenderDocs/${await tenderDocOf(target)}/file`) }),
  ),
  // DCE analyses: admins and the managers of the tender's company.
  createDceAnalysis: onBoth(
    (target) => scoped(target, 202, 202, 403),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}/dce-analyses`) }),
  ),
  listDceAnalyses: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/dce-analyses`) }),
  ),
  getDceAnalysis: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('GET', `/api/dce-analyses/${await dceAnalysisOf(target)}`) }),
  ),
  updateDceFact: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('PATCH', `/api/dce-analyses/${await dceAnalysisOf(target)}/facts/procedure`, { value: 'adapted' }) }),
  ),
  addDceDatesToPlanning: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('POST', `/api/dce-analyses/${await dceAnalysisOf(target)}/planning`) }),
  ),
  // CCTP analyses: every member of the tender's company.
  createCctpAnalysis: onBoth(
    (target) => scoped(target, 202, 202, 202),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}/cctp-analyses`) }),
  ),
  listCctpAnalyses: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/cctp-analyses`) }),
  ),
  getCctpAnalysis: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/cctp-analyses/${(await cctpAnalysisOf(target)).id}`) }),
  ),
  updateCctpRequirement: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const analysis = await cctpAnalysisOf(target);
      return { request: json('PATCH', `/api/cctp-analyses/${analysis.id}/requirements/${analysis.requirementId}`, { status: 'covered' }) };
    },
  ),
  exportCctpAnalysis: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/cctp-analyses/${(await cctpAnalysisOf(target)).id}/export?format=csv`) }),
  ),
  // Chat and notes: every member of the tender's company.
  askTenderChat: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${await tenderOf(target)}/chat/messages`, { question: 'Quelle est la date limite ?' }) }),
  ),
  listTenderChat: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/chat/messages`) }),
  ),
  clearTenderChat: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/tenders/${await tenderOf(target)}/chat/messages`) }),
  ),
  getTenderNotes: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/notes`) }),
  ),
  saveTenderNotes: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PUT', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}/notes`, { text: 'Visite le 30 juin.', version: 0 }) }),
  ),
  addTenderNote: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${await tenderOf(target)}/notes/entries`, { text: 'Visite le 30 juin.' }) }),
  ),
  // Go/No-Go: the team rates, managers decide; the weights are the company's, set by its managers.
  getTenderGoNoGo: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/go-no-go`) }),
  ),
  saveTenderGoNoGo: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PUT', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}/go-no-go`, { ratings: [{ criterion: 'risk', rating: 3 }], version: 0 }) }),
  ),
  decideTenderGoNoGo: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${(await insertTender(ctx, companyOf(target).id)).id}/go-no-go/decision`, { decision: 'go' }) }),
  ),
  // The calls a company won and lost: its staff and admins.
  listCompanyAwards: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/awards`) }),
  ),
  getGoNoGoWeights: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/go-no-go-weights`) }),
  ),
  saveGoNoGoWeights: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('PUT', `/api/companies/${companyOf(target).id}/go-no-go-weights`, { strategic_fit: 5, capacity: 5, technical_match: 5, references: 5, price: 5, risk: 5 }) }),
  ),
  // Deadline calendar: the company's staff and admins; the feed is each member's own, read by its secret alone.
  getCompanyCalendar: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/calendar?from=2026-06-01&to=2026-07-15`) }),
  ),
  getCalendarFeed: self(secured(403, 200, 200, 200), async () => ({ request: json('GET', '/api/users/calendar-feed') })),
  createCalendarFeed: self(secured(403, 201, 201, 201), async (caller) => ({ as: await cloneOf(personOf(caller) ?? world.people.employeeA), request: json('POST', '/api/users/calendar-feed') })),
  deleteCalendarFeed: self(secured(403, 200, 200, 200), async (caller) => ({ as: await cloneOf(personOf(caller) ?? world.people.employeeA), request: json('DELETE', '/api/users/calendar-feed') })),
  getCalendarFeedIcs: none(everyone(200), async () => ({ request: json('GET', `/api/calendar/${await feedSecretOfA()}.ics`) })),
  // Technical memories: every member of the tender's company, like the CCTP matrix.
  listMemories: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/memories`) }),
  ),
  listCompanyMemories: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/memories`) }),
  ),
  createMemory: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/tenders/${await tenderOf(target)}/memories`, { from: 'blank' }) }),
  ),
  getMemory: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/memories/${(await memoryOf(target)).id}`) }),
  ),
  updateMemory: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/memories/${(await memoryOf(target)).id}`, { version: 1, status: 'to_review' }) }),
  ),
  deleteMemory: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/memories/${(await memoryOf(target)).id}`) }),
  ),
  addMemorySection: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/memories/${(await memoryOf(target)).id}/sections`, { title: 'Préambule', position: 0 }) }),
  ),
  updateMemorySection: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('PATCH', `/api/memories/${memory.id}/sections/${memory.sectionId}`, { version: 1, status: 'to_review' }) };
    },
  ),
  deleteMemorySection: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('DELETE', `/api/memories/${memory.id}/sections/${memory.sectionId}`) };
    },
  ),
  refreshMemorySection: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('POST', `/api/memories/${memory.id}/sections/${memory.sectionId}/refresh`) };
    },
  ),
  // Without a model configured the draft is a template: nothing is sent anywhere.
  assistMemorySection: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('POST', `/api/memories/${memory.id}/sections/${memory.sectionId}/assist`, { action: 'draft' }) };
    },
  ),
  listMemoryVersions: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/memories/${(await memoryOf(target)).id}/versions`) }),
  ),
  createMemoryVersion: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/memories/${(await memoryOf(target)).id}/versions`) }),
  ),
  restoreMemoryVersion: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('POST', `/api/memories/${memory.id}/versions/${memory.versionId}/restore`) };
    },
  ),
  analyseMemory: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('POST', `/api/memories/${(await memoryOf(target)).id}/analysis`) }),
  ),
  listPriceFiles: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/price-files`) }),
  ),
  updatePriceFile: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/price-files/${await priceFileOf(target)}`, { version: 1, lines: [{ _id: '0:2', unitPrice: 1250 }] }) }),
  ),
  // Past the role and the scope, a form without its file is refused.
  importPriceFile: onBoth(
    (target) => scoped(target, 400, 400, 400),
    async (_caller, target) => ({ request: { method: 'POST', url: `/api/price-files/${await priceFileOf(target)}/import`, ...multipart([{ name: 'version', value: '1' }]) } }),
  ),
  checkPriceFile: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/price-files/${await priceFileOf(target)}/check`) }),
  ),
  // A file read from a PDF table cannot be written back: past the role and the scope, 409.
  exportPriceFile: onBoth(
    (target) => scoped(target, 409, 409, 409),
    async (_caller, target) => ({ request: json('GET', `/api/price-files/${await priceFileOf(target)}/export`) }),
  ),
  getSubmission: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission`) }),
  ),
  // Past the role and the scope, a form with neither a file nor a vault document is refused.
  setSubmissionPiece: onBoth(
    (target) => scoped(target, 400, 400, 400),
    async (_caller, target) => ({ request: { method: 'PUT', url: `/api/tenders/${await tenderOf(target)}/submission/pieces/RIB`, ...multipart([]) } }),
  ),
  clearSubmissionPiece: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const { tenderId, code } = await submissionPieceOf(target);
      return { request: json('DELETE', `/api/tenders/${tenderId}/submission/pieces/${code}`) };
    },
  ),
  getSubmissionPieceFile: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const { tenderId, code } = await submissionPieceOf(target);
      return { request: json('GET', `/api/tenders/${tenderId}/submission/pieces/${code}/file`) };
    },
  ),
  exportDc1: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/dc1.docx`) }),
  ),
  exportDc2: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/dc2.docx`) }),
  ),
  exportAe: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/ae.docx`) }),
  ),
  // The test companies have not said their size, which the ESPD model requires: past the role and the scope, 409.
  exportEspdResponse: onBoth(
    (target) => scoped(target, 409, 409, 409),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/espd-response.xml`) }),
  ),
  exportEspdResponsePdf: onBoth(
    (target) => scoped(target, 409, 409, 409),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/espd-response.pdf`) }),
  ),
  exportSubmissionZip: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission.zip`) }),
  ),
  // Managers and admins deposit; past the role and the scope, a deposit without its acknowledgement is refused.
  depositSubmission: onBoth(
    (target) => scoped(target, 400, 400, 403),
    async (_caller, target) => ({ request: { method: 'POST', url: `/api/tenders/${await tenderOf(target)}/submission/deposit`, ...multipart([{ name: 'depositedAt', value: '2026-11-28T10:00:00.000Z' }]) } }),
  ),
  getSubmissionGroupement: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await tenderOf(target)}/submission/groupement`) }),
  ),
  // Managers and admins enter the groupement; employees read it.
  setSubmissionGroupement: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({
      request: json('PUT', `/api/tenders/${await tenderOf(target)}/submission/groupement`, {
        kind: 'joint',
        members: [{ name: 'Cotraitant Matrice', siret: siretFor(880_001), address: '2 rue des Alpes', postalCode: '38000', city: 'Grenoble', role: 'Lot électricité' }],
      }),
    }),
  ),
  clearSubmissionGroupement: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('DELETE', `/api/tenders/${await tenderOf(target)}/submission/groupement`) }),
  ),
  getSubmissionAcknowledgement: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${await depositedTenderOf(target)}/submission/deposit/acknowledgement`) }),
  ),
  exportMemoryDocx: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/memories/${(await memoryOf(target)).id}/export.docx`) }),
  ),
  // The test app has no LibreOffice (tests/api/context.ts): past the role and the scope, the PDF answers 503.
  exportMemoryPdf: onBoth(
    (target) => scoped(target, 503, 503, 503),
    async (_caller, target) => ({ request: json('GET', `/api/memories/${(await memoryOf(target)).id}/export.pdf`) }),
  ),
  // Comments and images: like the memory; a thread is deleted by its author, a manager or an admin.
  listMemoryComments: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/memories/${(await memoryOf(target)).id}/comments`) }),
  ),
  createMemoryThread: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => {
      const memory = await memoryOf(target);
      return { request: json('POST', `/api/memories/${memory.id}/comments`, { sectionId: memory.sectionId, quote: 'Chef de projet', body: 'À préciser.' }) };
    },
  ),
  updateMemoryThread: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/memory-comments/${await memoryThreadOf(target)}`, { resolved: true }) }),
  ),
  deleteMemoryThread: onBoth(
    (target) => (target === 'A' ? secured(200, 200, 403, 404) : secured(200, 404, 404, 200)),
    async (_caller, target) => ({ request: json('DELETE', `/api/memory-comments/${await memoryThreadOf(target)}`) }),
  ),
  replyMemoryThread: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/memory-comments/${await memoryThreadOf(target)}/replies`, { body: 'Fait.' }) }),
  ),
  uploadMemoryImage: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: { method: 'POST', url: `/api/memories/${(await memoryOf(target)).id}/images`, ...multipart([{ name: 'file', filename: 'plan.png', type: 'image/png', data: tinyPng }]) } }),
  ),
  getMemoryImage: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/memory-images/${await memoryImageOf(target)}`) }),
  ),
  getTenderDocPages: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenderDocs/${await tenderDocOf(target)}/pages`) }),
  ),
  // A document inserted with no extraction yet: asking for one queues it.
  extractTenderDoc: onBoth(
    (target) => scoped(target, 202, 202, 202),
    async (_caller, target) => ({ request: json('POST', `/api/tenderDocs/${await tenderDocOf(target)}/extraction`) }),
  ),
  listCompanyDocuments: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/documents?perPage=all`) }),
  ),
  createCompanyDocument: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({
      request: { method: 'POST', url: `/api/companies/${companyOf(target).id}/documents`, ...documentForm([{ name: 'kind', value: 'insurance' }, { name: 'title', value: 'Assurance décennale' }]) },
    }),
  ),
  updateCompanyDocument: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: { method: 'PATCH', url: `/api/companyDocs/${await companyDocOf(target)}`, ...multipart([{ name: 'title', value: 'Attestation renouvelée' }]) } }),
  ),
  deleteCompanyDocument: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/companyDocs/${await companyDocOf(target)}`) }),
  ),
  downloadCompanyDocument: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companyDocs/${await companyDocOf(target)}/file`) }),
  ),
  // Resumes: every member of the company, like the vault.
  listResumes: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/resumes`) }),
  ),
  createResume: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/companies/${companyOf(target).id}/resumes`, { fullName: 'Claire Morel', skills: ['Synthèse technique'] }) }),
  ),
  getResume: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/resumes/${await resumeOf(target)}`) }),
  ),
  updateResume: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/resumes/${await resumeOf(target)}`, { version: 1, jobTitle: 'Chef de chantier' }) }),
  ),
  deleteResume: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/resumes/${await resumeOf(target)}`) }),
  ),
  downloadResumeFile: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/resumes/${await resumeOf(target)}/file`) }),
  ),
  replaceResumeFile: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: { method: 'POST', url: `/api/resumes/${await resumeOf(target)}/file`, ...cvForm() } }),
  ),
  // Content library: every member of the company, like the resumes.
  listLibraryBlocks: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/companies/${companyOf(target).id}/library?search=s%C3%A9curit%C3%A9`) }),
  ),
  createLibraryBlock: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({
      request: json('POST', `/api/companies/${companyOf(target).id}/library`, { title: 'Gestion des déchets', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tri sur site.' }] }] }, tags: ['Environnement'] }),
    }),
  ),
  getLibraryBlock: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/library/${await libraryBlockOf(target)}`) }),
  ),
  updateLibraryBlock: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/library/${await libraryBlockOf(target)}`, { version: 1, title: 'Sécurité sur chantier' }) }),
  ),
  deleteLibraryBlock: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('DELETE', `/api/library/${await libraryBlockOf(target)}`) }),
  ),
  markLibraryBlockReviewed: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('POST', `/api/library/${await libraryBlockOf(target)}/reviewed`) }),
  ),
  // Reports: anyone files and lists (their own); reading is for the reporter and admins, triage for admins.
  createReport: self(secured(201, 201, 201, 201), async () => ({ request: { method: 'POST', url: '/api/reports/', ...reportForm() } })),
  listReports: onBoth(
    () => secured(200, 200, 200, 200),
    // The target company's employee has filed one more: B's must never show to A's staff.
    async (_caller, target) => {
      await insertReport(target);
      return { request: json('GET', '/api/reports?perPage=all') };
    },
  ),
  getReport: onBoth(reporterOnly, async (_caller, target) => ({ request: json('GET', `/api/reports/${await insertReport(target)}`) })),
  updateReportStatus: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('PATCH', `/api/reports/${await insertReport(target)}`, { status: 'resolved' }) }),
  ),
  getReportScreenshot: onBoth(reporterOnly, async (_caller, target) => ({ request: json('GET', `/api/reports/${await insertReport(target)}/screenshot`) })),
  // Organisation charts: staff read their company's, admins and managers draw them; one per kind.
  getOrganigrammes: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/organigrammes/${await chartOf(target)}/organigramme`) }),
  ),
  createOrganigramme: onBoth(
    (target) => scoped(target, 201, 201, 403),
    async (_caller, target) => {
      await ctx.db.delete(organigrammes).where(eq(organigrammes.companyId, companyOf(target).id));
      return { request: json('POST', `/api/organigrammes/${companyOf(target).id}/organigramme`, { type: 'chantier', positions: chartPositions }) };
    },
  ),
  replaceOrganigramme: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => {
      const companyId = await chartOf(target);
      // The version the caller last read: a stale one is a 409 (lost update), not what this row tests.
      const [chart] = await ctx.db.select({ version: organigrammes.version }).from(organigrammes).where(and(eq(organigrammes.companyId, companyId), eq(organigrammes.type, 'construction')));
      return { request: json('PUT', `/api/organigrammes/${companyId}/organigramme?type=construction`, { positions: chartPositions, version: chart!.version }) };
    },
  ),
  deleteOrganigramme: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('DELETE', `/api/organigrammes/${await chartOf(target)}/organigramme?type=chantier`) }),
  ),
  // Plannings: the tender's company (every member) and admins; another company's answers 404.
  findTenderPlanning: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/tenders/${(await insertPlanning(target)).tenderId}/planning`) }),
  ),
  getTenderPlanning: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/plannings/tender/${(await insertPlanning(target)).tenderId}`) }),
  ),
  createPlanning: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', '/api/plannings', { tenderId: (await insertTender(ctx, companyOf(target).id)).id, tasks: [planningTask] }) }),
  ),
  updatePlanning: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('PATCH', `/api/plannings/${(await insertPlanning(target)).id}`, { tasks: [planningTask], version: 1 }) }),
  ),
  addPlanningTask: onBoth(
    (target) => scoped(target, 201, 201, 201),
    async (_caller, target) => ({ request: json('POST', `/api/plannings/${(await insertPlanning(target)).id}/tasks`, { task: planningTask }) }),
  ),
  updatePlanningTaskByBody: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const planning = await insertPlanning(target);
      return { request: json('PATCH', `/api/plannings/${planning.id}/tasks`, { taskId: planning.taskId, updates: { done: true } }) };
    },
  ),
  updatePlanningTask: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const planning = await insertPlanning(target);
      return { request: json('PATCH', `/api/plannings/${planning.id}/tasks/${planning.taskId}`, { endDate: '2026-12-04' }) };
    },
  ),
  deletePlanningTask: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => {
      const planning = await insertPlanning(target);
      return { request: json('DELETE', `/api/plannings/${planning.id}/tasks/${planning.taskId}`) };
    },
  ),
  // Billing (issue 14): every member sees the plan; the company's managers and admins the details
  // and invoices; admins set plans, mark transfers paid and issue credit notes.
  getBilling: onBoth(
    (target) => scoped(target, 200, 200, 200),
    async (_caller, target) => ({ request: json('GET', `/api/billing/${companyOf(target).id}`) }),
  ),
  updateBilling: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('PATCH', `/api/billing/${companyOf(target).id}`, { invoiceEmail: 'compta@example.fr' }) }),
  ),
  listInvoices: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => {
      await invoiceOf(target);
      return { request: json('GET', `/api/billing/${companyOf(target).id}/invoices`) };
    },
  ),
  setCompanyPlan: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('PUT', `/api/billing/${companyOf(target).id}/plan`, { plan: 'pro', reason: 'Geste commercial' }) }),
  ),
  orderPlanByTransfer: onBoth(
    (target) => scoped(target, 403, 201, 403),
    async (_caller, target) => {
      // An open invoice refuses a new order (409): the earlier ones are settled first.
      await ctx.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.companyId, companyOf(target).id));
      return { request: json('POST', `/api/billing/${companyOf(target).id}/transfer-orders`, { plan: 'essential', cycle: 'monthly' }) };
    },
  ),
  downloadInvoicePdf: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('GET', `/api/invoices/${await invoiceOf(target)}/pdf`) }),
  ),
  markInvoicePaid: onBoth(
    () => adminOnly(200),
    async (_caller, target) => ({ request: json('POST', `/api/invoices/${await invoiceOf(target)}/payment`, {}) }),
  ),
  creditInvoice: onBoth(
    () => adminOnly(201),
    async (_caller, target) => ({ request: json('POST', `/api/invoices/${await invoiceOf(target)}/credit-note`, { reason: 'Erreur de formule' }) }),
  ),
  // Card payments (against the fake Stripe): the company's managers pay and open the portal (409:
  // never paid by card); its managers and admins follow a checkout; Stripe's webhook is public
  // and refuses what it did not sign.
  startCheckout: onBoth(
    (target) => scoped(target, 403, 201, 403),
    async (_caller, target) => ({ request: json('POST', `/api/billing/${companyOf(target).id}/checkout`, { plan: 'essential', cycle: 'monthly' }) }),
  ),
  getCheckoutStatus: onBoth(
    (target) => scoped(target, 200, 200, 403),
    async (_caller, target) => ({ request: json('GET', `/api/billing/${companyOf(target).id}/checkout/${await checkoutOf(target)}`) }),
  ),
  openBillingPortal: onBoth(
    (target) => scoped(target, 403, 409, 403),
    async (_caller, target) => ({ request: json('POST', `/api/billing/${companyOf(target).id}/portal`) }),
  ),
  receiveStripeWebhook: none(everyone(400), async () => ({
    request: { ...json('POST', '/api/stripe/webhook', { id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } }), headers: { 'stripe-signature': 't=1,v1=0000' } },
  })),
};

/** A checkout session of the target company, opened by its manager. */
async function checkoutOf(target: Target) {
  const manager = target === 'B' ? world.people.managerB : world.people.managerA;
  const res = await ctx.app.inject({ ...json('POST', `/api/billing/${companyOf(target).id}/checkout`, { plan: 'pro', cycle: 'yearly' }), headers: { authorization: `Bearer ${await tokenFor(manager)}` } });
  return (res.json() as { sessionId: string }).sessionId;
}

/** A fresh open invoice of the target company, issued directly. */
const invoiceOf = (target: Target) =>
  issueInvoice(ctx.db, { companyId: companyOf(target).id, lines: [{ description: 'Abonnement Soumissio Essentiel', quantity: 1, unitPrice: 4900, vatRate: 2000 }], paymentMethod: 'transfer' });

const planningTask = { name: 'Chiffrage', startDate: '2026-11-30', endDate: '2026-12-02' };
/** A fresh tender of the target company with a planning of one task, inserted directly. */
async function insertPlanning(target: Target) {
  const companyId = companyOf(target).id;
  const tender = await insertTender(ctx, companyId);
  const [planning] = await ctx.db.insert(plannings).values({ tenderId: tender.id, companyId }).returning({ id: plannings.id });
  const [task] = await ctx.db.insert(planningTasks).values({ planningId: planning!.id, position: 0, ...planningTask }).returning({ id: planningTasks.id });
  return { id: planning!.id, tenderId: tender.id, taskId: task!.id };
}

/** What of company B must never reach A's staff. */
let secretsOfB: string[] = [];

let fakeStripe: FakeStripe;

beforeAll(async () => {
  fakeStripe = await startFakeStripe({ secretKey: 'sk_test_matrix', webhookSecret: 'whsec_matrix' });
  ctx = await createTestApp({ stripe: { secretKey: 'sk_test_matrix', webhookSecret: 'whsec_matrix', apiUrl: fakeStripe.url } });
  passwordHash = await hashPassword(PASSWORD);
  const [a] = await ctx.db.insert(companies).values({ name: 'Alpha Charpente', siret: siretFor(101), city: 'Annecy' }).returning({ id: companies.id });
  const [b] = await ctx.db.insert(companies).values({ name: 'Bravo Maçonnerie', siret: siretFor(202), city: 'Brest' }).returning({ id: companies.id });
  const people = {
    admin: await insertUser('Ada Admin', 'admin', null),
    managerA: await insertUser('Alice Armand', 'manager', a!.id),
    employeeA: await insertUser('Arthur Aubert', 'employee', a!.id, true),
    managerB: await insertUser('Bastien Bertrand', 'manager', b!.id),
  };
  const memberB = await insertUser('Blanche Bonnet', 'employee', b!.id, true);
  const inviteA = await insertInvite(a!.id);
  const inviteB = await insertInvite(b!.id);
  await ctx.db.insert(outboxEmails).values({ to: inviteB.email, subject: 'Invitation', text: 'Rejoignez Bravo Maçonnerie', link: null, kind: 'invitation' });
  world = {
    A: { id: a!.id, name: 'Alpha Charpente', siret: siretFor(101), member: people.employeeA, invite: inviteA.id },
    B: { id: b!.id, name: 'Bravo Maçonnerie', siret: siretFor(202), member: memberB, invite: inviteB.id },
    people,
  };
  secretsOfB = [b!.id, 'Bravo Maçonnerie', siretFor(202), 'Brest', people.managerB.id, people.managerB.email, 'Bastien Bertrand', memberB.id, memberB.email, 'Blanche Bonnet', inviteB.id, inviteB.email];
});
afterAll(async () => {
  await ctx?.close();
  await fakeStripe?.close();
});

const matches = (status: number, expected: Status) => (Array.isArray(expected) ? expected.includes(status) : status === expected);

describe('the authorization matrix', () => {
  it('has a row for every operation of the contract, and no row for an operation that is gone', () => {
    const ids = operations.map(({ op }) => op.operationId!);
    expect(ids.filter((id) => !matrix[id])).toEqual([]);
    expect(Object.keys(matrix).filter((id) => !ids.includes(id))).toEqual([]);
  });

  for (const { op } of operations) {
    const id = op.operationId!;
    for (const row of matrix[id] ?? []) {
      it(`${id} on ${row.target === 'A' || row.target === 'B' ? `company ${row.target}'s object` : row.target === 'self' ? "the caller's own data" : 'no object'}`, async () => {
        for (const caller of callers) {
          const { request, as } = await row.call(caller, row.target);
          // Anonymous stays anonymous even on rows that act through a fresh account.
          const person = caller === 'anonymous' ? undefined : (as ?? personOf(caller));
          const token = person ? await tokenFor(person) : undefined;
          const res = await ctx.app.inject({ ...request, headers: { 'accept-language': 'en', ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
          expect(matches(res.statusCode, row.expected[caller]), `${caller} → ${id} (${row.target}): got ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
          if (!isPublic(op) && caller === 'anonymous') expect(errorOf(res)).toMatchObject({ msg: 'You must be signed in.', need2Logout: true });
          if (res.statusCode === 403) expect(errorOf(res).msg).toBe('You do not have access to this resource.');
          if (res.statusCode === 404 && !isPublic(op)) expect(errorOf(res).msgType).toMatch(/not_found$/);
          if (caller === 'managerA' || caller === 'employeeA') {
            for (const secret of secretsOfB) expect(res.body, `${caller} → ${id} (${row.target}) shows B's "${secret}"`).not.toContain(secret);
          }
        }
      });
    }
  }
});

describe('the binder', () => {
  const tokenOf = (caller: Exclude<Caller, 'anonymous'>) => tokenFor(world.people[caller]);

  it('refuses the roles missing from x-roles (contract narrowed to admins)', async () => {
    const narrowed = structuredClone(contract);
    narrowed.paths['/api/users/profile']!.get!['x-roles'] = ['admin'];
    const app = await buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, filesDir: ctx.filesDir, contract: narrowed });
    try {
      expect((await app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${await tokenOf('admin')}` } })).statusCode).toBe(200);
      for (const caller of ['managerA', 'employeeA'] as const) {
        const res = await app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${await tokenOf(caller)}`, 'accept-language': 'fr' } });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res)).toMatchObject({ msg: "Vous n'avez pas accès à cette ressource.", msgType: 'common-forbidden' });
      }
    } finally {
      await app.close();
    }
  });

  it('will not start when an operation has no handler or a handler no operation', async () => {
    const extra = structuredClone(contract);
    extra.paths['/api/extra'] = { get: { operationId: 'getExtra', security: [], responses: { '200': {} } } };
    await expect(buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, contract: extra })).rejects.toThrow(/No handler for operation getExtra/);
    const missing = structuredClone(contract);
    delete missing.paths['/api/health'];
    await expect(buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, contract: missing })).rejects.toThrow(/getHealth/);
  });

  it('will not start when a secured operation has no x-roles', async () => {
    const open = structuredClone(contract);
    delete open.paths['/api/users/profile']!.get!['x-roles'];
    await expect(buildApp({ db: ctx.db, dbKind: ctx.dbKind, jwtSecret: ctx.jwtSecret, contract: open })).rejects.toThrow(/getProfile has no x-roles/);
  });
});

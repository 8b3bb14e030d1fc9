// A tender answered in a groupement (issue 26): entered by a manager (kind, the mandataire's
// liability, the co-contractors with their share of the work), refused with a localised message
// when a SIRET fails its key or is the company's own, read by employees, hidden from other
// companies; the DC1 names the members and the mandataire; the folder asks each co-contractor's
// own DC2; a deposited folder refuses changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { companies, submissionDeposits, tenders } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';
import { siretFor } from './sirets';

type Piece = { code: string; label: string; required: boolean; source: string; status: string; checks: { key: string; ok: boolean; severity?: string; msg: string; source: string | null }[] };
type Written = { msg: string; details: { groupement: unknown; submission: { pieces: Piece[]; ready: boolean } } };

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;
const OWN_SIRET = siretFor(261_001);

const call = (token: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload ? { payload } : {}) });
const url = () => `/api/tenders/${tenderId}/submission/groupement`;

const alpes = { name: 'Alpes Maintenance Industrielle', siret: siretFor(261_002), address: '12 rue des Glaciers', postalCode: '38000', city: 'Grenoble', role: 'Maintenance préventive des installations', legalRepresentative: { name: 'Claire Martin', capacity: 'Gérante' }, email: 'contact@alpes-maintenance.example' };
const vercors = { name: 'Vercors Électricité', siret: siretFor(261_003), address: '4 avenue du Vercors', postalCode: '38600', city: 'Fontaine', role: 'Courants faibles' };
const groupement = { kind: 'joint', mandataireJointlyLiable: true, mandataireRole: 'Fourniture et installation des équipements', members: [alpes, vercors] };

/** The DOCX's text, paragraph by paragraph (runs joined). */
const docxText = (bytes: Buffer) =>
  strFromU8(unzipSync(new Uint8Array(bytes))['word/document.xml']!)
    .split('</w:p>')
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .join('\n');

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
  await ctx.db.update(companies).set({ name: 'Électro Proto', siret: OWN_SIRET, address: '1 place Grenette', postalCode: '38000', city: 'Grenoble' }).where(eq(companies.id, manager.companyId!));
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
});
afterAll(() => ctx?.close());

describe('a groupement', () => {
  it('is none at first: the company answers alone', async () => {
    const res = await call(manager.token, 'GET', url());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupement: null });
  });

  it('is entered by a manager; the folder then asks each co-contractor its own DC2, with the rule', async () => {
    const res = await call(manager.token, 'PUT', url(), groupement);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const written = res.json() as Written;
    expect(written.msg).toMatch(/Groupement enregistré/);
    expect(written.details.groupement).toEqual(groupement);
    const codes = written.details.submission.pieces.map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['DC1', 'DC2', 'DC2_1', 'DC2_2']));
    const first = written.details.submission.pieces.find((p) => p.code === 'DC2_1')!;
    expect(first).toMatchObject({ label: 'DC2 de Alpes Maintenance Industrielle (cotraitant)', source: 'missing', status: 'missing' });
    expect(first.checks[0]).toMatchObject({ key: 'groupement_member', ok: false, msg: 'Chaque membre du groupement remplit le sien : déposez celui de Alpes Maintenance Industrielle.' });
    expect(first.checks[0]!.source).toMatch(/il est rempli par chaque membre du groupement/);
  });

  it('is read by employees, and by no other company', async () => {
    expect((await call(employee.token, 'GET', url())).json()).toEqual({ groupement });
    expect((await call(outsider.token, 'GET', url())).statusCode).toBe(404);
    expect((await call(outsider.token, 'PUT', url(), groupement)).statusCode).toBe(404);
  });

  it('is written by managers only', async () => {
    const res = await call(employee.token, 'PUT', url(), groupement);
    expect(res.statusCode).toBe(403);
    expect((await call(employee.token, 'DELETE', url())).statusCode).toBe(403);
  });

  it('fills the DC1: a groupement conjoint, its members with their share of the work, the company as mandataire', async () => {
    const res = await call(employee.token, 'GET', `/api/tenders/${tenderId}/submission/dc1.docx`);
    expect(res.statusCode).toBe(200);
    const text = docxText(res.rawPayload);
    expect(text).toContain('Électro Proto (mandataire)');
    expect(text).toContain('Fourniture et installation des équipements');
    expect(text).toContain('Alpes Maintenance Industrielle');
    expect(text).toContain('Maintenance préventive des installations');
    expect(text).toContain(`SIRET : ${vercors.siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4')}`);
    expect(text).toContain('Courants faibles');
    // Alone, the DC1 named no member.
    await call(manager.token, 'DELETE', url());
    const alone = docxText((await call(manager.token, 'GET', `/api/tenders/${tenderId}/submission/dc1.docx`)).rawPayload);
    expect(alone).not.toContain('Alpes Maintenance Industrielle');
    await call(manager.token, 'PUT', url(), groupement);
  });

  it('writes the company’s DUME as the group’s leader, naming the group and the other members', async () => {
    const candidature = { legalForm: 'SAS', nafCode: '4321A', vatNumber: '', sme: true, legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' }, figures: [{ year: 2025, turnover: 1_240_000, staff: 12 }], uploadMbps: 20 };
    expect((await call(manager.token, 'PATCH', `/api/companies/${manager.companyId}`, { candidature })).statusCode).toBe(200);
    const xml = (await call(employee.token, 'GET', `/api/tenders/${tenderId}/submission/espd-response.xml`)).body;
    expect(xml).toMatch(/<cbc:RoleCode [^>]*>group-lead<\/cbc:RoleCode>/);
    expect(xml).toContain('<cbc:EconomicOperatorGroupName>Groupement Électro Proto / Alpes Maintenance Industrielle / Vercors Électricité</cbc:EconomicOperatorGroupName>');
    expect(xml).toContain(`Vercors Électricité (SIRET ${vercors.siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4')}) : Courants faibles`);
  });

  it('writes the AE as the members’ together (ATTRI1 model): the box ticked, the co-contractors listed with their SIRET and share', async () => {
    const res = await call(employee.token, 'GET', `/api/tenders/${tenderId}/submission/ae.docx`);
    expect(res.statusCode).toBe(200);
    const text = docxText(res.rawPayload).replace(/&apos;/g, "'");
    expect(text).toContain("☒ l'ensemble des membres du groupement s'engagent, sur la base de l'offre du groupement ;");
    expect(text).toContain('☒ conjoint');
    expect(text).toContain('Électro Proto (mandataire)');
    expect(text).toContain(`Vercors ÉlectricitéSIRET : ${vercors.siret.replace(/^(\d{3})(\d{3})(\d{3})(\d{5})$/, '$1 $2 $3 $4')}`);
    expect(text).toContain('Maintenance préventive des installations');
  });

  it('refuses a SIRET failing its key, the company’s own, a member twice, under the member’s field, in fr and en', async () => {
    const badKey = `${vercors.siret.slice(0, 13)}${(Number(vercors.siret[13]) + 1) % 10}`;
    const res = await call(manager.token, 'PUT', url(), { ...groupement, members: [alpes, { ...vercors, siret: badKey }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: 'members.1.siret', msg: "Ce numéro SIRET n'est pas valide : vérifiez les 14 chiffres." }]);
    const en = await call(manager.token, 'PUT', url(), { ...groupement, members: [alpes, { ...vercors, siret: badKey }] }, 'en');
    expect(errorOf(en).details).toEqual([{ field: 'members.1.siret', msg: expect.stringMatching(/^This SIRET/) }]);
    const own = await call(manager.token, 'PUT', url(), { ...groupement, members: [{ ...alpes, siret: OWN_SIRET }] });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).msg).toMatch(/SIRET de votre entreprise/);
    const twice = await call(manager.token, 'PUT', url(), { ...groupement, members: [alpes, { ...vercors, siret: alpes.siret }] });
    expect(errorOf(twice).details).toEqual([{ field: 'members.1.siret', msg: expect.stringMatching(/figure déjà/) }]);
  });

  it('refuses a member without its share of the work, blank names, no member or more than 20, an unknown kind', async () => {
    const { role: _role, ...noRole } = vercors;
    for (const body of [
      { ...groupement, members: [noRole] },
      { ...groupement, members: [{ ...vercors, name: '   ' }] },
      { ...groupement, members: [] },
      { ...groupement, members: Array.from({ length: 21 }, (_, n) => ({ ...vercors, siret: siretFor(262_000 + n) })) },
      { ...groupement, kind: 'consortium' },
      { ...groupement, members: [{ ...vercors, postalCode: '3800' }] },
    ]) {
      const res = await call(manager.token, 'PUT', url(), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).msg).toBeTruthy();
      expect(errorOf(res).msg).not.toMatch(/members\./);
    }
    // What was saved stands.
    expect((await call(manager.token, 'GET', url())).json()).toEqual({ groupement });
  });

  it('keeps the mandataire’s liability for a groupement conjoint only', async () => {
    const res = await call(manager.token, 'PUT', url(), { ...groupement, kind: 'several', mandataireJointlyLiable: true });
    expect((res.json() as Written).details.groupement).toEqual({ kind: 'several', mandataireRole: groupement.mandataireRole, members: [alpes, vercors] });
    await call(manager.token, 'PUT', url(), groupement);
  });

  it('answers alone again when cleared: the co-contractors’ pieces leave the folder', async () => {
    const res = await call(manager.token, 'DELETE', url());
    expect(res.statusCode).toBe(200);
    const written = res.json() as Written;
    expect(written.details.groupement).toBeNull();
    expect(written.details.submission.pieces.map((p) => p.code)).not.toContain('DC2_1');
    await call(manager.token, 'PUT', url(), groupement);
  });

  it('cannot change once the folder is deposited (409), as its pieces cannot', async () => {
    await ctx.db.insert(submissionDeposits).values({ tenderId, companyId: manager.companyId!, depositedAt: new Date(), acknowledgementName: 'AR.pdf', acknowledgementMime: 'application/pdf', acknowledgementSize: 10, acknowledgementKey: 'none', zipKey: 'none.zip', files: [], totalBytes: 0 });
    await ctx.db.update(tenders).set({ status: 'submitted' }).where(eq(tenders.id, tenderId));
    const put = await call(manager.token, 'PUT', url(), { ...groupement, members: [alpes] });
    expect(put.statusCode).toBe(409);
    expect(errorOf(put).msg).toMatch(/déposé/);
    expect((await call(manager.token, 'DELETE', url())).statusCode).toBe(409);
    expect((await call(employee.token, 'GET', url())).json()).toEqual({ groupement });
  });
});

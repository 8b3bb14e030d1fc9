// Resumes (issue 12): a company's CVs, typed or read from an uploaded PDF or DOCX by a job that
// fills only what nobody typed; list with perPage 'all' by default and a search over names, titles,
// skills and certifications; certification validity like the vault's; optimistic concurrency;
// files kept, served and removed with their resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { organigrammes, resumes, users } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, filesUnder, multipart, rowCount, type TestContext } from './context';
import { formRequest, parisDate, pdf, xlsx, type FileSpec } from './documents-fixtures';
import { DEMO_ACCOUNTS, seed } from '../../server/db/seed';

const CVS = join(__dirname, '../fixtures/cvs');
const cv = (name: string): FileSpec => ({ filename: name, data: readFileSync(join(CVS, name)) });
const LIMIT = 256 * 1024;

type Certification = { name: string; validUntil: string | null; obtainedOn: string | null; validity: string; daysLeft: number | null };
type Resume = {
  _id: string;
  fullName: string;
  jobTitle: string | null;
  yearsExperience: number | null;
  education: { title: string; school: string | null; year: number | null }[];
  certifications: Certification[];
  certificationCounts: { expired: number; expiring: number };
  skills: string[];
  languages: { language: string; level: string | null }[];
  projects: { title: string; client: string | null; year: number | null; amount: number | null; role: string | null }[];
  userId: string | null;
  user: { _id: string; username: string } | null;
  positions: { chart: string; positionId: string; title: string | null }[];
  file: { name: string; size: number; mimeType: string } | null;
  parseStatus: string;
  parseError: string | null;
  filledFrom: Record<string, string>;
  version: number;
};
type List = { resumes: (Pick<Resume, '_id' | 'fullName' | 'skills' | 'certifications' | 'certificationCounts' | 'parseStatus'> & { fileName: string | null })[]; total: number; pages: number; page: number; perPage: number | 'all' };

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  // One worker: the parse jobs run as they would in production.
  ctx = await createTestApp({ maxUploadBytes: LIMIT, jobWorkers: 1 });
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
}, 60_000);
afterAll(() => ctx?.close());

const call = (token: string, method: 'GET' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload ? { payload } : {}) });
const createJson = (token: string, body: object, companyId = manager.companyId!) => call(token, 'POST', `/api/companies/${companyId}/resumes`, body);
const upload = (token: string, fields: Record<string, string>, file?: FileSpec, companyId = manager.companyId!) =>
  ctx.app.inject(formRequest('POST', `/api/companies/${companyId}/resumes`, token, fields, file));
const get = async (id: string, token = manager.token) => {
  const res = await call(token, 'GET', `/api/resumes/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Resume;
};
const list = async (query = '', companyId = manager.companyId!, token = manager.token) => {
  const res = await call(token, 'GET', `/api/companies/${companyId}/resumes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
};
/** Waits for the parse job to end. */
async function parsed(id: string): Promise<Resume> {
  for (const end = Date.now() + 60_000; ; ) {
    const resume = await get(id);
    if (resume.parseStatus !== 'parsing') return resume;
    if (Date.now() > end) throw new Error('the CV is still being read');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('resumes typed by hand', () => {
  it('creates, reads, updates with its version and refuses a stale one with the current resume', async () => {
    const res = await createJson(employee.token, {
      fullName: '  Nadia Hamidi ',
      jobTitle: 'Technicienne CVC',
      yearsExperience: 9,
      education: [{ title: 'BTS Fluides, énergies, domotique', school: 'Lycée Jean Jaurès', year: 2014 }],
      certifications: [{ name: 'Attestation fluides frigorigènes cat. I', obtainedOn: '2019-04-02' }],
      skills: ['Maintenance CVC', 'Pompes à chaleur'],
      languages: [{ language: 'Anglais', level: 'B1' }],
      projects: [{ title: 'Rénovation de la chaufferie du collège Jean Moulin', client: 'Département du Rhône', year: 2023, amount: 420000, role: 'Technicienne' }],
      userId: employee.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { msg, details } = res.json() as { msg: string; details: Resume };
    expect(msg).toBe('CV ajouté.');
    expect(details).toMatchObject({
      fullName: 'Nadia Hamidi',
      jobTitle: 'Technicienne CVC',
      yearsExperience: 9,
      education: [{ title: 'BTS Fluides, énergies, domotique', school: 'Lycée Jean Jaurès', year: 2014 }],
      certifications: [{ name: 'Attestation fluides frigorigènes cat. I', issuer: null, obtainedOn: '2019-04-02', validUntil: null, validity: 'valid', daysLeft: null }],
      languages: [{ language: 'Anglais', level: 'B1' }],
      projects: [{ title: 'Rénovation de la chaufferie du collège Jean Moulin', client: 'Département du Rhône', year: 2023, amount: 420000, role: 'Technicienne' }],
      userId: employee.id,
      user: { _id: employee.id, username: 'Test employee' },
      file: null,
      parseStatus: 'none',
      parseError: null,
      version: 1,
    });
    expect(await get(details._id, admin.token)).toMatchObject({ fullName: 'Nadia Hamidi' });
    // The list carries the past projects too: the memory's side panel offers them as references.
    expect((await list()).resumes.find((r) => r._id === details._id)).toMatchObject({ projects: [{ title: 'Rénovation de la chaufferie du collège Jean Moulin', client: 'Département du Rhône', year: 2023 }] });

    const patched = await call(manager.token, 'PATCH', `/api/resumes/${details._id}`, { version: 1, yearsExperience: 10, skills: ['Maintenance CVC', 'Régulation GTB'], jobTitle: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ msg: 'CV enregistré.', details: { yearsExperience: 10, skills: ['Maintenance CVC', 'Régulation GTB'], jobTitle: null, version: 2, fullName: 'Nadia Hamidi' } });

    // A second person saving from version 1: refused, nothing written, the current resume in details.
    const stale = await call(employee.token, 'PATCH', `/api/resumes/${details._id}`, { version: 1, yearsExperience: 3 }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).msg).toMatch(/^Someone changed this resume/);
    expect(errorOf(stale).details as unknown as Resume).toMatchObject({ _id: details._id, yearsExperience: 10, version: 2 });
    expect((await get(details._id)).yearsExperience).toBe(10);
  });

  it('refuses invalid fields with their path and a localised message, writing nothing', async () => {
    const before = await rowCount(ctx.db, resumes);
    const cases: [object, string, RegExp][] = [
      [{ jobTitle: 'Sans nom' }, 'fullName', /Nom et prénom/],
      [{ fullName: 'x'.repeat(121) }, 'fullName', /au plus 120 caractères/],
      [{ fullName: 'Ana', yearsExperience: 61 }, 'yearsExperience', /Années d'expérience/],
      [{ fullName: 'Ana', skills: Array.from({ length: 61 }, (_, i) => `Compétence ${i}`) }, 'skills', /Compétences/],
      [{ fullName: 'Ana', skills: ['y'.repeat(81)] }, 'skills.0', /Compétences/],
      [{ fullName: 'Ana', certifications: [{ name: 'SST', validUntil: '2026-02-30' }] }, 'certifications.0.validUntil', /.+/],
      [{ fullName: 'Ana', certifications: [{ name: 'SST', obtainedOn: '2025-05-01', validUntil: '2024-05-01' }] }, 'certifications.0.validUntil', /ne peut pas précéder/],
      [{ fullName: 'Ana', userId: outsider.id }, 'userId', /membre de l'entreprise/],
      [{ fullName: 'Ana', positions: [{ chart: 'construction', positionId: 'chef' }] }, 'positions.0.positionId', /absent de l'organigramme/],
      [{ fullName: 'Ana', salary: 3000 }, 'salary', /n'est pas accepté/],
      [{ fullName: 'Ana', projects: [{ title: 'Gymnase', amount: -1 }] }, 'projects.0.amount', /Montant/],
    ];
    for (const [body, field, msg] of cases) {
      const res = await createJson(manager.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(res);
      expect(error.msg).toMatch(msg);
      expect((error.details as { field: string }[]).map((d) => d.field)).toContain(field);
    }
    expect(await rowCount(ctx.db, resumes)).toBe(before);
  });

  it('links positions of the company charts, shown with their titles', async () => {
    await ctx.db.insert(organigrammes).values({
      companyId: manager.companyId!,
      type: 'construction',
      positions: [
        { _id: 'dt', parentId: null, title: 'Directeur de travaux', name: 'Paul Girard', contact: '' },
        { _id: 'cc1', parentId: 'dt', title: 'Chef de chantier', name: 'Jean Dupuis', contact: '' },
      ],
    });
    const res = await createJson(manager.token, { fullName: 'Jean Dupuis', positions: [{ chart: 'construction', positionId: 'cc1' }] });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { details: Resume }).details.positions).toEqual([{ chart: 'construction', positionId: 'cc1', title: 'Chef de chantier' }]);
    const wrongKind = await createJson(manager.token, { fullName: 'Jean Dupuis', positions: [{ chart: 'normal', positionId: 'cc1' }] });
    expect(wrongKind.statusCode).toBe(400);
  });
});

describe('the list', () => {
  it('pages with perPage all by default or a number, searches skills, certifications and names without accents, flags validity', async () => {
    const { companyId } = await createUser(ctx, 'manager');
    const owner = await createUser(ctx, 'employee', { companyId });
    const people = [
      { fullName: 'Émilie Bernard', skills: ['Synthèse BIM'], certifications: [{ name: 'Habilitation électrique B1V', validUntil: parisDate(-1) }, { name: 'SST', validUntil: parisDate(30) }] },
      { fullName: 'Bruno Caron', jobTitle: 'Grutier', certifications: [{ name: 'CACES R487 grue à tour', validUntil: parisDate(31) }] },
      { fullName: 'Alice Durand', skills: ['Métrés', 'Étanchéité'], certifications: [{ name: 'Qualibat 3211', validUntil: parisDate(0) }] },
    ];
    for (const person of people) expect((await createJson(owner.token, person, companyId!)).statusCode).toBe(201);

    const all = await list('', companyId!, owner.token);
    expect(all).toMatchObject({ total: 3, pages: 1, page: 1, perPage: 'all' });
    expect(all.resumes.map((r) => r.fullName)).toEqual(['Alice Durand', 'Bruno Caron', 'Émilie Bernard']);
    const emilie = all.resumes.find((r) => r.fullName === 'Émilie Bernard')!;
    expect(emilie.certifications.map((c) => [c.validity, c.daysLeft])).toEqual([['expired', -1], ['expiring', 30]]);
    expect(emilie.certificationCounts).toEqual({ expired: 1, expiring: 1 });
    expect(all.resumes.find((r) => r.fullName === 'Bruno Caron')!.certificationCounts).toEqual({ expired: 0, expiring: 0 });
    expect(all.resumes.find((r) => r.fullName === 'Alice Durand')!.certifications[0]).toMatchObject({ validity: 'expiring', daysLeft: 0 });

    const page2 = await list('?perPage=2&page=2', companyId!, owner.token);
    expect(page2).toMatchObject({ total: 3, pages: 2, page: 2, perPage: 2 });
    expect(page2.resumes.map((r) => r.fullName)).toEqual(['Émilie Bernard']);
    expect((await list('?perPage=2&page=3', companyId!, owner.token)).resumes).toEqual([]);

    const search = async (q: string) => (await list(`?search=${encodeURIComponent(q)}`, companyId!, owner.token)).resumes.map((r) => r.fullName);
    expect(await search('etancheite')).toEqual(['Alice Durand']);
    expect(await search('CACES')).toEqual(['Bruno Caron']);
    expect(await search('habilitation ÉLECTRIQUE')).toEqual(['Émilie Bernard']);
    expect(await search('emilie')).toEqual(['Émilie Bernard']);
    expect(await search('grutier')).toEqual(['Bruno Caron']);
    expect(await search('%')).toEqual([]);

    expect((await call(owner.token, 'GET', `/api/companies/${companyId}/resumes?perPage=0`)).statusCode).toBe(400);
    expect((await call(owner.token, 'GET', `/api/companies/${companyId}/resumes?perPage=101`)).statusCode).toBe(400);
  });

  it('keeps each company to its own: another company answers 404', async () => {
    const res = await createJson(manager.token, { fullName: 'Lucas Petit' });
    const id = (res.json() as { details: Resume }).details._id;
    expect((await call(outsider.token, 'GET', `/api/companies/${manager.companyId}/resumes`)).statusCode).toBe(404);
    expect((await createJson(outsider.token, { fullName: 'Intrus' })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/resumes/${id}`],
      ['PATCH', `/api/resumes/${id}`],
      ['DELETE', `/api/resumes/${id}`],
      ['GET', `/api/resumes/${id}/file`],
    ] as const) {
      const r = await call(outsider.token, method, url, method === 'PATCH' ? { version: 1, fullName: 'Intrus' } : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(id)).fullName).toBe('Lucas Petit');
    expect((await list('', outsider.companyId!, outsider.token)).total).toBe(0);
  });
});

describe('CV files', () => {
  it('reads a DOCX CV into the fields nobody typed, keeping what the user typed', async () => {
    const res = await upload(employee.token, { jobTitle: 'Chef de chantier principal' }, cv('cv-chef-chantier-dupuis.docx'));
    expect(res.statusCode, res.body).toBe(201);
    const { msg, details } = res.json() as { msg: string; details: Resume };
    expect(msg).toMatch(/lecture est en cours/);
    expect(details).toMatchObject({ parseStatus: 'parsing', fullName: '', jobTitle: 'Chef de chantier principal', file: { name: 'cv-chef-chantier-dupuis.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' } });
    const done = await parsed(details._id);
    expect(done).toMatchObject({ parseStatus: 'parsed', parseError: null, fullName: 'Jean-Marc Dupuis', jobTitle: 'Chef de chantier principal', yearsExperience: 18 });
    expect(done.certifications.map((c) => c.name)).toContain('Habilitation électrique B1V BR H0');
    expect(done.certifications.find((c) => c.name.startsWith('CACES R482'))).toMatchObject({ validUntil: '2027-03-31' });
    expect(done.projects).toContainEqual({ title: 'Pont-rail de Saint-Fons', client: 'SNCF Réseau', year: 2016, amount: 850000, role: "Chef d'équipe" });
    expect(done.filledFrom).toMatchObject({ fullName: 'rules', certifications: 'rules', projects: 'rules' });
    expect(done.filledFrom.jobTitle).toBeUndefined();
    expect(done.version).toBe(2);

    const file = await call(manager.token, 'GET', `/api/resumes/${details._id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="cv-chef-chantier-dupuis.docx"/);
    expect(file.rawPayload.equals(cv('cv-chef-chantier-dupuis.docx').data)).toBe(true);

    // Edited, a field is the person's: no longer listed as filled by the CV.
    const edited = await call(manager.token, 'PATCH', `/api/resumes/${details._id}`, { version: 2, yearsExperience: 19 });
    expect((edited.json() as { details: Resume }).details.filledFrom.yearsExperience).toBeUndefined();
  });

  it('reads a PDF CV (English) and finds it by its certification', async () => {
    const res = await upload(manager.token, {}, cv('cv-qhse-manager-benali.pdf'));
    expect(res.statusCode, res.body).toBe(201);
    const done = await parsed((res.json() as { details: Resume }).details._id);
    expect(done).toMatchObject({ parseStatus: 'parsed', fullName: 'Sarah Benali', jobTitle: 'QHSE Manager – Construction', yearsExperience: 10, file: { mimeType: 'application/pdf' } });
    expect(done.languages).toContainEqual({ language: 'English', level: 'fluent (C1)' });
    expect((await list('?search=lead%20auditor')).resumes.map((r) => r.fullName)).toEqual(['Sarah Benali']);
  });

  it('replaces the file: the new CV fills only what is still empty, the old file goes', async () => {
    const res = await createJson(manager.token, { fullName: 'Thomas Martin', skills: ['Terrassements'] });
    const id = (res.json() as { details: Resume }).details._id;
    expect((await call(manager.token, 'GET', `/api/resumes/${id}/file`)).statusCode).toBe(404);
    expect(errorOf(await call(manager.token, 'GET', `/api/resumes/${id}/file`)).msg).toBe("Ce CV n'a pas de fichier.");
    const first = await ctx.app.inject(formRequest('POST', `/api/resumes/${id}/file`, manager.token, {}, cv('cv-conducteur-travaux-martin.docx')));
    expect(first.statusCode, first.body).toBe(200);
    const done = await parsed(id);
    expect(done).toMatchObject({ fullName: 'Thomas Martin', skills: ['Terrassements'], jobTitle: 'Conducteur de travaux TP / VRD', yearsExperience: 12 });
    const oldFiles = filesUnder(ctx.filesDir).filter((f) => f.includes(id));
    expect(oldFiles).toHaveLength(1);
    const second = await ctx.app.inject(formRequest('POST', `/api/resumes/${id}/file`, manager.token, {}, cv('cv-ingenieure-bim-lefevre.pdf')));
    expect(second.statusCode).toBe(200);
    const again = await parsed(id);
    // Nothing empty was left for the new CV to fill: the first CV's values stay.
    expect(again).toMatchObject({ fullName: 'Thomas Martin', jobTitle: 'Conducteur de travaux TP / VRD', file: { name: 'cv-ingenieure-bim-lefevre.pdf' } });
    const files = filesUnder(ctx.filesDir).filter((f) => f.includes(id));
    expect(files).toHaveLength(1);
    expect(files).not.toEqual(oldFiles);
  });

  it('an unreadable CV ends failed with its reason, never a crash', async () => {
    const res = await upload(manager.token, { fullName: 'Fichier abîmé' }, { filename: 'cv.pdf', data: pdf(3000) });
    expect(res.statusCode).toBe(201);
    const done = await parsed((res.json() as { details: Resume }).details._id);
    expect(done).toMatchObject({ parseStatus: 'failed', parseError: 'resume-parse_unreadable', fullName: 'Fichier abîmé' });
  });

  it('refuses other file types, unknown parts and oversized files, leaving no row and no file', async () => {
    const before = { rows: await rowCount(ctx.db, resumes), files: filesUnder(ctx.filesDir) };
    const xl = await upload(manager.token, { fullName: 'Tableur' }, { filename: 'cv.xlsx', data: xlsx() });
    expect(xl.statusCode).toBe(415);
    expect(errorOf(xl).msg).toBe('Seuls les CV au format PDF ou Word (DOCX) sont acceptés.');
    expect((await upload(manager.token, { fullName: 'Texte' }, { filename: 'cv.txt', data: Buffer.from('Jean Dupuis, chef de chantier') })).statusCode).toBe(415);
    const big = await upload(manager.token, { fullName: 'Gros' }, { filename: 'cv.pdf', data: pdf(LIMIT + 10) });
    expect(big.statusCode).toBe(413);
    const form = multipart([{ name: 'salary', value: '3000' }, { name: 'file', filename: 'cv.pdf', type: 'application/pdf', data: pdf() }]);
    const unknown = await ctx.app.inject({ method: 'POST', url: `/api/companies/${manager.companyId}/resumes`, ...form, headers: { ...form.headers, authorization: `Bearer ${manager.token}` } });
    expect(unknown.statusCode).toBe(400);
    const noName = await upload(manager.token, { jobTitle: 'Sans fichier ni nom' });
    expect(noName.statusCode).toBe(400);
    expect((errorOf(noName).details as { field: string }[])[0]!.field).toBe('fullName');
    const badForm = await ctx.app.inject({ method: 'POST', url: `/api/companies/${manager.companyId}/resumes`, headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' });
    expect(badForm.statusCode).toBe(400);
    const text = await ctx.app.inject({ method: 'POST', url: `/api/companies/${manager.companyId}/resumes`, headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/plain' }, payload: 'Jean' });
    expect(text.statusCode).toBe(415);
    expect({ rows: await rowCount(ctx.db, resumes), files: filesUnder(ctx.filesDir) }).toEqual(before);
  });

  it('a form without file creates a resume with no parse; delete removes the row and its file', async () => {
    const typed = await upload(employee.token, { fullName: 'Claire Morel', jobTitle: 'Économiste de la construction' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect((typed.json() as { details: Resume }).details).toMatchObject({ parseStatus: 'none', file: null, jobTitle: 'Économiste de la construction' });

    const res = await upload(employee.token, { fullName: 'Camille Lefèvre' }, cv('cv-ingenieure-bim-lefevre.pdf'));
    const id = (res.json() as { details: Resume }).details._id;
    await parsed(id);
    expect(filesUnder(ctx.filesDir).filter((f) => f.includes(id))).toHaveLength(1);
    const deleted = await call(employee.token, 'DELETE', `/api/resumes/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ msg: 'CV supprimé.' });
    expect(filesUnder(ctx.filesDir).filter((f) => f.includes(id))).toEqual([]);
    expect(await ctx.db.select().from(resumes).where(eq(resumes.id, id))).toEqual([]);
    expect((await call(employee.token, 'GET', `/api/resumes/${id}`)).statusCode).toBe(404);
  });
});

describe('the demo seed', () => {
  it('gives the demo company five resumes once: one linked to the employee, one to a site position, one certification expiring and one expired', async () => {
    await seed(ctx.db, { demo: true, print: () => undefined });
    await seed(ctx.db, { demo: true, print: () => undefined });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.employee.email, password: DEMO_ACCOUNTS.employee.password } });
    const { token } = login.json() as { token: string };
    const [account] = await ctx.db.select({ _id: users.id, companyId: users.companyId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.employee.email));
    const user = { _id: account!._id, companyId: account!.companyId! };
    const listed = await list('', user.companyId, token);
    expect(listed.total).toBe(5);
    const julien = listed.resumes.find((r) => r.fullName === 'Julien Martin')!;
    expect((await get(julien._id, token)).userId).toBe(user._id);
    const laurent = await get(listed.resumes.find((r) => r.fullName === 'Laurent Blanc')!._id, token);
    expect(laurent.positions).toEqual([{ chart: 'construction', positionId: 'cdc', title: 'Chef de chantier' }]);
    expect(laurent.certificationCounts).toEqual({ expired: 1, expiring: 1 });
    expect((await list('?search=caces', user.companyId, token)).resumes.map((r) => r.fullName)).toEqual(['Laurent Blanc']);
  });
});

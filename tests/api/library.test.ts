// Content library (issue 12): a company's reusable answer blocks, TipTap JSON with the plain text
// written by the server; French full-text search (stems, case and accents ignored), tag, CPV and
// "due for review" filters; reviewed pushes the review 12 months on; optimistic versions; scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { libraryBlocks, memories, memorySections } from '../../server/db/schema';
import { addMonths } from '../../server/domains/library/view';
import { currentDay } from '../../rules/calendar';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';
import { DEMO_ACCOUNTS, seed } from '../../server/db/seed';
import { users } from '../../server/db/schema';

type Block = {
  _id: string;
  companyId: string;
  title: string;
  content: { type: string; content: unknown[] };
  text: string;
  tags: string[];
  cpvCodes: string[];
  owner: { _id: string; username: string } | null;
  sourceSectionId: string | null;
  lastReviewedAt: string | null;
  reviewDue: string | null;
  overdue: boolean;
  version: number;
};
type List = { blocks: Block[]; total: number; pages: number; page: number; perPage: number };

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let outsider: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
  outsider = await createUser(ctx, 'manager');
}, 60_000);
afterAll(() => ctx?.close());

const call = (token: string, method: 'GET' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object, lang = 'fr') =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload ? { payload } : {}) });
const doc = (...paragraphs: string[]) => ({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const create = async (body: object, token = manager.token, companyId = manager.companyId!) => {
  const res = await call(token, 'POST', `/api/companies/${companyId}/library`, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: Block }).details;
};
const list = async (query = '', token = manager.token, companyId = manager.companyId!) => {
  const res = await call(token, 'GET', `/api/companies/${companyId}/library${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
};
const titles = (page: List) => page.blocks.map((b) => b.title);
const today = currentDay();

describe('blocks: create, read, change, delete', () => {
  it('a block keeps its TipTap content, the server writes its plain text, owner and a review in 12 months', async () => {
    const block = await create({ title: '  Présentation de l’entreprise ', content: doc('Fondée en 1987 à Grenoble.', 'Nous employons 45 personnes.'), tags: ['Présentation', ' présentation ', 'Entreprise'], cpvCodes: ['45000000-7', '45210000'] });
    expect(block.title).toBe('Présentation de l’entreprise');
    expect(block.text).toBe('Fondée en 1987 à Grenoble.\nNous employons 45 personnes.');
    expect(block.content).toEqual(doc('Fondée en 1987 à Grenoble.', 'Nous employons 45 personnes.'));
    expect(block.tags).toEqual(['Présentation', 'Entreprise']);
    expect(block.cpvCodes).toEqual(['45000000-7', '45210000']);
    expect(block.owner).toEqual({ _id: manager.id, username: expect.any(String) });
    expect(block.reviewDue).toBe(addMonths(today, 12));
    expect(block.overdue).toBe(false);
    expect(block.lastReviewedAt).toBeNull();
    expect(block.version).toBe(1);

    const read = await call(employee.token, 'GET', `/api/library/${block._id}`);
    expect(read.statusCode).toBe(200);
    expect((read.json() as Block).text).toBe(block.text);

    const changed = await call(employee.token, 'PATCH', `/api/library/${block._id}`, { version: 1, content: doc('Fondée en 1987.'), tags: ['Présentation'], reviewDue: null });
    expect(changed.statusCode, changed.body).toBe(200);
    const details = (changed.json() as { msg: string; details: Block }).details;
    expect((changed.json() as { msg: string }).msg).toBe('Bloc enregistré.');
    expect(details).toMatchObject({ text: 'Fondée en 1987.', tags: ['Présentation'], reviewDue: null, overdue: false, version: 2 });

    const deleted = await call(manager.token, 'DELETE', `/api/library/${block._id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(manager.token, 'GET', `/api/library/${block._id}`)).statusCode).toBe(404);
  });

  it('an edit from an older version is refused with 409 and the current block, nothing written', async () => {
    const block = await create({ title: 'Gestion des déchets', content: doc('Tri sélectif en bennes.') });
    expect((await call(manager.token, 'PATCH', `/api/library/${block._id}`, { version: 1, title: 'Gestion des déchets de chantier' })).statusCode).toBe(200);
    const stale = await call(employee.token, 'PATCH', `/api/library/${block._id}`, { version: 1, title: 'Déchets' }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).msg).toMatch(/^Someone changed this block/);
    expect((errorOf(stale).details as unknown as Block).title).toBe('Gestion des déchets de chantier');
    const [row] = await ctx.db.select().from(libraryBlocks).where(eq(libraryBlocks.id, block._id));
    expect(row).toMatchObject({ title: 'Gestion des déchets de chantier', version: 2 });
  });

  it('a block saved from a memory section names it; a section of another company is refused', async () => {
    const sectionOf = async (companyId: string) => {
      const tender = await insertTender(ctx, companyId);
      const [memory] = await ctx.db.insert(memories).values({ tenderId: tender.id, companyId, title: 'Mémoire' }).returning({ id: memories.id });
      const [section] = await ctx.db.insert(memorySections).values({ memoryId: memory!.id, position: 0, title: 'Sécurité', content: doc('x'), text: 'x' }).returning({ id: memorySections.id });
      return section!.id;
    };
    const own = await sectionOf(manager.companyId!);
    expect((await create({ title: 'Sécurité', content: doc('Port des EPI.'), sourceSectionId: own })).sourceSectionId).toBe(own);
    const res = await call(manager.token, 'POST', `/api/companies/${manager.companyId}/library`, { title: 'Sécurité', content: doc('x'), sourceSectionId: await sectionOf(outsider.companyId!) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toBe("Le champ « Section d'origine » doit désigner une section d'un mémoire de l'entreprise.");
  });
});

describe('search and filters', () => {
  let companyId: string;
  let token: string;
  beforeAll(async () => {
    const owner = await createUser(ctx, 'manager');
    companyId = owner.companyId!;
    token = owner.token;
    const add = (body: object) => create(body, token, companyId);
    await add({ title: 'Travaux de démolition', content: doc('Démolition des bâtiments existants par grignotage, avec désamiantage préalable.'), tags: ['Démolition'], cpvCodes: ['45111100-9'] });
    await add({ title: 'Sécurité sur le chantier', content: doc('Plan de prévention, port des EPI et accueil sécurité à chaque arrivée.'), tags: ['Sécurité', 'QSE'], cpvCodes: ['45000000-7'], reviewDue: '2025-01-15' });
    await add({ title: 'Gestion environnementale', content: doc('Tri des déchets à la source et suivi des bordereaux (BSD).'), tags: ['Environnement', 'QSE'], reviewDue: today });
    await add({ title: 'Références en réhabilitation', content: doc('Lycée Champollion, 2023, 2,4 M€ HT.'), tags: ['Références'], cpvCodes: ['71000000-8'], reviewDue: addMonths(today, 3) });
  });
  const find = (query: string) => list(query, token, companyId);

  it('French full text: "démolir" finds "démolition"; case and accents are ignored', async () => {
    expect(titles(await find('?search=d%C3%A9molir'))).toEqual(['Travaux de démolition']);
    expect(titles(await find('?search=DEMOLITION'))).toEqual(['Travaux de démolition']);
    expect(titles(await find('?search=batiment'))).toEqual(['Travaux de démolition']);
    expect(titles(await find('?search=s%C3%A9curit%C3%A9%20chantier'))).toEqual(['Sécurité sur le chantier']);
    // Every word must be found; tags are searched too.
    expect(titles(await find('?search=s%C3%A9curit%C3%A9%20d%C3%A9molition'))).toEqual([]);
    expect(titles(await find('?search=qse'))).toEqual(['Gestion environnementale', 'Sécurité sur le chantier']);
    // "à", folded to "a", is still no word of the index: a search for "a" finds nothing by it.
    expect(titles(await find('?search=%C3%A0'))).toHaveLength(4);
    expect((await find('?search=lyc%C3%A9e')).blocks[0]!.title).toBe('Références en réhabilitation');
    // Operators of tsquery are only text: no error.
    expect((await find("?search=%21%26%7C%28'%3A*")).total).toBe(4);
  });

  it('tag (case ignored), CPV prefix, due for review and the overdue flag', async () => {
    expect(titles(await find('?tag=qse'))).toEqual(['Gestion environnementale', 'Sécurité sur le chantier']);
    expect(titles(await find('?cpv=45'))).toEqual(['Sécurité sur le chantier', 'Travaux de démolition']);
    expect(titles(await find('?cpv=45111100-9'))).toEqual(['Travaux de démolition']);
    const due = await find('?due=true');
    expect(titles(due)).toEqual(['Gestion environnementale', 'Sécurité sur le chantier']);
    expect(due.blocks.every((b) => b.overdue)).toBe(true);
    const all = await find('');
    expect(all.blocks.filter((b) => b.overdue).map((b) => b.title)).toEqual(['Gestion environnementale', 'Sécurité sur le chantier']);
    expect(titles(await find('?due=true&tag=S%C3%A9curit%C3%A9&search=pr%C3%A9vention'))).toEqual(['Sécurité sur le chantier']);
  });

  it('pages of 20 by default, perPage and page', async () => {
    const all = await find('');
    expect(all).toMatchObject({ total: 4, pages: 1, page: 1, perPage: 20 });
    const second = await find('?perPage=3&page=2');
    expect(second).toMatchObject({ total: 4, pages: 2, page: 2, perPage: 3 });
    expect(titles(second)).toEqual(['Travaux de démolition']);
    expect((await find('?perPage=3&page=9')).blocks).toEqual([]);
  });

  it('reviewed: lastReviewedAt now, the review 12 months from today, no longer overdue', async () => {
    const [overdue] = (await find('?due=true&tag=S%C3%A9curit%C3%A9')).blocks;
    const res = await call(token, 'POST', `/api/library/${overdue!._id}/reviewed`);
    expect(res.statusCode, res.body).toBe(200);
    const { msg, details } = res.json() as { msg: string; details: Block };
    expect(msg).toBe('Bloc marqué comme revu : prochaine revue dans 12 mois.');
    expect(details).toMatchObject({ reviewDue: addMonths(today, 12), overdue: false, version: overdue!.version + 1 });
    expect(Date.now() - Date.parse(details.lastReviewedAt!)).toBeLessThan(60_000);
    expect(titles(await find('?due=true'))).toEqual(['Gestion environnementale']);
  });
});

describe('scope, roles and bad input', () => {
  it('another company answers 404 everywhere; admins reach every company', async () => {
    const block = await create({ title: 'Qualité', content: doc('ISO 9001 depuis 2012.') });
    for (const [method, url] of [
      ['GET', `/api/library/${block._id}`],
      ['PATCH', `/api/library/${block._id}`],
      ['DELETE', `/api/library/${block._id}`],
      ['POST', `/api/library/${block._id}/reviewed`],
      ['GET', `/api/companies/${manager.companyId}/library`],
      ['POST', `/api/companies/${manager.companyId}/library`],
    ] as const) {
      const body = method === 'PATCH' ? { version: 1, title: 'x' } : method === 'POST' && url.endsWith('library') ? { title: 'x', content: doc('x') } : undefined;
      expect((await call(outsider.token, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(titles(await list('', admin.token))).toContain('Qualité');
    expect((await call(admin.token, 'GET', `/api/library/${block._id}`)).statusCode).toBe(200);
    expect((await call(admin.token, 'GET', '/api/companies/00000000-0000-0000-0000-000000000001/library')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/library/${block._id}` })).statusCode).toBe(401);
  });

  it('bad input is refused with 400 and the field named', async () => {
    const url = `/api/companies/${manager.companyId}/library`;
    const refused = async (body: object, lang = 'fr') => {
      const res = await call(manager.token, 'POST', url, body, lang);
      expect(res.statusCode, res.body).toBe(400);
      return errorOf(res);
    };
    expect((await refused({ title: ' ', content: doc('x') })).details).toEqual([expect.objectContaining({ field: 'title' })]);
    expect((await refused({ title: 'x', content: doc('x'), cpvCodes: ['4500000'] })).details).toEqual([expect.objectContaining({ field: 'cpvCodes.0' })]);
    expect((await refused({ title: 'x', content: doc('x'), reviewDue: '2026-13-40' })).details).toEqual([expect.objectContaining({ field: 'reviewDue' })]);
    expect((await refused({ title: 'x', content: doc('x'), owner: manager.id })).msg).toBeTruthy();
    await refused({ title: 'x', content: { type: 'paragraph' } });
    await refused({ title: 'x', content: { type: 'doc', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] } });
    const tag = await refused({ title: 'x', content: doc('x'), tags: ['y'.repeat(61)] }, 'en');
    expect(tag.msg).toContain('Tags');
    expect((await call(manager.token, 'GET', `${url}?cpv=abc`)).statusCode).toBe(400);
    expect((await call(manager.token, 'GET', `${url}?perPage=500`)).statusCode).toBe(400);
    const block = await create({ title: 'Planning', content: doc('x') });
    expect((await call(manager.token, 'PATCH', `/api/library/${block._id}`, { version: 1 })).statusCode).toBe(400);
  });
});

describe('the demo seed', () => {
  it('gives the demo company six blocks once, two of them overdue for review, found by a French search', async () => {
    await seed(ctx.db, { demo: true, print: () => undefined });
    await seed(ctx.db, { demo: true, print: () => undefined });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password } });
    const { token } = login.json() as { token: string };
    const [account] = await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.manager.email));
    const all = await list('', token, account!.companyId!);
    expect(all.total).toBe(6);
    expect(all.blocks.every((b) => b.text.length > 50 && b.owner !== null)).toBe(true);
    expect(titles(await list('?due=true', token, account!.companyId!))).toEqual(['Gestion des déchets de chantier', 'Sécurité et prévention sur le chantier']);
    expect(titles(await list('?search=d%C3%A9molir', token, account!.companyId!))).toEqual(['Méthodologie de démolition', "Présentation de l'entreprise"]);
  });
});

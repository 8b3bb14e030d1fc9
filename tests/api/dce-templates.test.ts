import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dceTemplates, tenderCalls } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, rowCount, type TestContext } from './context';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let employee: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  employee = await createUser(ctx, 'employee', { companyId: manager.companyId });
});
afterAll(() => ctx?.close());

const auth = (token: string, lang = 'fr') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
const travaux = () => ({
  name: 'Travaux de voirie',
  description: 'Marchés de travaux, procédure adaptée.',
  documents: [
    { code: 'RC', label: 'Règlement de la consultation', required: true },
    { code: 'CCTP', label: '  Cahier des clauses techniques particulières ', required: true },
    { code: 'DQE', label: 'Détail quantitatif estimatif', required: false },
  ],
});
const create = (body: object, token = admin.token, lang = 'fr') => ctx.app.inject({ method: 'POST', url: '/api/dceTemplates', headers: auth(token, lang), payload: body });
const patch = (id: string, body: object, token = admin.token, lang = 'fr') => ctx.app.inject({ method: 'PATCH', url: `/api/dceTemplates/${id}`, headers: auth(token, lang), payload: body });
const get = (id: string, token = admin.token) => ctx.app.inject({ url: `/api/dceTemplates/${id}`, headers: auth(token) });
const list = (query: string, token = admin.token) => ctx.app.inject({ url: `/api/dceTemplates?${query}`, headers: auth(token) });

let callSeq = 0;
/** A call for tenders that uses the template, inserted directly (the tender API is another handler). */
async function useTemplate(templateId: string) {
  await ctx.db.insert(tenderCalls).values({
    reference: `DCE-${callSeq++}`,
    title: 'Réfection de la chaussée',
    buyer: 'Commune de Villeurbanne',
    submissionDeadline: new Date(Date.now() + 20 * 86_400_000),
    dceTemplateId: templateId,
  });
}

describe('creating and reading a template', () => {
  it('stores the template with its documents in order, labels trimmed, and anyone signed in reads it', async () => {
    const res = await create(travaux());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      msg: 'Modèle de DCE créé.',
      details: {
        name: 'Travaux de voirie',
        description: 'Marchés de travaux, procédure adaptée.',
        usedBy: 0,
        documents: [
          { code: 'RC', label: 'Règlement de la consultation', required: true },
          { code: 'CCTP', label: 'Cahier des clauses techniques particulières', required: true },
          { code: 'DQE', label: 'Détail quantitatif estimatif', required: false },
        ],
      },
    });
    for (const token of [admin.token, manager.token, employee.token]) {
      const read = await get(body.details._id, token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(body.details);
    }
  });

  it('answers 404 for an unknown template and 400 for a malformed id', async () => {
    const missing = await get('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).msgType).toBe('common-not_found');
    expect((await get('not-an-id')).statusCode).toBe(400);
  });

  it('refuses writes from managers and employees, and changes nothing', async () => {
    const before = await rowCount(ctx.db, dceTemplates);
    for (const token of [manager.token, employee.token]) {
      const res = await create(travaux(), token);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).msgType).toBe('common-forbidden');
    }
    const id = (await create(travaux())).json().details._id as string;
    expect((await patch(id, { name: 'Piraté' }, manager.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/dceTemplates/${id}`, headers: auth(employee.token) })).statusCode).toBe(403);
    expect((await get(id)).json().name).toBe('Travaux de voirie');
    expect(await rowCount(ctx.db, dceTemplates)).toBe(before + 1);
  });
});

describe('validation', () => {
  it('refuses a repeated document code with a field error on the repeat, and writes nothing', async () => {
    const before = await rowCount(ctx.db, dceTemplates);
    const body = travaux();
    body.documents.push({ code: 'RC', label: 'Autre règlement', required: false });
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      msg: 'Le code « RC » figure déjà dans ce modèle : chaque document attendu a son propre code.',
      msgType: 'dcetemplate-duplicate_code',
      details: [{ field: 'documents.3.code' }],
    });
    const en = await create(body, admin.token, 'en');
    expect(errorOf(en).msg).toBe('The code “RC” is already in this template: each expected document has its own code.');
    expect(await rowCount(ctx.db, dceTemplates)).toBe(before);
  });

  it('refuses an empty document list, a missing name, a lower-case code and unknown properties', async () => {
    const before = await rowCount(ctx.db, dceTemplates);
    const empty = await create({ ...travaux(), documents: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).details).toEqual([expect.objectContaining({ field: 'documents' })]);
    const noName = await create({ documents: travaux().documents });
    expect(errorOf(noName)).toMatchObject({ details: [{ field: 'name' }] });
    const lower = await create({ ...travaux(), documents: [{ code: 'cctp', label: 'CCTP', required: true }] });
    expect(errorOf(lower)).toMatchObject({ details: [{ field: 'documents.0.code' }] });
    const extra = await create({ ...travaux(), usedBy: 12 });
    expect(extra.statusCode).toBe(400);
    expect(errorOf(extra)).toMatchObject({ msgType: 'validation-unknown_field', details: [{ field: 'usedBy' }] });
    const extraInDocument = await create({ ...travaux(), documents: [{ code: 'RC', label: 'RC', required: true, mandatory: true }] });
    expect(errorOf(extraInDocument)).toMatchObject({ details: [{ field: 'documents.0.mandatory' }] });
    expect(await rowCount(ctx.db, dceTemplates)).toBe(before);
  });

  it('checks a patch the same way and leaves the template as it was', async () => {
    const id = (await create(travaux())).json().details._id as string;
    const duplicate = await patch(id, { name: 'Renommé', documents: [{ code: 'AE', label: 'Acte', required: true }, { code: 'AE', label: 'Acte bis', required: false }] });
    expect(duplicate.statusCode).toBe(400);
    expect(errorOf(duplicate).details).toEqual([expect.objectContaining({ field: 'documents.1.code' })]);
    expect((await patch(id, {})).statusCode).toBe(400);
    expect((await patch(id, { name: 'Renommé', confirmed: true })).statusCode).toBe(400);
    const unchanged = (await get(id)).json();
    expect(unchanged.name).toBe('Travaux de voirie');
    expect(unchanged.documents).toHaveLength(3);
  });
});

describe('updating a template', () => {
  it('applies a change to an unused template at once', async () => {
    const created = (await create(travaux())).json().details;
    const res = await patch(created._id, { name: 'Voirie et réseaux', documents: [{ code: 'PLANS', label: 'Plans', required: false }] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'Modèle de DCE mis à jour.',
      isWarning: false,
      details: { name: 'Voirie et réseaux', description: created.description, documents: [{ code: 'PLANS', label: 'Plans', required: false }], usedBy: 0 },
    });
    expect(new Date(res.json().details.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedAt).getTime());
  });

  it('warns without changing a template that calls use; confirming applies the change', async () => {
    const created = (await create(travaux())).json().details;
    await useTemplate(created._id);
    await useTemplate(created._id);

    const warned = await patch(created._id, { documents: [{ code: 'RC', label: 'Règlement', required: true }] });
    expect(warned.statusCode).toBe(200);
    expect(warned.json()).toEqual({
      msg: "Le modèle « Travaux de voirie » est utilisé par 2 appels d'offres : leur liste de documents attendus changera aussi. Confirmez pour appliquer la modification.",
      isWarning: true,
      details: { ...created, usedBy: 2 },
    });
    expect((await get(created._id)).json().documents).toHaveLength(3);
    const en = await patch(created._id, { name: 'Other' }, admin.token, 'en');
    expect(en.json().msg).toBe('The template “Travaux de voirie” is used by 2 calls for tenders: their lists of expected documents will change too. Confirm to apply the change.');

    const confirmed = await patch(created._id, { documents: [{ code: 'RC', label: 'Règlement', required: true }], confirm: true });
    expect(confirmed.json()).toMatchObject({ isWarning: false, msg: 'Modèle de DCE mis à jour.', details: { usedBy: 2, documents: [{ code: 'RC', label: 'Règlement', required: true }] } });
    expect((await get(created._id)).json().documents).toEqual([{ code: 'RC', label: 'Règlement', required: true }]);
  });

  it('says "1 appel d\'offres" for a single use', async () => {
    const created = (await create({ ...travaux(), name: 'Fournitures' })).json().details;
    await useTemplate(created._id);
    expect((await patch(created._id, { name: 'Fournitures courantes' })).json().msg).toBe(
      "Le modèle « Fournitures » est utilisé par 1 appel d'offres : sa liste de documents attendus changera aussi. Confirmez pour appliquer la modification.",
    );
  });

  it('answers 404 for an unknown template', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', { name: 'Rien' })).statusCode).toBe(404);
  });
});

describe('deleting a template', () => {
  it('removes it; the calls that used it stay, without their checklist', async () => {
    const created = (await create(travaux())).json().details;
    await useTemplate(created._id);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/dceTemplates/${created._id}`, headers: auth(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe("Modèle de DCE supprimé. Les appels d'offres qui l'utilisaient gardent leurs documents.");
    expect((await get(created._id)).statusCode).toBe(404);
    const [call] = await ctx.db.select({ template: tenderCalls.dceTemplateId }).from(tenderCalls).where(eq(tenderCalls.reference, `DCE-${callSeq - 1}`));
    expect(call).toEqual({ template: null });
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/dceTemplates/${created._id}`, headers: auth(admin.token) });
    expect(again.statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('sorts by name ignoring accents and case, searches name and description, pages', async () => {
    await ctx.db.delete(dceTemplates);
    for (const [name, description] of [
      ['Maîtrise d’œuvre', 'Prestations intellectuelles'],
      ['éclairage public', 'Travaux électriques'],
      ['Assurances', 'Services, appel d’offres ouvert'],
      ['Zones humides', 'Génie écologique, travaux'],
    ] as const) {
      expect((await create({ name, description, documents: [{ code: 'RC', label: 'Règlement', required: true }] })).statusCode).toBe(201);
    }
    const all = await list('perPage=all', employee.token);
    expect(all.statusCode).toBe(200);
    expect(all.json().templates.map((tpl: { name: string }) => tpl.name)).toEqual(['Assurances', 'éclairage public', 'Maîtrise d’œuvre', 'Zones humides']);
    expect(all.json()).toMatchObject({ count: 4, totalPages: 1 });

    expect((await list('search=ECLAIRAGE')).json()).toMatchObject({ count: 1, templates: [{ name: 'éclairage public' }] });
    // The description is searched too, accents folded.
    expect((await list('search=genie')).json()).toMatchObject({ count: 1, templates: [{ name: 'Zones humides' }] });
    expect((await list('search=travaux')).json().templates.map((tpl: { name: string }) => tpl.name)).toEqual(['éclairage public', 'Zones humides']);
    expect((await list('search=introuvable')).json()).toEqual({ count: 0, totalPages: 0, templates: [] });

    expect((await list('perPage=3&page=2')).json()).toMatchObject({ count: 4, totalPages: 2, templates: [{ name: 'Zones humides' }] });
    expect((await list('perPage=3&page=3')).json()).toEqual({ count: 4, totalPages: 2, templates: [] });
    expect((await list('perPage=0')).statusCode).toBe(400);
  });

  it('counts the calls that use each template', async () => {
    const [first] = (await list('search=assurances')).json().templates as { _id: string }[];
    await useTemplate(first!._id);
    expect((await list('search=assurances')).json().templates[0].usedBy).toBe(1);
  });
});

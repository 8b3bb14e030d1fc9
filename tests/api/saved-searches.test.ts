// Saved searches (issue 24): a company's named filters over the calls, read by every member,
// written by managers (an employee their own), that filter the potential tenders (in SQL, the same
// as rules/saved-search.ts says) and, with alerts on, feed the digest beside the profile's matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { callMatches, companies, outboxEmails, savedSearches, tenderCallLots, tenderCalls, users } from '../../server/db/schema';
import { runAlerts } from '../../server/domains/alerts/scheduler';
import { savedSearchCondition } from '../../server/domains/saved-searches/condition';
import { compileSearch, matchesSearch, type SavedSearchCriteria } from '../../rules/saved-search';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { atFromToday } from '../support/days';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const auth = (token: string, lang = 'fr') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
type Person = Awaited<ReturnType<typeof createUser>>;
type Saved = { _id: string; name: string; regions: string[]; keywords: string[]; canEdit: boolean; alerts: boolean; createdBy: { _id: string } | null };

let seq = 0;
async function company() {
  const [row] = await ctx.db.insert(companies).values({ name: `Recherches ${seq++}` }).returning({ id: companies.id });
  const manager = await createUser(ctx, 'manager', { companyId: row!.id });
  const employee = await createUser(ctx, 'employee', { companyId: row!.id });
  return { id: row!.id, manager, employee };
}

const create = (who: Person, payload: object, lang = 'fr', query = '') => ctx.app.inject({ method: 'POST', url: `/api/saved-searches${query}`, headers: auth(who.token, lang), payload });
const patch = (who: Person, id: string, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/saved-searches/${id}`, headers: auth(who.token), payload });
const remove = (who: Person, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/saved-searches/${id}`, headers: auth(who.token) });
const list = async (who: Person, query = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/saved-searches${query}`, headers: auth(who.token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; limit: number; savedSearches: Saved[] };
};
const created = async (who: Person, payload: object) => {
  const res = await create(who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { details: Saved }).details;
};

async function call(values: Partial<typeof tenderCalls.$inferInsert> & { lots?: string[] } = {}) {
  const { lots, ...rest } = values;
  const [row] = await ctx.db
    .insert(tenderCalls)
    .values({ reference: `SS-${seq++}`, title: 'Travaux divers', buyer: 'Commune de Vienne', submissionDeadline: atFromToday(30), ...rest })
    .returning({ id: tenderCalls.id, reference: tenderCalls.reference });
  if (lots?.length) await ctx.db.insert(tenderCallLots).values(lots.map((title, i) => ({ tenderCallId: row!.id, number: i + 1, title })));
  return row!;
}

describe('saved searches: writing them', () => {
  it('a manager creates, lists, changes and deletes; regions by their usual spelling; lists trimmed and deduplicated', async () => {
    const c = await company();
    const res = await create(c.manager, { name: '  Chauffage   Isère ', keywords: ['chauffage', ' Chauffage ', 'chaudière'], cpvCodes: ['45331000'], departments: ['38', '73'], regions: ['auvergne rhone alpes'], amountMin: 50_000, amountMax: 500_000, buyers: ['Grenoble'], alerts: true });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { msg: string; details: Saved };
    expect(body.msg).toBe('Recherche « Chauffage Isère » enregistrée.');
    expect(body.details).toMatchObject({ name: 'Chauffage Isère', keywords: ['chauffage', 'chaudière'], cpvCodes: ['45331000'], departments: ['38', '73'], regions: ['Auvergne-Rhône-Alpes'], amountMin: 50_000, amountMax: 500_000, buyers: ['Grenoble'], alerts: true, canEdit: true, companyId: c.id, createdBy: { _id: c.manager.id } });

    const listed = await list(c.employee);
    expect(listed).toMatchObject({ count: 1, limit: 20 });
    // The employee reads it but may not change it.
    expect(listed.savedSearches[0]).toMatchObject({ name: 'Chauffage Isère', canEdit: false });

    const changed = await patch(c.manager, body.details._id, { alerts: false, amountMin: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { details: Saved }).details).toMatchObject({ alerts: false, amountMin: null, amountMax: 500_000, keywords: ['chauffage', 'chaudière'] });

    const deleted = await remove(c.manager, body.details._id);
    expect(deleted.statusCode).toBe(200);
    expect(errorOf(deleted).msg).toBe('Recherche « Chauffage Isère » supprimée.');
    expect((await list(c.manager)).count).toBe(0);
  });

  it('refuses with a message: no criterion, a name too long or empty, short keywords, bad CPV, min over max, an unknown region', async () => {
    const c = await company();
    const cases: [object, string, string?][] = [
      [{ name: 'Rien' }, 'Indiquez au moins un critère : mot-clé, code CPV, lieu, montant ou acheteur.'],
      [{ name: 'Rien', keywords: [], alerts: true }, 'Indiquez au moins un critère : mot-clé, code CPV, lieu, montant ou acheteur.'],
      [{ name: 'x'.repeat(121), keywords: ['toiture'] }, 'Le champ « Nom » doit contenir au plus 120 caractères.', 'name'],
      [{ name: '   ', keywords: ['toiture'] }, '', 'name'],
      [{ name: 'Court', keywords: ['t'] }, '', 'keywords.0'],
      [{ name: 'CPV', cpvCodes: ['4533'] }, '', 'cpvCodes.0'],
      [{ name: 'Montants', amountMin: 500_000, amountMax: 50_000 }, 'Le montant minimum doit être inférieur ou égal au montant maximum.', 'amountMax'],
      [{ name: 'Région', regions: ['Atlantide'] }, '« Atlantide » n\'est pas une région française.', 'regions.0'],
    ];
    for (const [payload, msg, field] of cases) {
      const res = await create(c.manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (msg) expect(errorOf(res).msg).toBe(msg);
      if (field) expect((errorOf(res).details as { field: string }[])[0]!.field).toBe(field);
    }
    // In English too.
    expect(errorOf(await create(c.manager, { name: 'Rien' }, 'en')).msg).toBe('Give at least one criterion: keyword, CPV code, place, amount or buyer.');
    // A patch leaving no criterion, or crossing the amounts with the stored bound, is refused as well.
    const s = await created(c.manager, { name: 'Montant', amountMin: 100_000 });
    expect((await patch(c.manager, s._id, { amountMin: null })).statusCode).toBe(400);
    expect(errorOf(await patch(c.manager, s._id, { amountMax: 1000 })).msg).toBe('Le montant minimum doit être inférieur ou égal au montant maximum.');
    expect((await list(c.manager)).count).toBe(1);
  });

  it('a name once per company whatever its case (409), another company may use it; 20 at most (409)', async () => {
    const c = await company();
    await created(c.manager, { name: 'Écoles – réhabilitation', keywords: ['école'] });
    const again = await create(c.manager, { name: 'écoles – RÉHABILITATION', keywords: ['collège'] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).msg).toBe("L'entreprise a déjà une recherche enregistrée nommée « écoles – RÉHABILITATION » : choisissez un autre nom.");
    const other = await created(c.manager, { name: 'Collèges', keywords: ['collège'] });
    expect((await patch(c.manager, other._id, { name: 'ÉCOLES – réhabilitation' })).statusCode).toBe(409);
    const d = await company();
    await created(d.manager, { name: 'Écoles – réhabilitation', keywords: ['école'] });

    for (let i = 3; i <= 20; i++) await created(c.manager, { name: `Recherche ${i}`, departments: ['38'] });
    const over = await create(c.manager, { name: 'Une de trop', departments: ['38'] });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).msg).toBe("L'entreprise a déjà 20 recherches enregistrées, le maximum : supprimez-en une avant d'en ajouter une autre.");
  });

  it('an employee creates their own and changes only those (403 on the manager\'s); another company\'s is 404; admins name the company', async () => {
    const c = await company();
    const theirs = await created(c.manager, { name: 'Du gérant', keywords: ['toiture'] });
    const mine = await created(c.employee, { name: 'De l’employé', keywords: ['zinguerie'] });
    expect(mine).toMatchObject({ canEdit: true, createdBy: { _id: c.employee.id } });
    expect((await patch(c.employee, mine._id, { alerts: true })).statusCode).toBe(200);
    expect((await patch(c.employee, theirs._id, { alerts: true })).statusCode).toBe(403);
    expect((await remove(c.employee, theirs._id)).statusCode).toBe(403);
    // The manager changes the employee's.
    expect((await patch(c.manager, mine._id, { name: 'Zinguerie' })).statusCode).toBe(200);
    expect((await remove(c.employee, mine._id)).statusCode).toBe(200);

    const other = await company();
    expect((await patch(other.manager, theirs._id, { alerts: true })).statusCode).toBe(404);
    expect((await remove(other.manager, theirs._id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/saved-searches?companyId=${c.id}`, headers: auth(other.manager.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tenders/potential?savedSearch=${theirs._id}`, headers: auth(other.manager.token) })).statusCode).toBe(404);
    expect((await list(other.manager)).count).toBe(0);

    const admin = await createUser(ctx, 'admin');
    const without = await ctx.app.inject({ method: 'GET', url: '/api/saved-searches', headers: auth(admin.token) });
    expect(without.statusCode).toBe(400);
    expect(errorOf(without).msg).toBe("Choisissez l'entreprise dont lire ou enregistrer les recherches.");
    expect((await list(admin, `?companyId=${c.id}`)).savedSearches.map((s) => s.name)).toEqual(['Du gérant']);
    const byAdmin = await create(admin, { name: 'De l’admin', buyers: ['Grenoble'] }, 'fr', `?companyId=${c.id}`);
    expect(byAdmin.statusCode).toBe(201);
    expect((await list(c.manager)).count).toBe(2);
  });
});

describe('saved searches: filtering calls', () => {
  it('the SQL condition finds the calls the rule says, for each kind of criterion', async () => {
    const calls = [
      await call({ title: 'Rénovation du chauffage de l’École Jean Moulin', description: 'Remplacement des chaudières.', cpvCodes: ['45331100-7'], department: '38', region: 'Auvergne-Rhône-Alpes', estimatedAmount: 250_000, buyer: 'Commune de Saint-Égrève' }),
      await call({ title: 'Réfection de toiture', cpvCodes: ['45261000'], department: '73', region: null, estimatedAmount: null, buyer: 'SAVOIE HABITAT', lots: ['Lot 2 : Génie climatique'] }),
      await call({ title: 'Nettoyage des locaux', cpvCodes: ['90910000'], department: '35', region: 'Bretagne', estimatedAmount: 80_000, buyer: 'Rennes Métropole' }),
      await call({ title: 'Écoles : réhabilitation énergétique', cpvCodes: ['45000000'], department: null, region: 'auvergne-rhône-alpes', estimatedAmount: 1_200_000, buyer: "Département de l'Isère" }),
      // Capitals, ligatures and accented letters inside words (the SQL matches them by character classes).
      await call({ title: 'GROS ŒUVRE DE L’ÉCOLE', description: 'Pôle Éducation, entrée côté cour', cpvCodes: [], department: null, region: null, estimatedAmount: null, buyer: 'SIVOM' }),
    ];
    const ids = calls.map((c) => c.id);
    const none: SavedSearchCriteria = { keywords: [], cpvCodes: [], departments: [], regions: [], amountMin: null, amountMax: null, buyers: [] };
    const searches: Partial<SavedSearchCriteria>[] = [
      { keywords: ['ecoles'] },
      { keywords: ['génie climatique'] },
      { keywords: ['chauf', 'nettoyage'] },
      { keywords: ['auffage'] },
      { keywords: ['oeuvre'] },
      { keywords: ['ecole gros'] },
      { keywords: ['ducation'] },
      { keywords: ['cote'] },
      { keywords: ['education', 'entree'] },
      { cpvCodes: ['45000000'] },
      { cpvCodes: ['45300000-0'] },
      { cpvCodes: ['45331000'] },
      { departments: ['73'] },
      { regions: ['Auvergne-Rhône-Alpes'] },
      { regions: ['Bretagne'], departments: ['38'] },
      { amountMin: 100_000 },
      { amountMax: 100_000 },
      { buyers: ['isere', 'savoie'] },
      { buyers: ['SAINT-EGREVE'] },
      { keywords: ['chauffage'], departments: ['38'], amountMax: 300_000 },
    ];
    for (const criteria of searches) {
      const full = { ...none, ...criteria };
      const rows = await ctx.db.select({ id: tenderCalls.id }).from(tenderCalls).where(and(inArray(tenderCalls.id, ids), savedSearchCondition(full)));
      const bySql = ids.filter((id) => rows.some((r) => r.id === id));
      const lots = [[], ['Lot 2 : Génie climatique'], [], [], []];
      const stored = await ctx.db.select().from(tenderCalls).where(inArray(tenderCalls.id, ids));
      const byRule = ids.filter((id, i) => {
        const c = stored.find((s) => s.id === id)!;
        return matchesSearch({ ...c, lotTitles: lots[i]! }, compileSearch(full));
      });
      expect(bySql, JSON.stringify(criteria)).toEqual(byRule);
    }
    // A few expectations in plain words, that the two could agree on wrongly.
    const found = async (criteria: Partial<SavedSearchCriteria>) => {
      const rows = await ctx.db.select({ id: tenderCalls.id }).from(tenderCalls).where(and(inArray(tenderCalls.id, ids), savedSearchCondition({ ...none, ...criteria })));
      return ids.map((id, i) => (rows.some((r) => r.id === id) ? i : -1)).filter((i) => i >= 0);
    };
    expect(await found({ cpvCodes: ['45000000'] })).toEqual([0, 1, 3]);
    expect(await found({ regions: ['Auvergne-Rhône-Alpes'] })).toEqual([0, 1, 3]);
    expect(await found({ amountMin: 0 })).toEqual([0, 2, 3]);
    expect(await found({ keywords: ['génie climatique'] })).toEqual([1]);
    expect(await found({ keywords: ['oeuvre'] })).toEqual([4]);
    expect(await found({ keywords: ['ducation'] })).toEqual([]);
    expect(await found({ keywords: ['ecoles'] })).toEqual([0, 3, 4]);
  });

  it('potential tenders with savedSearch: only its calls, those matching the profile first, paged; 404 for an unknown one', async () => {
    const c = await company();
    const marker = `Zq${seq++}x`;
    const deadline = (d: number) => atFromToday(d);
    const profiled = await call({ title: `Chauffage collège ${marker}`, department: '38', submissionDeadline: deadline(40) });
    await ctx.db.insert(callMatches).values({ companyId: c.id, tenderCallId: profiled.id, deadline: deadline(40), score: 80, status: 'high', reasons: [] });
    const first = await call({ title: `Chauffage mairie ${marker}`, department: '73', submissionDeadline: deadline(10) });
    const second = await call({ title: `Chauffage gymnase ${marker}`, department: '38', submissionDeadline: deadline(20) });
    await call({ title: `Chauffage piscine ${marker}`, department: '75', submissionDeadline: deadline(15) });
    await call({ title: `Toiture ${marker}`, department: '38', submissionDeadline: deadline(15) });
    // One keyword of two words: both must be found (the marker keeps other tests' calls out).
    const s = await created(c.manager, { name: 'Chauffage – Isère et Savoie', keywords: [`chauffage ${marker}`], departments: ['38', '73'] });
    const page = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tenders/potential?savedSearch=${s._id}${query}`, headers: auth(c.employee.token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number; totalPages: number; tenders: { _id: string; matchStatus: string }[] };
    };
    const all = await page('');
    expect(all.count).toBe(3);
    expect(all.tenders.map((t) => t._id)).toEqual([profiled.id, first.id, second.id]);
    expect(all.tenders.map((t) => t.matchStatus)).toEqual(['high', 'none', 'none']);
    const p2 = await page('&perPage=2&page=2');
    expect(p2).toMatchObject({ count: 3, totalPages: 2 });
    expect(p2.tenders.map((t) => t._id)).toEqual([second.id]);
    expect((await page('&matchStatus=high')).tenders.map((t) => t._id)).toEqual([profiled.id]);
    expect((await page('&matchStatus=none')).tenders.map((t) => t._id)).toEqual([first.id, second.id]);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/tenders/potential?savedSearch=00000000-0000-4000-8000-000000000000', headers: auth(c.manager.token) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('saved searches: the digest', () => {
  it('lists the new calls of the searches with alerts on beside the profile matches, once each, saying which search found them', async () => {
    const c = await company();
    const now = new Date('2031-10-01T06:00:00Z');
    const hour = (h: number) => new Date(now.getTime() - h * 3600_000);
    await ctx.db.update(users).set({ digestFrequency: 'daily', digestSentAt: new Date(now.getTime() - 86_400_000 - 1000) }).where(eq(users.id, c.manager.id));
    const future = new Date('2031-12-01T11:00:00Z');
    // Matched by the profile and by the search: listed once, with both.
    const both = await call({ title: 'Chauffage du gymnase', department: '38', submissionDeadline: future, createdAt: hour(2) });
    await ctx.db.insert(callMatches).values({ companyId: c.id, tenderCallId: both.id, deadline: future, score: 80, status: 'high', reasons: [{ criterion: 'keywords', points: 35, matched: ['chauffage'] }], computedAt: hour(2) });
    // By the search alone.
    const saved = await call({ title: 'Remplacement de chaudières', buyer: 'Commune de Chambéry', department: '73', cpvCodes: ['45331100'], submissionDeadline: future, createdAt: hour(3) });
    // Left out: an older call, one found only by a search without alerts, a closed one.
    const old = await call({ title: 'Chauffage de la mairie', department: '38', submissionDeadline: future, createdAt: new Date(now.getTime() - 3 * 86_400_000) });
    const quiet = await call({ title: 'Réhabilitation de l’école', department: '69', submissionDeadline: future, createdAt: hour(1) });
    const closed = await call({ title: 'Chauffage de la crèche', department: '38', status: 'cancelled', submissionDeadline: future, createdAt: hour(1) });
    await created(c.manager, { name: 'Chauffage Isère', keywords: ['chauffage', 'chaudière'], departments: ['38', '73'], alerts: true });
    await created(c.manager, { name: 'CPV génie climatique', cpvCodes: ['45331000'], alerts: true });
    await created(c.manager, { name: 'Écoles', keywords: ['école'], alerts: false });

    const result = await runAlerts({ db: ctx.db, mailer: ctx.app.mailer, secret: ctx.jwtSecret, now });
    expect(result.digests).toBe(1);
    const mails = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, c.manager.email));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(mails[0]!.subject).toBe("Nouveaux appels d'offres pour vous aujourd'hui (2)");
    expect(text.split(`${both.reference} —`)).toHaveLength(2);
    const bothPart = text.slice(text.indexOf(`${both.reference} —`), text.indexOf(`${saved.reference} —`));
    expect(bothPart).toContain('Recherche « Chauffage Isère »');
    expect(bothPart).toContain('pertinence 80 %');
    const savedPart = text.slice(text.indexOf(`${saved.reference} —`));
    expect(savedPart).toContain('Commune de Chambéry — remise le');
    expect(savedPart).toContain('Recherche « Chauffage Isère »');
    expect(savedPart).toContain('Recherche « CPV génie climatique »');
    for (const left of [old, quiet, closed]) expect(text).not.toContain(`${left.reference} —`);
    // No digest for a company whose searches find nothing new.
    const [row] = await ctx.db.select().from(savedSearches).where(eq(savedSearches.companyId, c.id)).limit(1);
    expect(row).toBeTruthy();
  });
});

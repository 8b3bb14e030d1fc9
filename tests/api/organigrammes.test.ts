import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { organigrammes } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type User = Awaited<ReturnType<typeof createUser>>;
type Position = {
  _id: string;
  parentId: string | null;
  title: string;
  name: string;
  contact?: string;
};
type Chart = {
  _id: string;
  companyId: string;
  type: string;
  positions: Required<Position>[];
  version: number;
  createdAt: string;
  updatedAt: string;
};

const url = (companyId: string, type?: string) => `/api/organigrammes/${companyId}/organigramme${type ? `?type=${type}` : ''}`;
const call = (user: User, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, lang = 'fr') =>
  ctx.app.inject({
    method,
    url: path,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${user.token}`, 'accept-language': lang },
  });
const charts = async (user: User, companyId: string, type?: string) => {
  const res = await call(user, 'GET', url(companyId, type));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { organigrammes: Chart[] }).organigrammes;
};

// A site team: director, two reports, one grandchild.
const siteTeam = (): Position[] => [
  {
    _id: 'dt',
    parentId: null,
    title: 'Directeur de travaux',
    name: 'Marc Lefèvre',
    contact: 'm.lefevre@exemple.fr',
  },
  {
    _id: 'ct',
    parentId: 'dt',
    title: 'Conducteur de travaux',
    name: 'Sophie Girard',
  },
  {
    _id: 'qse',
    parentId: 'dt',
    title: 'Responsable QSE',
    name: 'Nadia Benali',
    contact: '06 12 34 56 78',
  },
  { _id: 'cc', parentId: 'ct', title: 'Chef de chantier', name: 'Paul Roux' },
];

async function staff() {
  const manager = await createUser(ctx, 'manager');
  const employee = await createUser(ctx, 'employee', {
    companyId: manager.companyId,
  });
  return { manager, employee, companyId: manager.companyId! };
}

describe('drawing a chart', () => {
  it('creates a chart with the alias chantier, answers construction, trims texts, stores a missing contact as empty, keeps the order', async () => {
    const { manager, companyId } = await staff();
    const positions = siteTeam();
    positions[1]!.title = '  Conducteur de travaux  ';
    const res = await call(manager, 'POST', url(companyId), {
      type: 'chantier',
      positions,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { msg: string; details: Chart };
    expect(body.msg).toBe('Organigramme créé.');
    expect(body.details).toMatchObject({ companyId, type: 'construction' });
    expect(body.details.positions.map((p) => p._id)).toEqual(['dt', 'ct', 'qse', 'cc']);
    expect(body.details.positions[1]).toEqual({
      _id: 'ct',
      parentId: 'dt',
      title: 'Conducteur de travaux',
      name: 'Sophie Girard',
      contact: '',
    });
    expect(await charts(manager, companyId)).toEqual([body.details]);
  });

  it('answers 409 organigramme-already_exists for a second chart of the same kind, whatever its spelling', async () => {
    const { manager, companyId } = await staff();
    expect(
      (
        await call(manager, 'POST', url(companyId), {
          type: 'normal',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(201);
    const again = await call(manager, 'POST', url(companyId), { type: 'global', positions: siteTeam() }, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      msgType: 'organigramme-already_exists',
      msg: 'This company already has an organisation chart of this kind.',
    });
    // The chart that won comes back, for its author to merge into.
    expect(errorOf(again).details).toMatchObject({ type: 'normal', version: 1, positions: expect.arrayContaining([expect.objectContaining({ title: siteTeam()[0]!.title })]) });
    // The other kind is still free.
    expect(
      (
        await call(manager, 'POST', url(companyId), {
          type: 'construction',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('reads both kinds, or one by its name or alias, and an empty list when none exists', async () => {
    const { manager, employee, companyId } = await staff();
    expect(await charts(employee, companyId)).toEqual([]);
    await call(manager, 'POST', url(companyId), {
      type: 'global',
      positions: siteTeam().slice(0, 2),
    });
    await call(manager, 'POST', url(companyId), {
      type: 'construction',
      positions: siteTeam(),
    });
    expect((await charts(employee, companyId)).map((c) => c.type)).toEqual(['normal', 'construction']);
    expect((await charts(employee, companyId, 'chantier')).map((c) => c.positions.length)).toEqual([4]);
    expect((await charts(employee, companyId, 'global')).map((c) => c.type)).toEqual(['normal']);
    expect((await charts(employee, companyId, 'normal')).map((c) => c.positions.length)).toEqual([2]);
    expect((await call(employee, 'GET', url(companyId, 'other'))).statusCode).toBe(400);
  });
});

describe('replacing and deleting a chart', () => {
  it('replaces the positions of a kind named by alias, and answers 404 organigramme-not_found when that kind does not exist', async () => {
    const { manager, companyId } = await staff();
    const missing = await call(manager, 'PUT', url(companyId, 'global'), { version: 1,
      positions: siteTeam(),
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({
      msgType: 'organigramme-not_found',
      msg: "Cet organigramme n'existe pas.",
    });

    await call(manager, 'POST', url(companyId), {
      type: 'construction',
      positions: siteTeam(),
    });
    const moved = siteTeam().map((p) => (p._id === 'cc' ? { ...p, parentId: 'dt', name: 'Paul Roux-Martin' } : p));
    const res = await call(manager, 'PUT', url(companyId, 'chantier'), { version: 1,
      positions: moved,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { msg: string; details: Chart };
    expect(body.msg).toBe('Organigramme enregistré.');
    expect(body.details.type).toBe('construction');
    expect(body.details.positions.find((p) => p._id === 'cc')).toMatchObject({
      parentId: 'dt',
      name: 'Paul Roux-Martin',
    });
    expect((await charts(manager, companyId, 'construction'))[0]!.positions).toEqual(body.details.positions);
  });

  it('deletes a kind, then answers 404 for it', async () => {
    const { manager, companyId } = await staff();
    await call(manager, 'POST', url(companyId), {
      type: 'construction',
      positions: siteTeam(),
    });
    await call(manager, 'POST', url(companyId), {
      type: 'normal',
      positions: siteTeam(),
    });
    const res = await call(manager, 'DELETE', url(companyId, 'chantier'));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { msg: string }).msg).toBe('Organigramme supprimé.');
    expect((await charts(manager, companyId)).map((c) => c.type)).toEqual(['normal']);
    const again = await call(manager, 'DELETE', url(companyId, 'construction'));
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).msgType).toBe('organigramme-not_found');
  });
});

describe('the tree rules', () => {
  const cases: [string, (positions: Position[]) => Position[], string, string, string[]][] = [
    [
      'a duplicate id',
      (p) => [
        ...p,
        {
          _id: 'ct',
          parentId: 'dt',
          title: 'Conducteur de travaux',
          name: 'Autre',
        },
      ],
      'organigramme-duplicate_position',
      'Two positions have the same identifier.',
      ['ct'],
    ],
    [
      'two roots',
      (p) => [...p, { _id: 'autre', parentId: null, title: 'Gérant', name: 'Léa Morel' }],
      'organigramme-one_root',
      'The chart must have exactly one position at the top.',
      ['dt', 'autre'],
    ],
    ['no root', (p) => p.map((x) => (x._id === 'dt' ? { ...x, parentId: 'cc' } : x)), 'organigramme-one_root', 'The chart must have exactly one position at the top.', []],
    [
      'an unknown parent',
      (p) => [
        ...p,
        {
          _id: 'ce',
          parentId: 'fantome',
          title: "Chef d'équipe",
          name: 'Hugo Petit',
        },
      ],
      'organigramme-unknown_parent',
      'A position reports to a position that does not exist.',
      ['ce'],
    ],
    [
      'a cycle',
      (p) => [
        ...p.map((x) => (x._id === 'ct' ? { ...x, parentId: 'cc' } : x)),
        {
          _id: 'ce',
          parentId: 'cc',
          title: "Chef d'équipe",
          name: 'Hugo Petit',
        },
      ],
      'organigramme-cycle',
      'A position cannot report to itself, even indirectly.',
      ['ct', 'cc', 'ce'],
    ],
    [
      'a blank title',
      (p) => p.map((x) => (x._id === 'qse' ? { ...x, title: '   ' } : x)),
      'organigramme-blank_field',
      "Every position needs a title and the person's name.",
      ['qse'],
    ],
    ['a blank name', (p) => p.map((x) => (x._id === 'cc' ? { ...x, name: ' ' } : x)), 'organigramme-blank_field', "Every position needs a title and the person's name.", ['cc']],
  ];

  it.each(cases)('refuses %s with 400, a localised msg and the offending ids, on create and replace, writing nothing', async (_label, change, key, msg, ids) => {
    const { manager, companyId } = await staff();
    const created = await call(manager, 'POST', url(companyId), { type: 'construction', positions: change(siteTeam()) }, 'en');
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toEqual({
      msg,
      msgType: key,
      details: { positionIds: ids },
    });
    expect(await charts(manager, companyId)).toEqual([]);

    await call(manager, 'POST', url(companyId), {
      type: 'construction',
      positions: siteTeam(),
    });
    const replaced = await call(manager, 'PUT', url(companyId, 'construction'), { version: 1, positions: change(siteTeam()) }, 'en');
    expect(replaced.statusCode).toBe(400);
    expect(errorOf(replaced).msgType).toBe(key);
    expect((await charts(manager, companyId))[0]!.positions.map((p) => p.name)).toEqual(siteTeam().map((p) => p.name));
  });

  it('refuses a position of itself as parent and an empty chart, in French too', async () => {
    const { manager, companyId } = await staff();
    const self = await call(manager, 'POST', url(companyId), {
      type: 'normal',
      positions: [...siteTeam(), { _id: 'seul', parentId: 'seul', title: 'Boucle', name: 'Boucle' }],
    });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toMatchObject({
      msgType: 'organigramme-cycle',
      msg: 'Un poste ne peut pas dépendre de lui-même, même indirectement.',
    });
    expect(
      (
        await call(manager, 'POST', url(companyId), {
          type: 'normal',
          positions: [],
        })
      ).statusCode,
    ).toBe(400);
    expect(await ctx.db.select().from(organigrammes).where(eq(organigrammes.companyId, companyId))).toEqual([]);
  });
});

describe('lost updates (optimistic concurrency)', () => {
  const addPosition = (chart: Chart, position: Position) => [...chart.positions, position];

  it('refuses a stale replace with 409 and the current chart, and keeps the position the other manager added', async () => {
    const { manager, companyId } = await staff();
    const second = await createUser(ctx, 'manager', { companyId });
    const created = await call(manager, 'POST', url(companyId), { type: 'construction', positions: siteTeam() });
    const read = (created.json() as { details: Chart }).details;
    expect(read.version).toBe(1);

    // Both managers read version 1. The first adds a safety officer and saves.
    const first = await call(manager, 'PUT', url(companyId, 'chantier'), { version: 1, positions: addPosition(read, { _id: 'sps', parentId: 'dt', title: 'Coordinateur SPS', name: 'Inès Barbier' }) });
    expect(first.statusCode, first.body).toBe(200);
    const theirs = (first.json() as { details: Chart }).details;
    expect(theirs.version).toBe(2);

    // The second, still on version 1, renames a person: without the check the officer would vanish.
    for (const lang of ['fr', 'en']) {
      const stale = await call(second, 'PUT', url(companyId, 'construction'), { version: 1, positions: read.positions.map((p) => (p._id === 'cc' ? { ...p, name: 'Lina Roux' } : p)) }, lang);
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toMatchObject({
        msgType: 'organigramme-conflict',
        msg:
          lang === 'fr'
            ? "Quelqu'un a modifié cet organigramme depuis que vous l'avez ouvert : rien n'a été enregistré. Comparez ses changements aux vôtres."
            : 'Someone changed this organisation chart since you opened it: nothing was saved. Compare their changes with yours.',
        details: theirs,
      });
    }
    expect((await charts(manager, companyId, 'construction'))[0]).toEqual(theirs);

    // Drawn from version 2, the rename goes through and the officer stays.
    const merged = await call(second, 'PUT', url(companyId, 'construction'), { version: 2, positions: theirs.positions.map((p) => (p._id === 'cc' ? { ...p, name: 'Lina Roux' } : p)) });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = (merged.json() as { details: Chart }).details;
    expect(after.version).toBe(3);
    expect(after.positions.map((p) => p.name)).toEqual([...siteTeam().map((p) => (p._id === 'cc' ? 'Lina Roux' : p.name)), 'Inès Barbier']);
  });

  it('lets one of two simultaneous replaces of the same version through, the other gets 409', async () => {
    const { manager, companyId } = await staff();
    await call(manager, 'POST', url(companyId), { type: 'normal', positions: siteTeam() });
    const results = await Promise.all(
      ['Alice', 'Bruno'].map((name) => call(manager, 'PUT', url(companyId, 'normal'), { version: 1, positions: siteTeam().map((p) => (p._id === 'dt' ? { ...p, name } : p)) })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await charts(manager, companyId, 'normal'))[0]!.version).toBe(2);
  });

  it('refuses a replace without a version, or with one out of range, by the contract', async () => {
    const { manager, companyId } = await staff();
    await call(manager, 'POST', url(companyId), { type: 'normal', positions: siteTeam() });
    for (const version of [undefined, 0, 2 ** 31, 1.5, '1']) {
      const res = await call(manager, 'PUT', url(companyId, 'normal'), { positions: siteTeam().slice(0, 1), version });
      expect(res.statusCode).toBe(400);
    }
    expect((await charts(manager, companyId, 'normal'))[0]).toMatchObject({ version: 1, positions: siteTeam().map((p) => ({ ...p, contact: p.contact ?? '' })) });
  });
});

describe('who reaches which chart', () => {
  it('lets employees read their company charts but not write them (403)', async () => {
    const { manager, employee, companyId } = await staff();
    await call(manager, 'POST', url(companyId), {
      type: 'construction',
      positions: siteTeam(),
    });
    expect(await charts(employee, companyId)).toHaveLength(1);
    expect(
      (
        await call(employee, 'POST', url(companyId), {
          type: 'normal',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(employee, 'PUT', url(companyId, 'construction'), { version: 1,
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(employee, 'DELETE', url(companyId, 'construction'))).statusCode).toBe(403);
  });

  it("answers 404 to another company's staff and for an unknown company, and lets admins draw any company's chart", async () => {
    const own = await staff();
    const other = await staff();
    const admin = await createUser(ctx, 'admin');
    await call(own.manager, 'POST', url(own.companyId), {
      type: 'normal',
      positions: siteTeam(),
    });
    for (const user of [other.manager, other.employee]) expect((await call(user, 'GET', url(own.companyId))).statusCode).toBe(404);
    expect(
      (
        await call(other.manager, 'POST', url(own.companyId), {
          type: 'construction',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(other.manager, 'PUT', url(own.companyId, 'normal'), { version: 1,
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(other.manager, 'DELETE', url(own.companyId, 'normal'))).statusCode).toBe(404);
    expect((await call(admin, 'GET', url(randomUUID()))).statusCode).toBe(404);
    expect(
      (
        await call(admin, 'POST', url(randomUUID()), {
          type: 'normal',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (
        await call(admin, 'POST', url(own.companyId), {
          type: 'construction',
          positions: siteTeam(),
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(admin, 'PUT', url(own.companyId, 'global'), { version: 1,
          positions: siteTeam().slice(0, 1),
        })
      ).statusCode,
    ).toBe(200);
    expect((await charts(own.employee, own.companyId)).map((c) => [c.type, c.positions.length])).toEqual([
      ['normal', 1],
      ['construction', 4],
    ]);
  });
});

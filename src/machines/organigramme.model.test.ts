import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { conflictChanges, mergedPositions, organigrammeMachine, type OrganigrammeReplace, type OrganigrammeWrite } from './organigramme.machine';
import type { Organigramme, OrganigrammeKind } from './organigramme-slots';
import type { RequestSuccess } from '../common/request-result';

// What a manager sees of the company's construction chart: a wait, nothing drawn yet, a chart, a
// request on its way, the success message until it is acknowledged, a refusal with its message, and
// a replace refused because another manager saved meanwhile (lost update): take theirs or merge.
const userModel = createMachine({
  id: 'organigrammeModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'server.loadedEmpty': 'empty',
        'server.loadedList': 'drawn',
        'server.loadFailed': 'loadFailed',
      },
    },
    loadFailed: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.create': 'creating' } },
    creating: {
      on: {
        'server.created': 'createdShown',
        'server.refused': 'createRefused',
      },
    },
    createRefused: { on: { 'user.create': 'creating', 'user.reset': 'empty' } },
    createdShown: { on: { 'user.reset': 'drawn', 'user.update': 'updating' } },
    drawn: { on: { 'user.update': 'updating', 'user.delete': 'deleting' } },
    updating: {
      on: {
        'server.updated': 'updatedShown',
        'server.refused': 'updateRefused',
        'server.conflicts': 'conflict',
      },
    },
    conflict: { on: { 'user.reload': 'drawn', 'user.merge': 'updating' } },
    updateRefused: { on: { 'user.reset': 'drawn' } },
    updatedShown: { on: { 'user.reset': 'drawn' } },
    deleting: { on: { 'server.deleted': 'deletedShown' } },
    deletedShown: { on: { 'user.reset': 'empty' } },
  },
});

const COMPANY = '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f';
const positions = [
  {
    _id: 'dt',
    parentId: null,
    title: 'Directeur de travaux',
    name: 'Marc Lefèvre',
    contact: '06 12 34 56 78',
  },
  {
    _id: 'cc',
    parentId: 'dt',
    title: 'Chef de chantier',
    name: 'Paul Roux',
    contact: '',
  },
];
const chart = (type: string, names = positions): Organigramme =>
  ({
    _id: `chart-${type}`,
    companyId: COMPANY,
    type,
    positions: names,
    version: 1,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
  }) as Organigramme;
const renamed = positions.map((p) => (p._id === 'cc' ? { ...p, name: 'Lina Roux' } : p));
// What another manager saved meanwhile (version 2): a safety coordinator added, the director's phone changed.
const theirs = {
  ...chart('construction', [{ ...positions[0]!, contact: '06 98 76 54 32' }, positions[1]!, { _id: 'sps', parentId: 'dt', title: 'Coordinateur SPS', name: 'Inès Barbier', contact: '' }]),
  version: 2,
} as Organigramme;

type Pending<I, O> = {
  input: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
};
function start() {
  const loads: Pending<{ companyId: string }, unknown>[] = [];
  const creates: Pending<OrganigrammeWrite, RequestSuccess<Organigramme>>[] = [];
  const replaces: Pending<OrganigrammeReplace, RequestSuccess<Organigramme>>[] = [];
  const deletes: Pending<{ companyId: string; type: OrganigrammeKind }, RequestSuccess<{ type: OrganigrammeKind }>>[] = [];
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const logic = organigrammeMachine.provide({
    actors: {
      getOrganigrammes: fromPromise(pending(loads)),
      createOrganigramme: fromPromise(pending(creates)),
      replaceOrganigramme: fromPromise(pending(replaces)),
      deleteOrganigramme: fromPromise(pending(deletes)),
    },
  });
  const actor = createActor(logic, { input: { companyId: COMPANY } }).start();
  return { actor, loads, creates, replaces, deletes };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('organigramme machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, loads, creates, replaces, deletes } = start();
      const snapshot = () => actor.getSnapshot();
      let chartBeforeUpdate: Organigramme | null = null;
      /** The replace the server must receive next. */
      let replace: OrganigrammeReplace | null = null;
      const refusal = {
        message: 'Un poste ne peut pas dépendre de lui-même, même indirectement.',
        msgType: 'organigramme-cycle',
        status: 400,
        details: { positionIds: ['cc'] },
      };
      await path.test({
        events: {
          'server.loadedEmpty': async () => {
            loads.at(-1)!.resolve({ organigrammes: [] });
            await flush();
          },
          // A plain list, in the spec's spelling: chantier fills the construction slot.
          'server.loadedList': async () => {
            loads.at(-1)!.resolve([chart('chantier')]);
            await flush();
          },
          'server.loadFailed': async () => {
            loads.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.retry': () => actor.send({ type: 'organigramme.retry' }),
          'user.create': () =>
            actor.send({
              type: 'organigramme.create',
              kind: 'construction',
              positions,
            }),
          'user.update': () => {
            chartBeforeUpdate = snapshot().context.charts.construction;
            replace = { companyId: COMPANY, type: 'construction', positions: renamed, version: chartBeforeUpdate!.version };
            actor.send({
              type: 'organigramme.update',
              kind: 'construction',
              positions: renamed,
            });
          },
          'server.conflicts': async () => {
            replaces.at(-1)!.reject({ message: "Quelqu'un a modifié cet organigramme depuis que vous l'avez ouvert.", msgType: 'organigramme-conflict', status: 409, details: theirs });
            await flush();
          },
          'user.reload': () => actor.send({ type: 'organigramme.conflict.reload' }),
          'user.merge': () => {
            // The merge itself is checked against fixed charts below; here, that it is what is sent.
            replace = { companyId: COMPANY, type: 'construction', positions: mergedPositions(snapshot().context.conflict!), version: 2 };
            chartBeforeUpdate = theirs;
            actor.send({ type: 'organigramme.conflict.merge' });
          },
          'user.delete': () => actor.send({ type: 'organigramme.delete', kind: 'construction' }),
          'user.reset': () => actor.send({ type: 'organigramme.reset' }),
          'server.created': async () => {
            creates.at(-1)!.resolve({
              message: 'Organigramme créé.',
              data: chart('construction'),
            });
            await flush();
          },
          'server.updated': async () => {
            replaces.at(-1)!.resolve({
              message: 'Organigramme enregistré.',
              data: chart('construction', renamed),
            });
            await flush();
          },
          'server.deleted': async () => {
            deletes.at(-1)!.resolve({
              message: 'Organigramme supprimé.',
              data: { type: 'construction' },
            });
            await flush();
          },
          'server.refused': async () => {
            (snapshot().matches({ ready: 'creating' }) ? creates : replaces).at(-1)!.reject(refusal);
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(loads.at(-1)!.input).toEqual({ companyId: COMPANY });
          },
          loadFailed: () => {
            expect(snapshot().value).toBe('loadFailed');
            expect(snapshot().context.error).toMatchObject({
              message: 'Erreur interne du serveur.',
            });
          },
          empty: () => {
            expect(snapshot().matches({ ready: 'idle' })).toBe(true);
            expect(snapshot().context).toMatchObject({
              charts: { normal: null, construction: null },
              success: null,
              error: null,
            });
          },
          creating: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(creates.at(-1)!.input).toEqual({
              companyId: COMPANY,
              type: 'construction',
              positions,
            });
            // One request at a time.
            expect(
              snapshot().can({
                type: 'organigramme.delete',
                kind: 'construction',
              }),
            ).toBe(false);
          },
          createRefused: () => {
            expect(snapshot().matches({ ready: 'idle' })).toBe(true);
            expect(snapshot().context.error).toEqual(refusal);
            expect(snapshot().context.charts.construction).toBeNull();
            expect(snapshot().context.success).toBeNull();
          },
          createdShown: () => {
            expect(snapshot().context.success).toEqual({
              action: 'created',
              type: 'construction',
              message: 'Organigramme créé.',
            });
            expect(snapshot().context.charts.construction?.positions).toEqual(positions);
          },
          drawn: () => {
            expect(snapshot().matches({ ready: 'idle' })).toBe(true);
            expect(snapshot().context.success).toBeNull();
            expect(snapshot().context.error).toBeNull();
            expect(snapshot().context.charts.construction).toMatchObject({
              type: 'construction',
            });
            expect(snapshot().context.charts.normal).toBeNull();
          },
          updating: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            // The positions go with the version they were drawn from (the merged ones with theirs).
            expect(replaces.at(-1)!.input).toEqual(replace);
          },
          conflict: () => {
            expect(snapshot().matches({ ready: 'conflict' })).toBe(true);
            expect(snapshot().context.error).toMatchObject({ msgType: 'organigramme-conflict' });
            // Nothing is lost while the user decides: the chart shown, the draft and theirs are all kept.
            expect(snapshot().context.charts.construction).toBe(chartBeforeUpdate);
            expect(snapshot().context.conflict).toEqual({ kind: 'construction', base: chartBeforeUpdate, draft: replace!.positions, theirs });
            expect(snapshot().can({ type: 'organigramme.delete', kind: 'construction' })).toBe(false);
            // Acknowledging the message does not dismiss the choice.
            actor.send({ type: 'organigramme.reset' });
            expect(snapshot().matches({ ready: 'conflict' })).toBe(true);
          },
          updateRefused: () => {
            expect(snapshot().context.error).toMatchObject({
              msgType: 'organigramme-cycle',
            });
            // The chart on screen stays the saved one.
            expect(snapshot().context.charts.construction).toBe(chartBeforeUpdate);
          },
          updatedShown: () => {
            expect(snapshot().context.success).toEqual({
              action: 'updated',
              type: 'construction',
              message: 'Organigramme enregistré.',
            });
            expect(snapshot().context.charts.construction?.positions.find((p) => p._id === 'cc')?.name).toBe('Lina Roux');
          },
          deleting: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(deletes.at(-1)!.input).toEqual({
              companyId: COMPANY,
              type: 'construction',
            });
          },
          deletedShown: () => {
            expect(snapshot().context.success).toEqual({
              action: 'deleted',
              type: 'construction',
              message: 'Organigramme supprimé.',
            });
            expect(snapshot().context.charts.construction).toBeNull();
          },
        },
      });
    });
  }
});

describe('a lost update, compared and merged', () => {
  const conflict = { kind: 'construction' as const, base: chart('construction'), draft: renamed, theirs };

  it('shows what the other manager changed and what the user changed, each against the chart the draft was drawn from', () => {
    const { theirs: other, mine } = conflictChanges(conflict);
    expect(other.added.map((p) => p.title)).toEqual(['Coordinateur SPS']);
    expect(other.changed.map((p) => p.title)).toEqual(['Directeur de travaux']);
    expect(other.removed).toEqual([]);
    expect(mine.changed.map((p) => p.name)).toEqual(['Lina Roux']);
    expect([...mine.added, ...mine.removed]).toEqual([]);
  });

  it("reapplies the user's changes onto theirs, dropping nobody's work", () => {
    expect(mergedPositions(conflict)).toEqual([{ ...positions[0], contact: '06 98 76 54 32' }, { ...positions[1], name: 'Lina Roux' }, theirs.positions[2]]);
  });

  it('hangs a position the user added under a superior the other removed onto the nearest superior still there', () => {
    const base = chart('construction', [...positions, { _id: 'ce', parentId: 'cc', title: "Chef d'équipe", name: 'Hugo Petit', contact: '' }]);
    const draft = [...base.positions, { _id: 'new', parentId: 'ce', title: 'Compagnon', name: 'Léa Morel', contact: '' }];
    const removed = { ...chart('construction', positions), version: 2 } as Organigramme;
    expect(mergedPositions({ kind: 'construction', base, draft, theirs: removed })).toEqual([...positions, { _id: 'new', parentId: 'cc', title: 'Compagnon', name: 'Léa Morel', contact: '' }]);
  });
});

describe('two managers drawing the same kind at once', () => {
  // Mine: a different team, drawn from nothing while the other manager's chart (version 1) was saved.
  const mine = [
    { _id: 'm-dt', parentId: null, title: 'Directrice de travaux', name: 'Anne Colin', contact: '' },
    { _id: 'm-qse', parentId: 'm-dt', title: 'Responsable QSE', name: 'Yanis Faure', contact: '' },
  ];

  it('answers the refused creation with both charts, then saves mine under theirs with their version', async () => {
    const { actor, loads, creates, replaces } = start();
    loads.at(-1)!.resolve({ organigrammes: [] });
    await flush();
    actor.send({ type: 'organigramme.create', kind: 'construction', positions: mine });
    await flush();
    const saved = chart('construction');
    creates.at(-1)!.reject({ message: 'Cette entreprise a déjà un organigramme de ce type.', msgType: 'organigramme-already_exists', status: 409, details: saved });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: 'conflict' })).toBe(true);
    const { theirs: other, mine: own } = conflictChanges(snapshot.context.conflict!);
    expect(other.added.map((p) => p.title)).toEqual(['Directeur de travaux', 'Chef de chantier']);
    expect(own.added.map((p) => p.title)).toEqual(['Directrice de travaux', 'Responsable QSE']);

    actor.send({ type: 'organigramme.conflict.merge' });
    await flush();
    // One tree: my top position now reports to the saved chart's.
    expect(replaces.at(-1)!.input).toEqual({
      companyId: COMPANY,
      type: 'construction',
      version: 1,
      positions: [...positions, { ...mine[0], parentId: 'dt' }, mine[1]],
    });
  });

  it('keeps a refusal without the saved chart a plain error', async () => {
    const { actor, loads, creates } = start();
    loads.at(-1)!.resolve({ organigrammes: [] });
    await flush();
    actor.send({ type: 'organigramme.create', kind: 'construction', positions: mine });
    await flush();
    creates.at(-1)!.reject({ message: 'Cette entreprise a déjà un organigramme de ce type.', msgType: 'organigramme-already_exists', status: 409 });
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ conflict: null, draft: null, error: { msgType: 'organigramme-already_exists' } });
  });
});

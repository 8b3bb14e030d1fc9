import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { sectionMetaMachine, type CctpRequirement, type MemoryRequirement, type MemorySection, type RequirementTick, type SectionAdd, type SectionMetaSave } from './section-meta.machine';
import type { RequestSuccess } from '../common/request-result';

// What the writer sees of a section's details and the outline's changes: nothing on its way; a
// title, status or writer being saved (saved, refused, or someone saved first: the saved section
// shown with the message); a section being added or removed; a requirement ticked covered or back.
const userModel = createMachine({
  id: 'sectionMetaModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.rename': 'saving', 'user.add': 'adding', 'user.delete': 'deleting', 'user.tick': 'ticking' } },
    saving: { on: { 'server.saved': 'idle', 'server.conflicts': 'conflicted', 'server.fails': 'failed' } },
    adding: { on: { 'server.added': 'idle', 'server.fails': 'failed' } },
    deleting: { on: { 'server.deleted': 'idle', 'server.fails': 'failed' } },
    ticking: { on: { 'server.ticked': 'idle', 'server.fails': 'failed' } },
    conflicted: { on: { 'user.dismiss': 'idle', 'user.rename': 'saving' } },
    failed: { on: { 'user.dismiss': 'idle', 'user.tick': 'ticking' } },
  },
});

const MEMORY = '5c4e7a10-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const SECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const ANALYSIS = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
const REQUIREMENT = '2c3d4e5f-6071-4829-93a4-b5c6d7e8f9a0';
const section = (overrides: Partial<MemorySection> = {}): MemorySection => ({
  _id: SECTION,
  title: 'Moyens humains',
  order: 4,
  level: 1,
  content: { type: 'doc', content: [] },
  text: '',
  criterion: null,
  requirementIds: [REQUIREMENT],
  status: 'draft',
  assigneeId: null,
  version: 3,
  source: 'staff',
  resourcesHash: null,
  updatedAt: '2026-11-24T08:00:00.000Z',
  ...overrides,
});
const requirement: MemoryRequirement = { _id: REQUIREMENT, analysisId: ANALYSIS, text: 'Un technicien certifié sur site', fileName: 'CCTP.pdf', page: 4, status: 'todo' };

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const pending = <I, O>(into: Pending<I, O>[]) => fromPromise(({ input }: { input: I }) => new Promise<O>((resolve, reject) => into.push({ input, resolve, reject })));

function start() {
  const saves: Pending<SectionMetaSave, RequestSuccess<MemorySection>>[] = [];
  const adds: Pending<SectionAdd, RequestSuccess<MemorySection>>[] = [];
  const deletes: Pending<{ memoryId: string; sectionId: string }, { message: string }>[] = [];
  const ticks: Pending<RequirementTick, RequestSuccess<CctpRequirement>>[] = [];
  const told: { saved: MemorySection[]; added: MemorySection[]; deleted: string[]; ticked: { requirementId: string; status: string }[] } = { saved: [], added: [], deleted: [], ticked: [] };
  const logic = sectionMetaMachine.provide({
    actors: { updateMemorySection: pending(saves), addMemorySection: pending(adds), deleteMemorySection: pending(deletes), updateCctpRequirement: pending(ticks) },
    actions: {
      sectionSaved: (_, p) => void told.saved.push(p.section),
      sectionAdded: (_, p) => void told.added.push(p.section),
      sectionDeleted: (_, p) => void told.deleted.push(p.sectionId),
      requirementSaved: (_, p) => void told.ticked.push(p),
    },
  });
  return { actor: createActor(logic).start(), saves, adds, deletes, ticks, told };
}

describe('section meta machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 4)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, saves, adds, deletes, ticks, told } = start();
      const snapshot = () => actor.getSnapshot();
      const theirs = section({ title: 'Équipe', status: 'to_review', version: 7 });
      let shown = section();
      let renamed = 0;
      let ticked = 0;
      await path.test({
        events: {
          'user.rename': () => actor.send({ type: 'meta.save', memoryId: MEMORY, section: shown, patch: { title: `Titre ${++renamed}` } }),
          'user.add': () => actor.send({ type: 'meta.add', memoryId: MEMORY, title: 'Sécurité sur site', level: 2, position: 5 }),
          'user.delete': () => actor.send({ type: 'meta.delete', memoryId: MEMORY, sectionId: SECTION }),
          'user.tick': () => actor.send({ type: 'meta.tick', requirement, covered: ++ticked % 2 === 1 }),
          'user.dismiss': () => actor.send({ type: 'meta.dismiss' }),
          'server.saved': async () => {
            const sent = saves.at(-1)!.input;
            shown = section({ title: sent.patch.title!, version: sent.patch.version + 1 });
            saves.at(-1)!.resolve({ message: 'Section enregistrée.', data: shown });
            await flush();
          },
          'server.conflicts': async () => {
            saves.at(-1)!.reject({ message: "Quelqu'un a enregistré cette section avant vous.", msgType: 'memory-section_conflict', status: 409, details: theirs });
            shown = theirs;
            await flush();
          },
          'server.fails': async () => {
            const target = snapshot().matches('saving') ? saves.at(-1)! : snapshot().matches('adding') ? adds.at(-1)! : snapshot().matches('deleting') ? deletes.at(-1)! : ticks.at(-1)!;
            target.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'server.added': async () => {
            adds.at(-1)!.resolve({ message: 'Section ajoutée.', data: section({ _id: 'new', title: 'Sécurité sur site', order: 5, level: 2, version: 1 }) });
            await flush();
          },
          'server.deleted': async () => {
            deletes.at(-1)!.resolve({ message: 'Section supprimée.' });
            await flush();
          },
          'server.ticked': async () => {
            const sent = ticks.at(-1)!.input;
            ticks.at(-1)!.resolve({ message: 'Exigence mise à jour.', data: { _id: sent.reqId, status: sent.status } as CctpRequirement });
            await flush();
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().hasTag('busy')).toBe(false);
          },
          saving: () => {
            expect(snapshot().value).toBe('saving');
            expect(snapshot().hasTag('busy')).toBe(true);
            // The change names the version the section was shown at (the saved one after a conflict).
            expect(saves.at(-1)!.input).toEqual({ memoryId: MEMORY, sectionId: SECTION, patch: { title: `Titre ${renamed}`, version: shown.version } });
          },
          adding: () => {
            expect(snapshot().value).toBe('adding');
            expect(adds.at(-1)!.input).toEqual({ memoryId: MEMORY, body: { title: 'Sécurité sur site', level: 2, position: 5 } });
          },
          deleting: () => {
            expect(snapshot().value).toBe('deleting');
            expect(deletes.at(-1)!.input).toEqual({ memoryId: MEMORY, sectionId: SECTION });
          },
          ticking: () => {
            expect(snapshot().value).toBe('ticking');
            expect(snapshot().context.pending?.requirementId).toBe(REQUIREMENT);
            expect(ticks.at(-1)!.input).toEqual({ id: ANALYSIS, reqId: REQUIREMENT, status: ticked % 2 === 1 ? 'covered' : 'todo' });
          },
          conflicted: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.error?.msgType).toBe('memory-section_conflict');
            expect(told.saved.at(-1), 'the memory shows the section as saved by the other').toEqual(theirs);
          },
          failed: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.error?.status).toBe(500);
            expect(snapshot().context.pending).toBeNull();
          },
        },
      });
    });
  }

  it('tells the memory what each change became', async () => {
    const { actor, saves, adds, deletes, ticks, told } = start();
    actor.send({ type: 'meta.save', memoryId: MEMORY, section: section(), patch: { status: 'to_review' } });
    saves[0]!.resolve({ message: 'ok', data: section({ status: 'to_review', version: 4 }) });
    await flush();
    actor.send({ type: 'meta.add', memoryId: MEMORY, title: 'Sécurité', level: 1, position: 5 });
    adds[0]!.resolve({ message: 'ok', data: section({ _id: 'new', title: 'Sécurité', order: 5 }) });
    await flush();
    actor.send({ type: 'meta.tick', requirement, covered: true });
    ticks[0]!.resolve({ message: 'ok', data: { _id: REQUIREMENT, status: 'covered' } as CctpRequirement });
    await flush();
    actor.send({ type: 'meta.delete', memoryId: MEMORY, sectionId: 'new' });
    deletes[0]!.resolve({ message: 'ok' });
    await flush();
    expect(told.saved.map((s) => [s.status, s.version])).toEqual([['to_review', 4]]);
    expect(told.added.map((s) => s.title)).toEqual(['Sécurité']);
    expect(told.ticked).toEqual([{ requirementId: REQUIREMENT, status: 'covered' }]);
    expect(told.deleted).toEqual(['new']);
    // One change at a time: another while one is on its way is not sent.
    actor.send({ type: 'meta.save', memoryId: MEMORY, section: section(), patch: { title: 'A' } });
    actor.send({ type: 'meta.save', memoryId: MEMORY, section: section(), patch: { title: 'B' } });
    expect(saves).toHaveLength(2);
  });
});

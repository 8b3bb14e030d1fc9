import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { memoryMachine, type Memory, type MemoryAnalysis, type MemoryCreate, type MemoryListing, type MemorySection, type MemorySummary, type MemoryVersion } from './memory.machine';
import type { RequestSuccess } from '../common/request-result';

// What a writer sees of a tender's technical memory: a wait, none yet (create it from the DCE
// analysis or blank; without an analysis, told so), the memory with a section selected, the
// analysis running then its scores, a stale section updated, the versions listed, one kept, one
// restored.
const userModel = createMachine({
  id: 'memoryModel',
  initial: 'loadingList',
  states: {
    loadingList: { on: { 'server.listed': 'loadingMemory', 'server.listedNone': 'empty', 'server.listFailed': 'listFailed' } },
    listFailed: { on: { 'user.retry': 'loadingList' } },
    empty: { on: { 'user.createFromAnalysis': 'creating', 'user.createBlank': 'creating' } },
    creating: { on: { 'server.created': 'ready', 'server.noAnalysis': 'noAnalysis' } },
    noAnalysis: { on: { 'user.createBlank': 'creating' } },
    loadingMemory: { on: { 'server.loaded': 'ready', 'server.loadFailed': 'loadFailed' } },
    loadFailed: { on: { 'user.retry': 'loadingMemory' } },
    ready: { on: { 'user.select': 'ready', 'user.analyse': 'analysing', 'user.refresh': 'refreshing', 'user.openVersions': 'versionsLoading' } },
    analysing: { on: { 'server.analysed': 'analysed', 'server.analysisFailed': 'analysisFailed' } },
    analysed: { on: { 'user.analyse': 'analysing' } },
    analysisFailed: { on: { 'user.analyse': 'analysing' } },
    refreshing: { on: { 'server.refreshed': 'ready' } },
    versionsLoading: { on: { 'server.versionsListed': 'versionsOpen' } },
    versionsOpen: { on: { 'user.keepVersion': 'keepingVersion', 'user.restore': 'restoring', 'user.closeVersions': 'ready' } },
    keepingVersion: { on: { 'server.versionKept': 'versionsOpen' } },
    restoring: { on: { 'server.restored': 'versionsLoading' } },
  },
});

const TENDER = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const MEMORY = '5c4e7a10-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const S1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const S2 = 'aaaaaaaa-0000-4000-8000-000000000002';
const STAFF = 'aaaaaaaa-0000-4000-8000-000000000003';
const doc = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
const section = (id: string, title: string, overrides: Partial<MemorySection> = {}): MemorySection => ({
  _id: id,
  title,
  order: 0,
  level: 2,
  content: doc(title),
  text: title,
  criterion: { name: 'Performances techniques du système', weight: 40, subCriterion: title, subWeight: 20 },
  requirementIds: [],
  status: 'draft',
  assigneeId: null,
  version: 1,
  source: 'criteria',
  resourcesHash: null,
  updatedAt: '2026-11-24T08:00:00.000Z',
  ...overrides,
});
const memory = (overrides: Partial<Memory> = {}): Memory => ({
  _id: MEMORY,
  tenderId: TENDER,
  companyId: '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f',
  title: 'Mémoire technique',
  status: 'draft',
  limits: null,
  notes: [],
  sections: [
    section(S1, 'Finesse de structuration laser'),
    section(S2, 'Performances du procédé'),
    section(STAFF, 'Moyens humains', { criterion: null, source: 'staff', resourcesHash: 'h1' }),
  ],
  requirements: [],
  version: 1,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  stale: [{ sectionId: STAFF, source: 'staff' }],
  score: null,
  analysedAt: null,
  assist: 'template',
  ...overrides,
});
const summary: MemorySummary = { _id: MEMORY, tenderId: TENDER, title: 'Mémoire technique', status: 'draft', sectionsCount: 3, words: 10, score: null, updatedAt: '2026-11-24T08:00:00.000Z', version: 1 };
const analysis: MemoryAnalysis = { mode: 'rules', analysedAt: '2026-11-24T09:00:00.000Z', total: { score: 31.5, max: 60 }, words: 10, reasons: [], criteria: [] };
const version = (id: string): MemoryVersion => ({ _id: id, createdAt: '2026-11-24T08:30:00.000Z', author: null, reason: 'manual', words: 10 });

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const calls = {
    list: [] as Pending<{ tenderId: string }, MemoryListing>[],
    create: [] as Pending<MemoryCreate, RequestSuccess<Memory>>[],
    get: [] as Pending<{ id: string }, Memory>[],
    refresh: [] as Pending<{ memoryId: string; sectionId: string }, RequestSuccess<MemorySection>>[],
    versions: [] as Pending<{ memoryId: string }, MemoryVersion[]>[],
    keep: [] as Pending<{ memoryId: string }, RequestSuccess<MemoryVersion>>[],
    restore: [] as Pending<{ memoryId: string; versionId: string }, RequestSuccess<Memory>>[],
    analyse: [] as Pending<{ memoryId: string }, { summary: MemorySummary; analysis: MemoryAnalysis }>[],
  };
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const logic = memoryMachine.provide({
    actors: {
      listMemories: fromPromise(pending(calls.list)),
      createMemory: fromPromise(pending(calls.create)),
      getMemory: fromPromise(pending(calls.get)),
      refreshMemorySection: fromPromise(pending(calls.refresh)),
      listMemoryVersions: fromPromise(pending(calls.versions)),
      createMemoryVersion: fromPromise(pending(calls.keep)),
      restoreMemoryVersion: fromPromise(pending(calls.restore)),
      analyseMemory: fromPromise(pending(calls.analyse)),
    },
  });
  const actor = createActor(logic, { input: { tenderId: TENDER }, clock: new SimulatedClock() }).start();
  return { actor, calls };
}

describe('memory machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 8)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls } = start();
      const snapshot = () => actor.getSnapshot();
      const settle = async <I, O>(list: Pending<I, O>[], value: O) => {
        list.at(-1)!.resolve(value);
        await flush();
      };
      const refuse = async <I, O>(list: Pending<I, O>[], error: unknown) => {
        list.at(-1)!.reject(error);
        await flush();
      };
      let selected = S1;
      let restoredRevision = 0;
      await path.test({
        events: {
          'server.listed': () => settle(calls.list, { memories: [summary], frames: [] }),
          'server.listedNone': () => settle(calls.list, { memories: [], frames: [] }),
          'server.listFailed': () => refuse(calls.list, { message: 'Erreur interne du serveur.', status: 500 }),
          'user.retry': () => actor.send({ type: 'memory.retry' }),
          'user.createFromAnalysis': () => actor.send({ type: 'memory.create', from: 'analysis' }),
          'user.createBlank': () => actor.send({ type: 'memory.create', from: 'blank' }),
          'server.created': () => settle(calls.create, { message: 'Mémoire technique créé.', data: memory() }),
          'server.noAnalysis': () => refuse(calls.create, { message: 'Aucune analyse du DCE terminée…', msgType: 'memory-no_analysis', status: 409 }),
          'server.loaded': () => settle(calls.get, memory()),
          'server.loadFailed': () => refuse(calls.get, { message: 'Erreur interne du serveur.', status: 500 }),
          'user.select': () => {
            selected = selected === S1 ? S2 : S1;
            actor.send({ type: 'memory.select', sectionId: selected });
          },
          'user.analyse': () => actor.send({ type: 'memory.analyse' }),
          'server.analysed': () => settle(calls.analyse, { summary: { ...summary, score: analysis.total }, analysis }),
          'server.analysisFailed': () => refuse(calls.analyse, { message: 'Erreur interne du serveur.', status: 500 }),
          'user.refresh': () => actor.send({ type: 'memory.refresh', sectionId: STAFF }),
          'server.refreshed': () => settle(calls.refresh, { message: 'Section mise à jour.', data: section(STAFF, 'Moyens humains', { criterion: null, source: 'staff', resourcesHash: 'h2', version: 2 }) }),
          'user.openVersions': () => actor.send({ type: 'memory.versions.open' }),
          'server.versionsListed': () => settle(calls.versions, [version('v1')]),
          'user.keepVersion': () => actor.send({ type: 'memory.version.create' }),
          'server.versionKept': () => settle(calls.keep, { message: 'Version enregistrée.', data: version('v2') }),
          'user.restore': () => {
            restoredRevision = snapshot().context.revision + 1;
            actor.send({ type: 'memory.version.restore', versionId: 'v1' });
          },
          'server.restored': () => settle(calls.restore, { message: 'Version restaurée.', data: memory({ version: 2, sections: [section(S2, 'Performances du procédé', { version: 5 })], stale: [] }) }),
          'user.closeVersions': () => actor.send({ type: 'memory.versions.close' }),
        },
        states: {
          loadingList: () => {
            expect(snapshot().value).toBe('loadingList');
            expect(calls.list.at(-1)!.input).toEqual({ tenderId: TENDER });
          },
          listFailed: () => expect(snapshot().value).toBe('listFailed'),
          empty: () => {
            expect(snapshot().value).toBe('empty');
            expect(snapshot().context.error).toBeNull();
            expect(snapshot().can({ type: 'memory.create', from: 'blank' })).toBe(true);
          },
          creating: () => {
            expect(snapshot().value).toBe('creating');
            expect(['analysis', 'blank']).toContain(calls.create.at(-1)!.input.body.from);
            expect(calls.create.at(-1)!.input.tenderId).toBe(TENDER);
          },
          noAnalysis: () => {
            expect(snapshot().value).toBe('empty');
            expect(snapshot().context.error?.msgType).toBe('memory-no_analysis');
          },
          loadingMemory: () => {
            expect(snapshot().value).toBe('loadingMemory');
            expect(calls.get.at(-1)!.input).toEqual({ id: MEMORY });
          },
          loadFailed: () => expect(snapshot().value).toBe('loadFailed'),
          ready: () => {
            expect(snapshot().matches({ ready: { work: 'idle', analysis: 'idle', versions: 'closed' } })).toBe(true);
            expect(snapshot().context.memory?._id).toBe(MEMORY);
            const ids = snapshot().context.memory!.sections.map((s) => s._id);
            expect(ids).toContain(snapshot().context.selectedSectionId);
            if (ids.includes(selected)) expect(snapshot().context.selectedSectionId).toBe(selected);
          },
          analysing: () => {
            expect(snapshot().matches({ ready: { analysis: 'running' } })).toBe(true);
            expect(calls.analyse.at(-1)!.input).toEqual({ memoryId: MEMORY });
          },
          analysed: () => {
            expect(snapshot().matches({ ready: { analysis: 'idle' } })).toBe(true);
            expect(snapshot().context.analysis).toEqual(analysis);
            expect(snapshot().context.memory!.score).toEqual({ score: 31.5, max: 60 });
          },
          analysisFailed: () => {
            expect(snapshot().matches({ ready: { analysis: 'idle' } })).toBe(true);
            expect(snapshot().context.error?.status).toBe(500);
          },
          refreshing: () => {
            expect(snapshot().matches({ ready: { work: 'refreshing' } })).toBe(true);
            expect(calls.refresh.at(-1)!.input).toEqual({ memoryId: MEMORY, sectionId: STAFF });
          },
          versionsLoading: () => {
            expect(snapshot().matches({ ready: { versions: 'loading' } })).toBe(true);
            if (restoredRevision) {
              expect(snapshot().context.revision, 'the editors reload the restored text').toBe(restoredRevision);
              expect(snapshot().context.selectedSectionId, 'a section that no longer exists is not kept').toBe(S2);
            }
          },
          versionsOpen: () => {
            expect(snapshot().matches({ ready: { versions: 'open' } })).toBe(true);
            expect(snapshot().context.versions!.map((v) => v._id)).toContain('v1');
          },
          keepingVersion: () => expect(snapshot().matches({ ready: { versions: 'keeping' } })).toBe(true),
          restoring: () => {
            expect(snapshot().matches({ ready: { versions: 'restoring' } })).toBe(true);
            expect(calls.restore.at(-1)!.input).toEqual({ memoryId: MEMORY, versionId: 'v1' });
          },
        },
      });
    });
  }

  it('an updated stale section is no longer stale and replaces the old one', async () => {
    const { actor, calls } = start();
    calls.list[0]!.resolve({ memories: [summary], frames: [] });
    await flush();
    calls.get[0]!.resolve(memory());
    await flush();
    actor.send({ type: 'memory.refresh', sectionId: STAFF });
    calls.refresh[0]!.resolve({ message: 'ok', data: section(STAFF, 'Moyens humains', { text: 'Nouveau', version: 2 }) });
    await flush();
    const { memory: m, revision } = actor.getSnapshot().context;
    expect(m!.stale).toEqual([]);
    expect(m!.sections.find((s) => s._id === STAFF)).toMatchObject({ text: 'Nouveau', version: 2 });
    expect(revision).toBe(2);
  });

  it('a saved section replaces its copy in the memory', async () => {
    const { actor, calls } = start();
    calls.list[0]!.resolve({ memories: [summary], frames: [] });
    await flush();
    calls.get[0]!.resolve(memory());
    await flush();
    actor.send({ type: 'memory.section.saved', section: section(S2, 'Performances du procédé', { text: 'Enregistré', version: 4 }) });
    expect(actor.getSnapshot().context.memory!.sections.find((s) => s._id === S2)).toMatchObject({ text: 'Enregistré', version: 4 });
  });

  async function opened() {
    const started = start();
    started.calls.list[0]!.resolve({ memories: [summary], frames: [] });
    await flush();
    started.calls.get[0]!.resolve(memory({ requirements: [{ _id: 'r1', analysisId: 'a1', text: 'Exigence', fileName: 'CCTP.pdf', page: 2, status: 'todo' }] }));
    await flush();
    return started;
  }

  it('a section added takes its place and is opened; a section removed leaves, its neighbour opened', async () => {
    const { actor } = await opened();
    actor.send({ type: 'memory.section.added', section: section('new', 'Sécurité', { order: 1 }) });
    let { memory: m, selectedSectionId } = actor.getSnapshot().context;
    expect(m!.sections.map((s) => [s._id, s.order])).toEqual([
      [S1, 0],
      ['new', 1],
      [S2, 2],
      [STAFF, 3],
    ]);
    expect(selectedSectionId).toBe('new');
    actor.send({ type: 'memory.section.removed', sectionId: 'new' });
    ({ memory: m, selectedSectionId } = actor.getSnapshot().context);
    expect(m!.sections.map((s) => s._id)).toEqual([S1, S2, STAFF]);
    expect(selectedSectionId).toBe(S1);
    actor.send({ type: 'memory.section.removed', sectionId: STAFF });
    expect(actor.getSnapshot().context.memory!.stale).toEqual([]);
  });

  it('a requirement ticked keeps its new status in the memory', async () => {
    const { actor } = await opened();
    actor.send({ type: 'memory.requirement.saved', requirementId: 'r1', status: 'covered' });
    expect(actor.getSnapshot().context.memory!.requirements[0]!.status).toBe('covered');
  });

  it('another memory made from this one opens it and lists it first; a refusal keeps the one open', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'memory.create', from: 'memory', memoryId: MEMORY });
    expect(actor.getSnapshot().value).toBe('creating');
    expect(calls.create[0]!.input).toEqual({ tenderId: TENDER, body: { from: 'memory', memoryId: MEMORY } });
    calls.create[0]!.reject({ message: 'Aucune analyse', status: 409, msgType: 'memory-no_analysis' });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.memory!._id).toBe(MEMORY);
    expect(actor.getSnapshot().context.error?.message).toBe('Aucune analyse');
    actor.send({ type: 'memory.create', from: 'blank' });
    calls.create[1]!.resolve({ message: 'Mémoire créé.', data: memory({ _id: 'second', title: 'Variante' }) });
    await flush();
    const { memories, memoryId, notice } = actor.getSnapshot().context;
    expect(memories.map((m) => [m._id, m.title])).toEqual([
      ['second', 'Variante'],
      [MEMORY, 'Mémoire technique'],
    ]);
    expect(memoryId).toBe('second');
    expect(notice).toBe('Mémoire créé.');
  });
});

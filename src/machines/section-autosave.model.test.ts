import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_RETRY_MS, sectionAutosaveMachine, type MemorySection, type SectionContent, type SectionSave } from './section-autosave.machine';
import type { RequestSuccess } from '../common/request-result';

// What the writer sees of one section's autosave: nothing to save, changes waiting (1.5 s of
// quiet), a save on its way (a change meanwhile waits for the next), saved, someone saved first
// (take theirs, or keep mine on their version), a failure retried (after 5 s or on demand).
const userModel = createMachine({
  id: 'autosaveModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.type': 'dirty' } },
    dirty: { on: { 'user.type': 'dirty', 'clock.quiet': 'saving', 'user.flush': 'saving' } },
    saving: { on: { 'server.saved': 'saved', 'user.type': 'savingQueued', 'server.conflicts': 'conflict', 'server.fails': 'failed' } },
    savingQueued: { on: { 'server.saved': 'dirty' } },
    saved: { on: { 'user.type': 'dirty' } },
    conflict: { on: { 'user.takeTheirs': 'saved', 'user.keepMine': 'saving', 'user.type': 'conflict' } },
    failed: { on: { 'clock.retry': 'saving', 'user.retry': 'saving', 'user.type': 'failed' } },
  },
});

const MEMORY = '5c4e7a10-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const SECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const docOf = (words: string): SectionContent => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] });
function section(overrides: Partial<MemorySection> = {}): MemorySection {
  return {
    _id: SECTION,
    title: 'Finesse de structuration laser',
    order: 1,
    level: 2,
    content: docOf('Texte initial'),
    text: 'Texte initial',
    criterion: { name: 'Performances techniques du système', weight: 40, subCriterion: 'Finesse de structuration laser', subWeight: 20 },
    requirementIds: [],
    status: 'draft',
    assigneeId: null,
    version: 3,
    source: 'criteria',
    resourcesHash: null,
    updatedAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const saves: Pending<SectionSave, RequestSuccess<MemorySection>>[] = [];
  const notified: MemorySection[] = [];
  const logic = sectionAutosaveMachine.provide({
    actors: { updateMemorySection: fromPromise(({ input }: { input: SectionSave }) => new Promise<RequestSuccess<MemorySection>>((resolve, reject) => saves.push({ input, resolve, reject }))) },
    actions: { sectionSaved: (_, params) => void notified.push(params.section) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { input: { memoryId: MEMORY, section: section() }, clock }).start();
  return { actor, clock, saves, notified };
}

describe('section autosave machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 7)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, clock, saves, notified } = start();
      const snapshot = () => actor.getSnapshot();
      let typed = 0;
      /** The latest text the user typed: the one every save must carry. */
      let latest: SectionContent | null = null;
      /** The version the next save must name. */
      let version = 3;
      let savesBefore = 0;
      const theirs = section({ content: docOf('Leur texte'), text: 'Leur texte', version: 9, updatedAt: '2026-11-24T08:05:00.000Z' });
      const type = () => {
        latest = docOf(`Texte ${++typed}`);
        savesBefore = saves.length;
        actor.send({ type: 'autosave.change', content: latest });
      };
      await path.test({
        events: {
          'user.type': type,
          'clock.quiet': () => {
            savesBefore = saves.length;
            clock.increment(AUTOSAVE_DEBOUNCE_MS - 1);
            expect(saves.length, 'nothing sent before 1.5 s of quiet').toBe(savesBefore);
            clock.increment(1);
          },
          'user.flush': () => {
            savesBefore = saves.length;
            actor.send({ type: 'autosave.flush' });
          },
          'server.saved': async () => {
            const sent = saves.at(-1)!.input;
            version = sent.patch.version + 1;
            saves.at(-1)!.resolve({ message: 'Section enregistrée.', data: section({ content: sent.patch.content!, version }) });
            await flush();
          },
          'server.conflicts': async () => {
            saves.at(-1)!.reject({ message: "Quelqu'un a enregistré cette section…", msgType: 'memory-section_conflict', status: 409, details: theirs });
            await flush();
          },
          'server.fails': async () => {
            saves.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.takeTheirs': () => {
            version = theirs.version;
            actor.send({ type: 'autosave.conflict.takeTheirs' });
          },
          'user.keepMine': () => {
            version = theirs.version;
            savesBefore = saves.length;
            actor.send({ type: 'autosave.conflict.keepMine' });
          },
          'clock.retry': () => {
            savesBefore = saves.length;
            clock.increment(AUTOSAVE_RETRY_MS - 1);
            expect(saves.length, 'no retry before 5 s').toBe(savesBefore);
            clock.increment(1);
          },
          'user.retry': () => {
            savesBefore = saves.length;
            actor.send({ type: 'autosave.retry' });
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(saves).toHaveLength(0);
          },
          dirty: () => {
            expect(snapshot().value).toBe('dirty');
            expect(snapshot().context.draft).toEqual(latest);
            expect(saves.length, 'no save while changes wait').toBe(savesBefore);
          },
          saving: () => {
            expect(snapshot().value).toBe('saving');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(saves.length, 'one save sent').toBe(savesBefore + 1);
            expect(saves.at(-1)!.input).toEqual({ memoryId: MEMORY, sectionId: SECTION, patch: { version, content: latest } });
          },
          savingQueued: () => {
            expect(snapshot().value).toBe('saving');
            expect(snapshot().context.draft, 'the change waits for the next save').toEqual(latest);
            expect(saves.at(-1)!.input.patch.content).not.toEqual(latest);
          },
          saved: () => {
            expect(snapshot().value).toBe('saved');
            expect(snapshot().context.draft).toBeNull();
            expect(snapshot().context.error).toBeNull();
            expect(snapshot().context.section.version).toBe(version);
            expect(notified.at(-1)?.version).toBe(version);
          },
          conflict: () => {
            expect(snapshot().value).toBe('conflict');
            expect(snapshot().context.theirs).toEqual(theirs);
            expect(snapshot().context.draft, "the user's text is kept").toEqual(latest);
            expect(snapshot().context.error?.msgType).toBe('memory-section_conflict');
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.draft, "the user's text is kept").toEqual(latest);
            expect(snapshot().context.error?.status).toBe(500);
          },
        },
      });
    });
  }

  it('a title or status saved beside the text: the next save names the new version, the text kept', async () => {
    const { actor, clock, saves } = start();
    actor.send({ type: 'autosave.synced', section: section({ title: 'Nouveau titre', status: 'to_review', version: 4, content: docOf('Autre') }) });
    actor.send({ type: 'autosave.synced', section: section({ version: 2 }) });
    expect(actor.getSnapshot().context.section).toMatchObject({ title: 'Nouveau titre', status: 'to_review', version: 4, content: docOf('Texte initial') });
    actor.send({ type: 'autosave.change', content: docOf('Mon texte') });
    clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(saves[0]!.input.patch).toEqual({ version: 4, content: docOf('Mon texte') });
  });

  it('take theirs reloads the editor with the saved text', async () => {
    const { actor, clock, saves } = start();
    actor.send({ type: 'autosave.change', content: docOf('Mon texte') });
    clock.increment(AUTOSAVE_DEBOUNCE_MS);
    const theirs = section({ content: docOf('Leur texte'), version: 4 });
    saves[0]!.reject({ message: 'conflit', msgType: 'memory-section_conflict', status: 409, details: theirs });
    await flush();
    actor.send({ type: 'autosave.conflict.takeTheirs' });
    expect(actor.getSnapshot().context).toMatchObject({ revision: 1, draft: null, section: { version: 4, content: docOf('Leur texte') } });
  });
});

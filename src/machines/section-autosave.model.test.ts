import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_RETRY_MS, sectionAutosaveMachine, type KeptDraft, type MemorySection, type SectionContent, type SectionSave } from './section-autosave.machine';
import type { RequestSuccess } from '../common/request-result';

// What the writer sees of one section's autosave: nothing to save, changes waiting (1.5 s of
// quiet), a save on its way (a change meanwhile waits for the next), saved, someone saved first
// (take theirs, or keep mine on their version), a failure retried (after 5 s or on demand), the
// session dead (a 401: no retry, the text kept until the user signs in again). Every text not
// saved yet is kept in the browser; a saved one is removed from it.
const userModel = createMachine({
  id: 'autosaveModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.type': 'dirty' } },
    dirty: { on: { 'user.type': 'dirty', 'clock.quiet': 'saving', 'user.flush': 'saving' } },
    saving: { on: { 'server.saved': 'saved', 'user.type': 'savingQueued', 'server.conflicts': 'conflict', 'server.fails': 'failed', 'server.sessionDies': 'unauthorized' } },
    savingQueued: { on: { 'server.saved': 'dirty' } },
    saved: { on: { 'user.type': 'dirty' } },
    conflict: { on: { 'user.takeTheirs': 'saved', 'user.keepMine': 'saving', 'user.type': 'conflict' } },
    failed: { on: { 'clock.retry': 'saving', 'user.retry': 'saving', 'user.type': 'failed' } },
    unauthorized: { on: { 'user.type': 'unauthorized', 'user.signsInAgain': 'saving' } },
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

function start(kept: KeptDraft | null = null) {
  const saves: Pending<SectionSave, RequestSuccess<MemorySection>>[] = [];
  const notified: MemorySection[] = [];
  // The browser's store of drafts not saved yet, for this section.
  const browser: { kept: KeptDraft | null } = { kept };
  const logic = sectionAutosaveMachine.provide({
    actors: { updateMemorySection: fromPromise(({ input }: { input: SectionSave }) => new Promise<RequestSuccess<MemorySection>>((resolve, reject) => saves.push({ input, resolve, reject }))) },
    actions: {
      sectionSaved: (_, params) => void notified.push(params.section),
      keepDraft: (_, { sectionId, content, baseVersion }) => {
        expect(sectionId).toBe(SECTION);
        browser.kept = { content, baseVersion };
      },
      clearDraft: (_, { sectionId }) => {
        expect(sectionId).toBe(SECTION);
        browser.kept = null;
      },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { input: { memoryId: MEMORY, section: section(), kept }, clock }).start();
  return { actor, clock, saves, notified, browser };
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
      const { actor, clock, saves, notified, browser } = start();
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
          'server.sessionDies': async () => {
            saves.at(-1)!.reject({ message: 'Session expirée', status: 401, need2Logout: true });
            await flush();
          },
          'user.signsInAgain': () => {
            savesBefore = saves.length;
            actor.send({ type: 'autosave.resume' });
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
            expect(browser.kept?.content, 'the text waiting is kept in the browser').toEqual(latest);
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
            expect(browser.kept, 'nothing left to keep once saved').toBeNull();
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
            expect(browser.kept?.content).toEqual(latest);
          },
          unauthorized: () => {
            expect(snapshot().value).toBe('unauthorized');
            expect(snapshot().context.draft, "the user's text is kept").toEqual(latest);
            expect(browser.kept, 'and kept in the browser, on the version it was typed on').toEqual({ content: latest, baseVersion: version });
            const before = saves.length;
            clock.increment(AUTOSAVE_RETRY_MS * 3);
            expect(saves.length, 'no retry with a dead session').toBe(before);
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

  it('a text still waiting after a save is kept on the version just saved', async () => {
    const { actor, clock, saves, browser } = start();
    actor.send({ type: 'autosave.change', content: docOf('Un') });
    clock.increment(AUTOSAVE_DEBOUNCE_MS);
    actor.send({ type: 'autosave.change', content: docOf('Un deux') });
    expect(browser.kept).toEqual({ content: docOf('Un deux'), baseVersion: 3 });
    saves[0]!.resolve({ message: 'ok', data: section({ content: docOf('Un'), version: 4 }) });
    await flush();
    expect(actor.getSnapshot().value).toBe('dirty');
    expect(browser.kept).toEqual({ content: docOf('Un deux'), baseVersion: 4 });
  });
});

describe('a draft kept in the browser from an earlier visit', () => {
  const kept = { content: docOf('Écrit après la fin de session'), baseVersion: 3 };

  it('is offered back, the editor showing the saved text meanwhile; restoring saves it on its own version', async () => {
    const { actor, clock, saves, browser } = start(kept);
    expect(actor.getSnapshot().value).toBe('recovered');
    expect(actor.getSnapshot().context).toMatchObject({ kept, draft: null, revision: 0 });
    clock.increment(AUTOSAVE_DEBOUNCE_MS * 2);
    expect(saves).toHaveLength(0);
    actor.send({ type: 'autosave.recovered.restore' });
    // The editor reloads with the kept text.
    expect(actor.getSnapshot().context).toMatchObject({ draft: kept.content, kept: null, revision: 1 });
    clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(saves[0]!.input.patch).toEqual({ version: 3, content: kept.content });
    saves[0]!.resolve({ message: 'ok', data: section({ content: kept.content, version: 4 }) });
    await flush();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(browser.kept).toBeNull();
  });

  it('typed on a version someone has saved over since: the conflict shows both texts, nothing overwritten', async () => {
    const { actor, clock, saves } = start({ content: kept.content, baseVersion: 2 });
    actor.send({ type: 'autosave.recovered.restore' });
    clock.increment(AUTOSAVE_DEBOUNCE_MS);
    expect(saves[0]!.input.patch.version, 'the version the draft was typed on, not the latest').toBe(2);
    saves[0]!.reject({ message: 'conflit', msgType: 'memory-section_conflict', status: 409, details: section() });
    await flush();
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.draft).toEqual(kept.content);
  });

  it('discarding it removes it from the browser; the saved text stays', () => {
    const { actor, saves, browser } = start(kept);
    actor.send({ type: 'autosave.recovered.discard' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(browser.kept).toBeNull();
    expect(actor.getSnapshot().context).toMatchObject({ draft: null, kept: null, revision: 0 });
    expect(saves).toHaveLength(0);
  });

  it('typing instead of choosing keeps the new text, not the old one', () => {
    const { actor, browser } = start(kept);
    actor.send({ type: 'autosave.change', content: docOf('Autre chose') });
    expect(actor.getSnapshot().value).toBe('dirty');
    expect(browser.kept).toEqual({ content: docOf('Autre chose'), baseVersion: 3 });
    expect(actor.getSnapshot().context.kept).toBeNull();
  });
});

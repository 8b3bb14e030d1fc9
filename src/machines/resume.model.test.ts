import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { RESUME_POLL_MS, resumeMachine, resumeStage, type Resume, type ResumeChanges, type ResumeCvFile, type ResumeUpdate } from './resume.machine';
import type { RequestSuccess } from '../common/request-result';

// What a user sees of one resume: a wait, the resume (its CV being read, then read), the form, a
// save on its way, saved, refused (the form stays with the refusal), refused because someone saved
// meanwhile (take theirs, or keep mine on their version), a new CV sent (then read again, or
// refused), a deletion confirmed and done.
const userModel = createMachine({
  id: 'resumeModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loaded': 'viewing', 'server.loadedParsing': 'parsing', 'server.loadFailed': 'loadFailed' } },
    loadFailed: { on: { 'user.retry': 'loading' } },
    parsing: { on: { 'clock.readDone': 'viewing', 'clock.readFailed': 'readFailed', 'user.edit': 'editingWhileParsing' } },
    readFailed: { on: { 'user.edit': 'editing' } },
    editingWhileParsing: { on: { 'clock.readDone': 'editing' } },
    viewing: { on: { 'user.edit': 'editing', 'user.replaceFile': 'replacing', 'user.delete': 'confirmingDelete' } },
    editing: { on: { 'user.save': 'saving', 'user.cancel': 'viewing' } },
    saving: { on: { 'server.saved': 'saved', 'server.refused': 'saveFailed', 'server.conflicts': 'conflict' } },
    saved: { on: { 'user.dismiss': 'viewing', 'user.edit': 'editing' } },
    saveFailed: { on: { 'user.save': 'saving', 'user.cancel': 'viewing' } },
    conflict: { on: { 'user.takeTheirs': 'viewing', 'user.keepMine': 'saving' } },
    replacing: { on: { 'server.fileReplaced': 'parsing', 'server.fileRefused': 'fileRefused' } },
    fileRefused: { on: { 'user.dismiss': 'viewing' } },
    confirmingDelete: { on: { 'user.confirmDelete': 'deleting', 'user.cancelDelete': 'viewing' } },
    deleting: { on: { 'server.deleted': 'deleted', 'server.deleteFailed': 'confirmingDelete' } },
    deleted: {},
  },
});

const ID = '7b0c2d4e-1f3a-4b5c-8d9e-0a1b2c3d4e5f';
const COMPANY = '6d1f7c1e-5b1a-4f0e-9d7c-2a1b3c4d5e6f';
function resume(overrides: Partial<Resume> = {}): Resume {
  return {
    _id: ID,
    companyId: COMPANY,
    fullName: 'Julien Martin',
    jobTitle: 'Conducteur de travaux',
    yearsExperience: 12,
    education: [],
    certifications: [],
    certificationCounts: { expired: 0, expiring: 0 },
    skills: ['Gros œuvre'],
    languages: [],
    projects: [],
    experiences: [],
    userId: null,
    user: null,
    positions: [],
    file: { name: 'cv-julien-martin.pdf', size: 182_000, mimeType: 'application/pdf' },
    parseStatus: 'parsed',
    parseError: null,
    filledFrom: {},
    version: 1,
    createdAt: '2026-11-02T08:00:00.000Z',
    updatedAt: '2026-11-02T08:00:00.000Z',
    ...overrides,
  };
}
const changes = { jobTitle: 'Directeur de travaux', skills: ['Gros œuvre', 'OPC'] } satisfies ResumeChanges;
const cv: ResumeCvFile = { name: 'cv-2026.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 40_000 };

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

function start() {
  const gets: Pending<{ id: string }, Resume>[] = [];
  const updates: Pending<ResumeUpdate, RequestSuccess<Resume>>[] = [];
  const files: Pending<{ id: string; file: ResumeCvFile }, RequestSuccess<Resume>>[] = [];
  const deletes: Pending<{ id: string }, RequestSuccess<null>>[] = [];
  const pending =
    <I, O>(list: Pending<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const logic = resumeMachine.provide({
    actors: {
      getResume: fromPromise(pending(gets)),
      updateResume: fromPromise(pending(updates)),
      replaceResumeFile: fromPromise(pending(files)),
      deleteResume: fromPromise(pending(deletes)),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { input: { id: ID }, clock }).start();
  return { actor, clock, gets, updates, files, deletes };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resume machine, model-based', () => {
  const model = createTestModel(userModel);
  // Every state by its shortest path, and the simple paths of up to 10 steps (the longer ones, some
  // thousands, only repeat these moves in other orders).
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 10)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, clock, gets, updates, files, deletes } = start();
      const snapshot = () => actor.getSnapshot();
      const stage = () => resumeStage(snapshot().value);
      /** The version the save must name: the one the form was opened on, or theirs after "keep mine". */
      let version = 0;
      let getsBefore = 0;
      const theirs = resume({ jobTitle: 'Chef de chantier principal', version: 7, updatedAt: '2026-11-03T08:00:00.000Z' });
      const refusal = { message: 'Requête invalide.', msgType: 'common-invalid_request', status: 400, details: [{ field: 'certifications.0.validUntil', msg: 'La fin de validité…' }] };
      /** One poll: the 2 s wait, then the server's answer. */
      const tick = async (answer: Resume) => {
        getsBefore = gets.length;
        clock.increment(RESUME_POLL_MS - 1);
        expect(gets.length, 'no poll before 2 s').toBe(getsBefore);
        clock.increment(1);
        expect(gets.length, 'a poll after 2 s').toBe(getsBefore + 1);
        gets.at(-1)!.resolve(answer);
        await flush();
      };
      await path.test({
        events: {
          'server.loaded': async () => {
            gets.at(-1)!.resolve(resume());
            await flush();
          },
          'server.loadedParsing': async () => {
            gets.at(-1)!.resolve(resume({ parseStatus: 'parsing', fullName: '', jobTitle: null, skills: [] }));
            await flush();
          },
          'server.loadFailed': async () => {
            gets.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'clock.readDone': () => tick(resume({ version: snapshot().context.resume!.version + 1, filledFrom: { jobTitle: 'rules', skills: 'llm' } })),
          'clock.readFailed': () => tick(resume({ version: snapshot().context.resume!.version + 1, parseStatus: 'failed', parseError: 'resume-parse_no_text' })),
          'user.retry': () => actor.send({ type: 'resume.retry' }),
          'user.edit': () => {
            version = snapshot().context.resume!.version;
            actor.send({ type: 'resume.edit' });
          },
          'user.cancel': () => actor.send({ type: 'resume.cancel' }),
          'user.save': () => actor.send({ type: 'resume.save', changes }),
          'user.dismiss': () => actor.send({ type: 'resume.dismiss' }),
          'server.saved': async () => {
            updates.at(-1)!.resolve({ message: 'CV enregistré.', data: resume({ ...changes, version: version + 1 }) });
            await flush();
          },
          'server.refused': async () => {
            updates.at(-1)!.reject(refusal);
            await flush();
          },
          'server.conflicts': async () => {
            updates.at(-1)!.reject({ message: "Quelqu'un a modifié ce CV…", msgType: 'resume-conflict', status: 409, details: theirs });
            await flush();
          },
          'user.takeTheirs': () => actor.send({ type: 'resume.conflict.takeTheirs' }),
          'user.keepMine': () => {
            version = theirs.version;
            actor.send({ type: 'resume.conflict.keepMine' });
          },
          'user.replaceFile': () => actor.send({ type: 'resume.replaceFile', file: cv }),
          'server.fileReplaced': async () => {
            files.at(-1)!.resolve({ message: 'Fichier du CV remplacé.', data: resume({ parseStatus: 'parsing', file: { name: cv.name, size: cv.size, mimeType: cv.type }, version: 2 }) });
            await flush();
          },
          'server.fileRefused': async () => {
            files.at(-1)!.reject({ message: 'Seuls les CV au format PDF ou Word (DOCX) sont acceptés.', msgType: 'resume-file_type', status: 415 });
            await flush();
          },
          'user.delete': () => actor.send({ type: 'resume.delete' }),
          'user.cancelDelete': () => actor.send({ type: 'resume.delete.cancel' }),
          'user.confirmDelete': () => actor.send({ type: 'resume.delete.confirm' }),
          'server.deleted': async () => {
            deletes.at(-1)!.resolve({ message: 'CV supprimé.', data: null });
            await flush();
          },
          'server.deleteFailed': async () => {
            deletes.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(snapshot().hasTag('loading')).toBe(true);
            expect(gets.at(-1)!.input).toEqual({ id: ID });
          },
          loadFailed: () => {
            expect(snapshot().value).toBe('loadFailed');
            expect(snapshot().context.error).toMatchObject({ message: 'Erreur interne du serveur.' });
          },
          parsing: () => {
            expect(stage()).toBe('viewing');
            expect(snapshot().context.resume!.parseStatus).toBe('parsing');
            expect(snapshot().matches({ ready: { poll: 'waiting' } })).toBe(true);
          },
          readFailed: async () => {
            expect(snapshot().context.resume).toMatchObject({ parseStatus: 'failed', parseError: 'resume-parse_no_text' });
            expect(snapshot().matches({ ready: { poll: 'idle' } })).toBe(true);
            // Polling stopped: no call after many ticks.
            const before = gets.length;
            clock.increment(RESUME_POLL_MS * 3);
            expect(gets.length).toBe(before);
          },
          editingWhileParsing: () => {
            expect(stage()).toBe('editing');
            expect(snapshot().matches({ ready: { poll: 'waiting' } })).toBe(true);
          },
          viewing: () => {
            expect(stage()).toBe('viewing');
            expect(snapshot().context).toMatchObject({ draft: null, theirs: null, error: null });
            // Only the new CV's message may still be there (until dismissed): the read CV said nothing more.
            expect([null, 'Fichier du CV remplacé.']).toContain(snapshot().context.success);
            expect(snapshot().context.resume!.parseStatus).not.toBe('parsing');
            expect(snapshot().matches({ ready: { poll: 'idle' } })).toBe(true);
          },
          editing: () => {
            expect(stage()).toBe('editing');
            // What the poll read never moves the version the form was opened on.
            expect(snapshot().context.draftVersion).toBe(version);
            expect(snapshot().can({ type: 'resume.delete' })).toBe(false);
          },
          saving: () => {
            expect(stage()).toBe('saving');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(updates.at(-1)!.input).toEqual({ id: ID, patch: { ...changes, version } });
            expect(snapshot().can({ type: 'resume.save', changes })).toBe(false);
          },
          saved: () => {
            expect(stage()).toBe('viewing');
            expect(snapshot().context.success).toBe('CV enregistré.');
            expect(snapshot().context.resume).toMatchObject({ ...changes, version: version + 1 });
            expect(snapshot().context.draft).toBeNull();
          },
          saveFailed: () => {
            expect(stage()).toBe('saveFailed');
            expect(snapshot().context.error).toEqual(refusal);
            // The draft is kept for the form.
            expect(snapshot().context.draft).toEqual(changes);
          },
          conflict: () => {
            expect(stage()).toBe('conflict');
            expect(snapshot().context.theirs).toEqual(theirs);
            expect(snapshot().context.draft).toEqual(changes);
            expect(snapshot().context.error).toMatchObject({ msgType: 'resume-conflict' });
            // Acknowledging the message does not dismiss the choice.
            actor.send({ type: 'resume.dismiss' });
            expect(stage()).toBe('conflict');
          },
          replacing: () => {
            expect(stage()).toBe('replacing');
            expect(files.at(-1)!.input).toEqual({ id: ID, file: cv });
          },
          fileRefused: () => {
            expect(stage()).toBe('viewing');
            expect(snapshot().context.error).toMatchObject({ msgType: 'resume-file_type' });
            expect(snapshot().context.resume!.file!.name).toBe('cv-julien-martin.pdf');
          },
          confirmingDelete: () => {
            expect(stage()).toBe('confirmingDelete');
            expect(snapshot().can({ type: 'resume.edit' })).toBe(false);
          },
          deleting: () => {
            expect(stage()).toBe('deleting');
            expect(deletes.at(-1)!.input).toEqual({ id: ID });
          },
          deleted: () => {
            expect(snapshot().value).toBe('deleted');
            expect(snapshot().context.success).toBe('CV supprimé.');
          },
        },
      });
    });
  }
});

describe('the CV being read while the user edits', () => {
  it('the poll updates the resume shown, never the draft nor its version; the stale save then meets a conflict', async () => {
    const { actor, clock, gets, updates } = start();
    gets.at(-1)!.resolve(resume({ parseStatus: 'parsing', version: 3 }));
    await flush();
    actor.send({ type: 'resume.edit' });
    clock.increment(RESUME_POLL_MS);
    gets.at(-1)!.resolve(resume({ parseStatus: 'parsed', version: 4, skills: ['Gros œuvre', 'Coffrage'] }));
    await flush();
    expect(actor.getSnapshot().context.resume!.version).toBe(4);
    expect(actor.getSnapshot().context.draftVersion).toBe(3);
    actor.send({ type: 'resume.save', changes });
    await flush();
    expect(updates.at(-1)!.input.patch.version).toBe(3);
  });

  it('an older read answered after a newer save is dropped', async () => {
    const { actor, clock, gets, updates } = start();
    gets.at(-1)!.resolve(resume({ parseStatus: 'parsing', version: 3 }));
    await flush();
    actor.send({ type: 'resume.edit' });
    clock.increment(RESUME_POLL_MS);
    actor.send({ type: 'resume.save', changes });
    await flush();
    updates.at(-1)!.resolve({ message: 'CV enregistré.', data: resume({ ...changes, parseStatus: 'parsing', version: 4 }) });
    await flush();
    gets.at(-1)!.resolve(resume({ parseStatus: 'parsing', version: 3 }));
    await flush();
    expect(actor.getSnapshot().context.resume).toMatchObject({ ...changes, version: 4 });
  });

  it('saving nothing changed sends nothing', async () => {
    const { actor, gets, updates } = start();
    gets.at(-1)!.resolve(resume());
    await flush();
    actor.send({ type: 'resume.edit' });
    actor.send({ type: 'resume.save', changes: {} });
    expect(resumeStage(actor.getSnapshot().value)).toBe('viewing');
    expect(updates).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { conflictChanges, mergedTasks, PLANNING_SUCCESS_RESET_MS, planningMachine, type Planning, type PlanningTaskInput } from './planning.machine';
import type { RequestSuccess } from '../common/request-result';

// What a user sees of a tender's planning: a wait, a refusal to load, an offer to start one, the
// planning, a save in progress, the "saved" notice for 2 s, a refused save, and a whole-list save
// refused because someone saved meanwhile (lost update): the user takes theirs or merges.
const userModel = createMachine({
  id: 'planningModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loadsPlanning': 'ready', 'server.hasNoPlanning': 'empty', 'server.failsToLoad': 'loadFailure' } },
    loadFailure: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.create': 'creating' } },
    creating: { on: { 'server.accepts': 'saved', 'server.refuses': 'emptyRefused' } },
    emptyRefused: { on: { 'user.create': 'creating' } },
    ready: { on: { 'user.editTask': 'saving', 'user.deleteTask': 'saving', 'user.replaceList': 'replacing', 'user.addTask': 'saving' } },
    saving: { on: { 'server.accepts': 'saved', 'server.refuses': 'refused' } },
    replacing: { on: { 'server.accepts': 'saved', 'server.refuses': 'refused', 'server.conflicts': 'conflict' } },
    conflict: { on: { 'user.reload': 'ready', 'user.merge': 'replacing' } },
    refused: { on: { 'user.editTask': 'saving' } },
    saved: { on: { 'clock.1999ms': 'stillSaved', 'user.editTask': 'saving' } },
    stillSaved: { on: { 'clock.1ms': 'ready' } },
  },
});

const task = (name: string, startDate: string, endDate = startDate, extra: Partial<Planning['tasks'][number]> = {}) => ({ _id: `id-${name}`, name, startDate, endDate, done: false, milestone: false, ...extra });
const planning = (tasks: Planning['tasks']): Planning => ({
  _id: 'planning-1',
  tenderId: 'tender-1',
  companyId: 'company-1',
  tasks,
  keyDates: { questionsDeadline: null, siteVisitDate: '2026-11-30T08:00:00.000Z', submissionDeadline: '2026-12-10T11:00:00.000Z' },
  version: 1,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
});
const loaded = planning([task('Analyse du DCE', '2026-11-24', '2026-11-27'), task('Chiffrage', '2026-11-30', '2026-12-04')]);
// What another user saved meanwhile (version 2): "Chiffrage" ticked, a site visit added.
const theirs: Planning = {
  ...planning([task('Analyse du DCE', '2026-11-24', '2026-11-27'), task('Chiffrage', '2026-11-30', '2026-12-04', { done: true }), task('Visite de site', '2026-11-26', '2026-11-26', { milestone: true })]),
  version: 2,
};
const afterWrite = planning([task('Analyse du DCE', '2026-11-24', '2026-11-28', { done: true })]);
const newTask: PlanningTaskInput = { name: 'Relecture et signature', startDate: '2026-12-07', endDate: '2026-12-08', done: false, milestone: false };
// The user's whole list, drawn from version 1: "Analyse" a day longer, "Chiffrage" removed, a task added.
const draft: PlanningTaskInput[] = [{ _id: 'id-Analyse du DCE', name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-28', done: false, milestone: false }, newTask];
// Their changes with the user's reapplied: "Chiffrage" stays (they changed it after the user removed it).
const merged: PlanningTaskInput[] = [
  { _id: 'id-Analyse du DCE', name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-28', done: false, milestone: false },
  theirs.tasks[1]!,
  theirs.tasks[2]!,
  newTask,
];

type Call = { op: string; input: unknown; resolve: (value: RequestSuccess<Planning>) => void; reject: (e: unknown) => void };

function start() {
  const calls: Call[] = [];
  const pending = <I,>(op: string) => fromPromise<RequestSuccess<Planning>, I>(({ input }) => new Promise((resolve, reject) => calls.push({ op, input, resolve, reject })));
  const logic = planningMachine.provide({
    actors: {
      getTenderPlanning: pending('getTenderPlanning'),
      createPlanning: pending('createPlanning'),
      updatePlanning: pending('updatePlanning'),
      addPlanningTask: pending('addPlanningTask'),
      updatePlanningTask: pending('updatePlanningTask'),
      deletePlanningTask: pending('deletePlanningTask'),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock, input: { tenderId: 'tender-1' } }).start();
  return { actor, calls, clock };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('planning machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['conflict', 'creating', 'empty', 'emptyRefused', 'loadFailure', 'loading', 'ready', 'refused', 'replacing', 'saved', 'saving', 'stillSaved']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, clock } = start();
      const snapshot = () => actor.getSnapshot();
      /** What the last accepted write answered: the planning the page must now show. */
      let shown: Planning | null = null;
      /** The whole-list replace the server must receive next, and the planning it was drawn from. */
      let replace: { id: string; tasks: PlanningTaskInput[]; version: number } | null = null;
      let drawnFrom: Planning | null = null;
      await path.test({
        events: {
          'server.loadsPlanning': async () => {
            calls.at(-1)!.resolve({ message: '', data: loaded });
            shown = loaded;
            await flush();
          },
          'server.hasNoPlanning': async () => {
            calls.at(-1)!.reject({ message: "Cet appel d'offres n'a pas encore de planning.", msgType: 'planning-not_found', status: 404 });
            await flush();
          },
          'server.failsToLoad': async () => {
            calls.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.retry': () => actor.send({ type: 'planning.retry' }),
          'user.create': () => actor.send({ type: 'planning.create', tasks: [newTask] }),
          'user.editTask': () => actor.send({ type: 'planning.task.update', taskId: 'id-Analyse du DCE', updates: { endDate: '2026-11-28' } }),
          'user.deleteTask': () => actor.send({ type: 'planning.task.delete', taskId: 'id-Chiffrage' }),
          'user.replaceList': () => {
            replace = { id: 'planning-1', tasks: draft, version: shown!.version };
            drawnFrom = shown;
            actor.send({ type: 'planning.update', tasks: draft });
          },
          'server.conflicts': async () => {
            calls.at(-1)!.reject({ message: "Quelqu'un a modifié ce planning depuis que vous l'avez ouvert.", msgType: 'planning-conflict', status: 409, details: theirs });
            await flush();
          },
          'user.reload': () => {
            actor.send({ type: 'planning.conflict.reload' });
            shown = theirs;
          },
          'user.merge': () => {
            // The merge itself is checked against fixed lists below; here, that it is what is sent.
            replace = { id: 'planning-1', tasks: mergedTasks(snapshot().context.conflict!), version: theirs.version };
            drawnFrom = theirs;
            shown = theirs;
            actor.send({ type: 'planning.conflict.merge' });
          },
          'user.addTask': () => actor.send({ type: 'planning.task.add', task: newTask }),
          'server.accepts': async () => {
            calls.at(-1)!.resolve({ message: 'Planning enregistré.', data: afterWrite });
            shown = afterWrite;
            await flush();
          },
          'server.refuses': async () => {
            calls.at(-1)!.reject({ message: 'La date de fin ne peut pas précéder la date de début.', msgType: 'planning-end_before_start', status: 400 });
            await flush();
          },
          'clock.1999ms': () => clock.increment(PLANNING_SUCCESS_RESET_MS - 1),
          'clock.1ms': () => clock.increment(1),
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(calls.at(-1)).toMatchObject({ op: 'getTenderPlanning', input: { tenderId: 'tender-1' } });
          },
          loadFailure: () => {
            expect(snapshot().value).toBe('loadFailure');
            expect(snapshot().context.error).toMatchObject({ status: 500 });
          },
          empty: () => {
            expect(snapshot().matches({ empty: 'idle' })).toBe(true);
            expect(snapshot().context).toMatchObject({ planning: null, error: null, success: false });
          },
          creating: () => {
            expect(snapshot().matches({ empty: 'creating' })).toBe(true);
            expect(calls.at(-1)).toMatchObject({ op: 'createPlanning', input: { tenderId: 'tender-1', tasks: [newTask] } });
          },
          emptyRefused: () => {
            expect(snapshot().matches({ empty: 'idle' })).toBe(true);
            expect(snapshot().context.error).toMatchObject({ msgType: 'planning-end_before_start' });
          },
          ready: () => {
            expect(snapshot().matches({ ready: { edit: 'idle', notice: 'quiet' } })).toBe(true);
            expect(snapshot().context.planning).toBe(shown);
            expect(snapshot().context.success).toBe(false);
          },
          saving: () => {
            expect(snapshot().hasTag('saving')).toBe(true);
            // One write at a time: a second one waits for the first to end.
            expect(snapshot().can({ type: 'planning.task.delete', taskId: 'x' })).toBe(false);
            const last = calls.at(-1)!;
            const expected: Record<string, unknown> = {
              updatePlanningTask: { id: 'planning-1', taskId: 'id-Analyse du DCE', updates: { endDate: '2026-11-28' } },
              deletePlanningTask: { id: 'planning-1', taskId: 'id-Chiffrage' },
              addPlanningTask: { id: 'planning-1', task: newTask },
            };
            expect(last.input).toEqual(expected[last.op]);
          },
          replacing: () => {
            expect(snapshot().hasTag('saving')).toBe(true);
            expect(snapshot().can({ type: 'planning.task.delete', taskId: 'x' })).toBe(false);
            // The list goes with the version it was drawn from (the merged one with theirs).
            expect(calls.at(-1)).toMatchObject({ op: 'updatePlanning', input: replace });
          },
          conflict: () => {
            expect(snapshot().matches({ ready: { edit: 'conflict' } })).toBe(true);
            expect(snapshot().context.error).toMatchObject({ msgType: 'planning-conflict' });
            // Nothing is lost while the user decides: the list shown, the draft and theirs are all kept.
            expect(snapshot().context.planning).toBe(shown);
            expect(snapshot().context.conflict).toEqual({ base: drawnFrom, draft: replace!.tasks, theirs });
            // No other write while the choice is pending.
            expect(snapshot().can({ type: 'planning.task.delete', taskId: 'x' })).toBe(false);
          },
          refused: () => {
            expect(snapshot().matches({ ready: { edit: 'idle' } })).toBe(true);
            expect(snapshot().context.error).toMatchObject({ message: 'La date de fin ne peut pas précéder la date de début.' });
            // The user's list stays what it was before the refused write.
            expect(snapshot().context.planning).toBe(shown);
          },
          saved: () => {
            expect(snapshot().matches({ ready: { edit: 'idle', notice: 'success' } })).toBe(true);
            expect(snapshot().context).toMatchObject({ success: true, message: 'Planning enregistré.', error: null });
            expect(snapshot().context.planning).toBe(afterWrite);
          },
          stillSaved: () => {
            // Spec section 9: still set at 1999 ms…
            expect(snapshot().context.success).toBe(true);
            expect(snapshot().matches({ ready: { notice: 'success' } })).toBe(true);
          },
        },
      });
    });
  }
});

describe('a lost update, compared and merged', () => {
  const conflict = { base: loaded, draft, theirs };

  it('shows what the other user changed and what the user changed, each against the list the draft was drawn from', () => {
    const { theirs: other, mine } = conflictChanges(conflict);
    expect(other.added.map((t) => t.name)).toEqual(['Visite de site']);
    expect(other.removed).toEqual([]);
    expect(other.changed.map((t) => t.name)).toEqual(['Chiffrage']);
    expect(mine.added.map((t) => t.name)).toEqual(['Relecture et signature']);
    expect(mine.removed.map((t) => t.name)).toEqual(['Chiffrage']);
    expect(mine.changed.map((t) => t.name)).toEqual(['Analyse du DCE']);
  });

  it("reapplies the user's changes onto theirs, dropping nobody's work", () => {
    expect(mergedTasks(conflict)).toEqual(merged);
  });

  it('brings back as a new task one the user changed and the other removed (its id is gone from the planning)', () => {
    const removedByThem: Planning = { ...planning([loaded.tasks[1]!]), version: 2 };
    const result = mergedTasks({ base: loaded, draft: [{ ...loaded.tasks[0]!, name: 'Analyse du DCE et du RC' }, loaded.tasks[1]!], theirs: removedByThem });
    expect(result).toEqual([loaded.tasks[1], { name: 'Analyse du DCE et du RC', startDate: '2026-11-24', endDate: '2026-11-27', done: false, milestone: false }]);
  });

  it('removes a task the user removed when the other did not touch it', () => {
    const result = mergedTasks({ base: loaded, draft: [loaded.tasks[0]!], theirs: { ...loaded, tasks: [...loaded.tasks, theirs.tasks[2]!], version: 2 } });
    expect(result.map((t) => t.name)).toEqual(['Analyse du DCE', 'Visite de site']);
  });
});

describe('the success flag (spec sections 4 and 9)', () => {
  it('is cleared exactly 2000 ms after a write, counted again from a second write', async () => {
    const { actor, calls, clock } = start();
    calls.at(-1)!.resolve({ message: '', data: loaded });
    await flush();
    actor.send({ type: 'planning.task.delete', taskId: 'id-Chiffrage' });
    calls.at(-1)!.resolve({ message: 'Tâche supprimée.', data: afterWrite });
    await flush();
    clock.increment(1500);
    actor.send({ type: 'planning.task.update', taskId: 'id-Analyse du DCE', updates: { done: true } });
    calls.at(-1)!.resolve({ message: 'Tâche mise à jour.', data: afterWrite });
    await flush();
    clock.increment(1999);
    expect(actor.getSnapshot().context).toMatchObject({ success: true, message: 'Tâche mise à jour.' });
    clock.increment(1);
    expect(actor.getSnapshot().context.success).toBe(false);
  });
});

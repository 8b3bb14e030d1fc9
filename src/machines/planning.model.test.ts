import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { PLANNING_SUCCESS_RESET_MS, planningMachine, type Planning, type PlanningTaskInput } from './planning.machine';
import type { RequestSuccess } from '../shared/request-result';

// What a user sees of a tender's planning: a wait, a refusal to load, an offer to start one, the
// planning, a save in progress, the "saved" notice for 2 s, a refused save.
const userModel = createMachine({
  id: 'planningModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loadsPlanning': 'ready', 'server.hasNoPlanning': 'empty', 'server.failsToLoad': 'loadFailure' } },
    loadFailure: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.create': 'creating' } },
    creating: { on: { 'server.accepts': 'saved', 'server.refuses': 'emptyRefused' } },
    emptyRefused: { on: { 'user.create': 'creating' } },
    ready: { on: { 'user.editTask': 'saving', 'user.deleteTask': 'saving', 'user.replaceList': 'saving', 'user.addTask': 'saving' } },
    saving: { on: { 'server.accepts': 'saved', 'server.refuses': 'refused' } },
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
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
});
const loaded = planning([task('Analyse du DCE', '2026-11-24', '2026-11-27'), task('Chiffrage', '2026-11-30', '2026-12-04')]);
const afterWrite = planning([task('Analyse du DCE', '2026-11-24', '2026-11-28', { done: true })]);
const newTask: PlanningTaskInput = { name: 'Relecture et signature', startDate: '2026-12-07', endDate: '2026-12-08', done: false, milestone: false };

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
    expect([...reached].sort()).toEqual(['creating', 'empty', 'emptyRefused', 'loadFailure', 'loading', 'ready', 'refused', 'saved', 'saving', 'stillSaved']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, clock } = start();
      const snapshot = () => actor.getSnapshot();
      /** What the last accepted write answered: the planning the page must now show. */
      let shown: Planning | null = null;
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
          'user.replaceList': () => actor.send({ type: 'planning.update', tasks: [newTask] }),
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
              updatePlanning: { id: 'planning-1', tasks: [newTask] },
              addPlanningTask: { id: 'planning-1', task: newTask },
            };
            expect(last.input).toEqual(expected[last.op]);
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

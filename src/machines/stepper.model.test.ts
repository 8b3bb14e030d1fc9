import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { stepperMachine, stepStatus } from './stepper.machine';

describe('stepStatus', () => {
  it('completes the steps before the current index, works on it, waits after it', () => {
    expect([0, 1, 2, 3, 4].map((i) => stepStatus(i, 2))).toEqual(['completed', 'completed', 'in-progress', 'waiting', 'waiting']);
    expect([0, 1, 2].map((i) => stepStatus(i, 3))).toEqual(['completed', 'completed', 'completed']);
    expect([0, 1].map((i) => stepStatus(i, 0))).toEqual(['in-progress', 'waiting']);
  });
});

// The team moves the response forward or back one step; each move is saved, a refused save
// puts the step back and says why until the next move or a dismissal.
const userModel = createMachine({
  id: 'stepperModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.next': 'saving', 'user.previous': 'saving' } },
    saving: { on: { 'server.saved': 'idle', 'server.refused': 'failure' } },
    failure: { on: { 'user.dismiss': 'idle', 'user.next': 'saving' } },
  },
});

const COUNT = 5;

function start() {
  const calls: { index: number; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const logic = stepperMachine.provide({
    actors: { saveStep: fromPromise<unknown, { index: number }>(({ input }) => new Promise((resolve, reject) => calls.push({ index: input.index, resolve: () => resolve(null), reject }))) },
  });
  const actor = createActor(logic, { input: { count: COUNT, current: 2 }, clock: new SimulatedClock() }).start();
  return { actor, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('stepper machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['failure', 'idle', 'saving']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls } = start();
      // What the server holds, as the test drives it.
      let saved = 2;
      let asked = 2;
      const snapshot = () => actor.getSnapshot();
      await path.test({
        events: {
          'user.next': () => {
            asked = snapshot().context.current + 1;
            actor.send({ type: 'stepper.next' });
          },
          'user.previous': () => {
            asked = snapshot().context.current - 1;
            actor.send({ type: 'stepper.previous' });
          },
          'server.saved': async () => {
            calls.at(-1)!.resolve();
            saved = asked;
            await flush();
          },
          'server.refused': async () => {
            calls.at(-1)!.reject({ message: 'Accès refusé', status: 403 });
            await flush();
          },
          'user.dismiss': () => {
            actor.send({ type: 'stepper.dismiss' });
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context).toMatchObject({ current: saved, saved, error: null });
          },
          saving: () => {
            expect(snapshot().hasTag('saving')).toBe(true);
            // The step moves at once and is saved with the index the user chose; no second move meanwhile.
            expect(snapshot().context.current).toBe(asked);
            expect(calls.at(-1)!.index).toBe(asked);
            expect(snapshot().can({ type: 'stepper.next' })).toBe(false);
            expect(snapshot().context.error).toBeNull();
          },
          failure: () => {
            expect(snapshot().value).toBe('failure');
            expect(snapshot().context.current).toBe(saved);
            expect(snapshot().context.error).toMatchObject({ message: 'Accès refusé', status: 403 });
          },
        },
      });
    });
  }
});

describe('stepper machine, bounds and sync', () => {
  it('does not move past the last step nor before the first', () => {
    const logic = stepperMachine.provide({ actors: { saveStep: fromPromise<unknown, { index: number }>(async () => null) } });
    const last = createActor(logic, { input: { count: COUNT, current: COUNT } }).start();
    expect(last.getSnapshot().can({ type: 'stepper.next' })).toBe(false);
    const first = createActor(logic, { input: { count: COUNT, current: 0 } }).start();
    expect(first.getSnapshot().can({ type: 'stepper.previous' })).toBe(false);
    // An index from elsewhere is kept within the steps.
    first.send({ type: 'stepper.sync', current: 42 });
    expect(first.getSnapshot().context).toMatchObject({ current: COUNT, saved: COUNT });
    expect(first.getSnapshot().can({ type: 'stepper.goTo', index: COUNT })).toBe(false);
  });

  it('goes straight to a chosen step and saves it', async () => {
    const indexes: number[] = [];
    const logic = stepperMachine.provide({
      actors: {
        saveStep: fromPromise<unknown, { index: number }>(async ({ input }) => {
          indexes.push(input.index);
          return null;
        }),
      },
    });
    const actor = createActor(logic, { input: { count: COUNT, current: 1 } }).start();
    actor.send({ type: 'stepper.goTo', index: 4 });
    await flush();
    expect(indexes).toEqual([4]);
    expect(actor.getSnapshot().context).toMatchObject({ current: 4, saved: 4 });
  });
});

import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createRequestMachine } from './request.machine';
import type { RequestSuccess } from '../common/request-result';

// The user's view of any operation: ask, wait, see the result or the error, start again.
const userModel = createMachine({
  id: 'requestModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.submit': 'loading' } },
    loading: { on: { 'server.succeeded': 'success', 'server.failed': 'failure' } },
    success: { on: { 'user.reset': 'idle', 'user.submit': 'loading' } },
    failure: { on: { 'user.reset': 'idle', 'user.submit': 'loading' } },
  },
});

type Input = { name: string };
const machine = createRequestMachine<Input, { id: number }>('createThing');

// Deferred actor: the test answers each call when it chooses; each call records its input and abort signal.
function start() {
  const calls: { input: Input; signal: AbortSignal; resolve: (v: RequestSuccess<{ id: number }>) => void; reject: (e: unknown) => void }[] = [];
  const logic = machine.provide({
    actors: {
      createThing: fromPromise<RequestSuccess<{ id: number }>, Input>(
        ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
      ),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  return { actor, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('request machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['failure', 'idle', 'loading', 'success']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls } = start();
      let submitted = 0;
      const snapshot = () => actor.getSnapshot();
      await path.test({
        events: {
          'user.submit': () => {
            submitted += 1;
            actor.send({ type: 'request.submit', input: { name: `thing ${submitted}` } });
          },
          'server.succeeded': async () => {
            calls.at(-1)!.resolve({ message: 'Créé', data: { id: submitted } });
            await flush();
          },
          'server.failed': async () => {
            calls.at(-1)!.reject({ message: 'Refusé', details: { field: 'name' }, msgType: 'validation', status: 422 });
            await flush();
          },
          'user.reset': () => {
            actor.send({ type: 'request.reset' });
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context).toEqual({ input: null, message: null, data: null, error: null });
          },
          loading: () => {
            expect(snapshot().hasTag('loading')).toBe(true);
            // One call per submit, with what the user sent; a second submit is ignored meanwhile.
            expect(calls).toHaveLength(submitted);
            expect(calls.at(-1)!.input).toEqual({ name: `thing ${submitted}` });
            expect(snapshot().can({ type: 'request.submit', input: { name: 'again' } })).toBe(false);
            // A stale result or error is not shown while the new answer is awaited.
            expect(snapshot().context.error).toBeNull();
            expect(snapshot().context.message).toBeNull();
          },
          success: () => {
            expect(snapshot().value).toBe('success');
            expect(snapshot().context).toMatchObject({ message: 'Créé', data: { id: submitted }, error: null });
          },
          failure: () => {
            expect(snapshot().value).toBe('failure');
            expect(snapshot().context.error).toEqual({ message: 'Refusé', details: { field: 'name' }, msgType: 'validation', status: 422 });
          },
        },
      });
    });
  }

  it('stopping the actor while loading aborts the call', () => {
    const { actor, calls } = start();
    actor.send({ type: 'request.submit', input: { name: 'x' } });
    actor.stop();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});

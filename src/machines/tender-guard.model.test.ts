import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { tenderGuardMachine, type GuardedTender } from './tender-guard.machine';

// What a user of a guarded tender page meets: a spinner, then the page, the not-found page, or
// the tender's details page when work on the tender has not started; another tender starts over.
const userModel = createMachine({
  id: 'tenderGuardModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.started': 'allowed', 'server.notStarted': 'redirecting', 'server.failed': 'notFound' } },
    allowed: { on: { 'user.otherTender': 'loading' } },
    notFound: { on: { 'user.otherTender': 'loading' } },
    redirecting: {},
  },
});

function start() {
  const calls: { id: string; resolve: (t: GuardedTender) => void; reject: (e: unknown) => void }[] = [];
  const redirects: string[] = [];
  const logic = tenderGuardMachine.provide({
    actors: { getTender: fromPromise<GuardedTender, { id: string }>(({ input }) => new Promise((resolve, reject) => calls.push({ id: input.id, resolve, reject }))) },
    actions: { redirectToDetails: (_, params) => redirects.push(params.id) },
  });
  const actor = createActor(logic, { input: { id: 'tender-1' }, clock: new SimulatedClock() }).start();
  return { actor, calls, redirects };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tender guard machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['allowed', 'loading', 'notFound', 'redirecting']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, redirects } = start();
      let tenders = 1;
      const snapshot = () => actor.getSnapshot();
      await path.test({
        events: {
          'server.started': async () => {
            calls.at(-1)!.resolve({ _id: calls.at(-1)!.id, status: 'in_progress' });
            await flush();
          },
          'server.notStarted': async () => {
            calls.at(-1)!.resolve({ _id: calls.at(-1)!.id, status: 'not_started' });
            await flush();
          },
          'server.failed': async () => {
            calls.at(-1)!.reject({ message: 'Introuvable', status: 404 });
            await flush();
          },
          'user.otherTender': () => {
            tenders += 1;
            actor.send({ type: 'guard.load', id: `tender-${tenders}` });
          },
        },
        states: {
          loading: () => {
            expect(snapshot().hasTag('loading')).toBe(true);
            // One load per tender shown, for the tender in the address.
            expect(calls).toHaveLength(tenders);
            expect(calls.at(-1)!.id).toBe(`tender-${tenders}`);
            expect(snapshot().context.tender).toBeNull();
          },
          allowed: () => {
            expect(snapshot().value).toBe('allowed');
            expect(snapshot().context.tender).toEqual({ _id: `tender-${tenders}`, status: 'in_progress' });
            expect(redirects).toEqual([]);
          },
          notFound: () => {
            expect(snapshot().value).toBe('notFound');
            expect(snapshot().context.error).toMatchObject({ status: 404 });
            expect(redirects).toEqual([]);
          },
          redirecting: () => {
            expect(snapshot().value).toBe('redirecting');
            // Sent once to the details page of that very tender.
            expect(redirects).toEqual([`tender-${tenders}`]);
          },
        },
      });
    });
  }
});

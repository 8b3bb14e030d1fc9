import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { marketDataMachine } from './market-data.machine';

// What a member sees of market data: a load, then the data or a failure with a retry; another page
// of a list loads it (the rows shown stay until it arrives), and a failed page is retried as such.
const userModel = createMachine({
  id: 'marketDataModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.answered': 'ready', 'server.failed': 'failed' } },
    ready: { on: { 'user.nextPage': 'paging', 'user.samePage': 'ready' } },
    paging: { on: { 'server.answered': 'ready', 'server.failed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
  },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const calls: { page: number; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const actor = createActor(
    marketDataMachine.provide({ actors: { load: fromPromise<unknown, { page: number }>(({ input }) => new Promise((resolve, reject) => calls.push({ page: input.page, resolve, reject }))) } }),
    { input: { page: 1 } },
  ).start();
  return { actor, calls };
}

describe('market data machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['failed', 'loading', 'paging', 'ready']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls } = start();
      const snapshot = () => actor.getSnapshot();
      let loads = 1;
      await path.test({
        events: {
          'server.answered': async () => {
            const call = calls.at(-1)!;
            call.resolve({ page: call.page, rows: [`row of page ${call.page}`] });
            await flush();
          },
          'server.failed': async () => {
            calls.at(-1)!.reject({ message: 'Service indisponible.', status: 503 });
            await flush();
          },
          'user.retry': () => {
            loads += 1;
            actor.send({ type: 'market.retry' });
          },
          'user.nextPage': () => {
            loads += 1;
            actor.send({ type: 'market.page', page: snapshot().context.page + 1 });
          },
          'user.samePage': () => actor.send({ type: 'market.page', page: snapshot().context.page }),
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(snapshot().hasTag('loading')).toBe(true);
            expect(calls).toHaveLength(loads);
            // A retry asks for the page that failed.
            expect(calls.at(-1)!.page).toBe(snapshot().context.page);
          },
          ready: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.data).toEqual({ page: snapshot().context.page, rows: [`row of page ${snapshot().context.page}`] });
            expect(snapshot().context.error).toBeNull();
            // The same page again asks for nothing.
            expect(calls).toHaveLength(loads);
          },
          paging: () => {
            expect(snapshot().value).toBe('loading');
            expect(calls.at(-1)!.page).toBe(snapshot().context.page);
            expect(snapshot().context.page).toBeGreaterThan(1);
            // The previous page's rows stay shown while the next one loads.
            expect(snapshot().context.data).not.toBeNull();
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error).toMatchObject({ status: 503 });
            expect(snapshot().can({ type: 'market.retry' })).toBe(true);
          },
        },
      });
    });
  }
});

import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

export type MarketDataContext<T = unknown> = { page: number; data: T | null; error: RequestError | null };
export type MarketDataEvent = { type: 'market.retry' } | { type: 'market.page'; page: number };

/**
 * Market data read from the imports (issue 13): a call's history and its buyer's past awards on
 * the tender page, a company's won and lost calls on its page. loading → ready | failed; a failure
 * is retried by the user; another page of a ready list loads it, keeping the rows shown meanwhile.
 * `load` (the operation) is provided by the app.
 */
export const marketDataMachine = setup({
  types: { context: {} as MarketDataContext, events: {} as MarketDataEvent, input: {} as { page?: number } | undefined },
  actors: {
    load: fromPromise<unknown, { page: number }>(async () => {
      throw new Error('Actor "load" was not provided');
    }),
  },
}).createMachine({
  id: 'marketData',
  initial: 'loading',
  context: ({ input }) => ({ page: input?.page ?? 1, data: null, error: null }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => ({ page: context.page }),
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    ready: { on: { 'market.page': { guard: ({ context, event }) => event.page !== context.page && event.page >= 1, target: 'loading', actions: assign({ page: ({ event }) => event.page }) } } },
    failed: { on: { 'market.retry': 'loading' } },
  },
});

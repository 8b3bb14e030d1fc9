import { setup } from 'xstate';

export type PollEvent = { type: 'poll.watch'; pending: boolean };

/**
 * Follows work that runs on the server (a document's text being read): each time the page shows
 * new data it says whether some of it is still pending; while it is, `refresh` runs once per
 * interval. The page reloads in `refresh` and reports again, so polling stops on its own.
 */
export const pollMachine = setup({
  types: { context: {} as { intervalMs: number }, input: {} as { intervalMs?: number } | undefined, events: {} as PollEvent },
  actions: { refresh: () => undefined },
  delays: { interval: ({ context }) => context.intervalMs },
}).createMachine({
  id: 'poll',
  context: ({ input }) => ({ intervalMs: input?.intervalMs ?? 1500 }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'poll.watch': { guard: ({ event }) => event.pending, target: 'waiting' } },
    },
    waiting: {
      after: { interval: { target: 'idle', actions: 'refresh' } },
      on: { 'poll.watch': { guard: ({ event }) => !event.pending, target: 'idle' } },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

/** What the guard needs of a tender; the page reads the rest from the same answer. */
export type GuardedTender = { _id: string; status: string };

export type TenderGuardContext = { id: string; tender: GuardedTender | null; error: RequestError | null };

export type TenderGuardEvent = { type: 'guard.load'; id: string };

/**
 * The guard of the tender pages (spec 2 and 4): it loads the tender with a spinner; on error the
 * page shows the not-found page; a tender whose status is not_started sends the user to its
 * details page (/tenders/{id}) and renders nothing; any other status lets the page through.
 * `getTender` and `redirectToDetails` are provided by the app.
 */
export const tenderGuardMachine = setup({
  types: {
    context: {} as TenderGuardContext,
    events: {} as TenderGuardEvent,
    input: {} as { id: string },
  },
  actors: {
    getTender: fromPromise<GuardedTender, { id: string }>(async () => {
      throw new Error('Actor "getTender" was not provided');
    }),
  },
  actions: {
    redirectToDetails: (_, _params: { id: string }) => {},
  },
  guards: {
    notStarted: (_, params: { tender: GuardedTender }) => params.tender.status === 'not_started',
  },
}).createMachine({
  id: 'tenderGuard',
  context: ({ input }) => ({ id: input.id, tender: null, error: null }),
  initial: 'loading',
  // Another tender in the same page (a link between two tenders) is checked again.
  on: { 'guard.load': { target: '.loading', actions: assign({ id: ({ event }) => event.id, tender: null, error: null }) } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'getTender',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'notStarted', params: ({ event }) => ({ tender: event.output }) },
            target: 'redirecting',
            actions: assign({ tender: ({ event }) => event.output }),
          },
          { target: 'allowed', actions: assign({ tender: ({ event }) => event.output }) },
        ],
        onError: { target: 'notFound', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    redirecting: {
      entry: { type: 'redirectToDetails', params: ({ context }) => ({ id: context.id }) },
    },
    notFound: {},
    allowed: {},
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { nextStatuses, TENDER_TRANSITIONS, type TenderStatus } from './tender-lifecycle';
import { toRequestError, type RequestError, type RequestSuccess } from '../shared/request-result';

/** What the status flow needs of the saved tender; the page takes the whole answer. */
export type StatusChangedTender = { _id: string; status: TenderStatus };

export type TenderStatusContext = {
  id: string;
  /** The tender's status as last saved. */
  status: TenderStatus;
  /** The status asked for: waiting for confirmation, being saved, or refused. */
  to: TenderStatus | null;
  error: RequestError | null;
};

export type TenderStatusEvent =
  | { type: 'status.choose'; to: TenderStatus }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' }
  | { type: 'status.sync'; status: TenderStatus };

/** A decision ends the lifecycle (won, lost, non compliant): nothing can follow it, so it is confirmed first. */
export const needsConfirmation = (to: TenderStatus) => TENDER_TRANSITIONS[to].length === 0;

/**
 * Moving a tender along its lifecycle from its details page: only the statuses the lifecycle
 * allows from the current one can be chosen; a decision asks for confirmation first; the change
 * is saved through `updateTender` (provided by the app) and `statusChanged` hands the saved
 * tender back; a refusal (409 when someone moved the tender meanwhile) keeps the server's message
 * until the user dismisses it, tries again or chooses another status.
 */
export const tenderStatusMachine = setup({
  types: {
    context: {} as TenderStatusContext,
    events: {} as TenderStatusEvent,
    input: {} as { id: string; status: TenderStatus },
  },
  actors: {
    updateTender: fromPromise<RequestSuccess<StatusChangedTender>, { id: string; patch: { status: TenderStatus } }>(async () => {
      throw new Error('Actor "updateTender" was not provided');
    }),
  },
  actions: {
    statusChanged: (_, _params: { message: string; tender: StatusChangedTender }) => {},
  },
  guards: {
    allowedDecision: ({ context }, params: { to: TenderStatus }) => nextStatuses(context.status).includes(params.to) && needsConfirmation(params.to),
    allowedStep: ({ context }, params: { to: TenderStatus }) => nextStatuses(context.status).includes(params.to) && !needsConfirmation(params.to),
    pendingDecision: ({ context }) => context.to !== null && needsConfirmation(context.to),
  },
}).createMachine({
  id: 'tenderStatus',
  context: ({ input }) => ({ id: input.id, status: input.status, to: null, error: null }),
  initial: 'idle',
  on: {
    // The tender was loaded again: the server's status wins and any pending choice is dropped.
    'status.sync': { target: '.idle', actions: assign({ status: ({ event }) => event.status, to: null, error: null }) },
    // Taken in idle and failure; confirming and saving block it (below).
    'status.choose': [
      {
        guard: { type: 'allowedDecision', params: ({ event }) => ({ to: event.to }) },
        target: '.confirming',
        actions: assign({ to: ({ event }) => event.to, error: null }),
      },
      { guard: { type: 'allowedStep', params: ({ event }) => ({ to: event.to }) }, target: '.saving', actions: assign({ to: ({ event }) => event.to }) },
    ],
  },
  states: {
    idle: {},
    confirming: {
      on: {
        'status.choose': {},
        'status.confirm': { target: 'saving' },
        'status.cancel': { target: 'idle', actions: assign({ to: null }) },
      },
    },
    saving: {
      tags: ['saving'],
      // One change at a time; a reload meanwhile does not cancel it.
      on: { 'status.sync': {}, 'status.choose': {} },
      entry: assign({ error: null }),
      invoke: {
        src: 'updateTender',
        input: ({ context }) => ({ id: context.id, patch: { status: context.to! } }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ status: ({ event }) => event.output.data.status, to: null }),
            { type: 'statusChanged', params: ({ event }) => ({ message: event.output.message, tender: event.output.data }) },
          ],
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failure: {
      on: {
        'status.confirm': { guard: 'pendingDecision', target: 'saving' },
        'status.dismiss': { target: 'idle', actions: assign({ to: null, error: null }) },
        'status.cancel': { target: 'idle', actions: assign({ to: null, error: null }) },
      },
    },
  },
});

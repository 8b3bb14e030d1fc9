import { assign, fromPromise, setup } from 'xstate';
import { nextStatuses, REOPEN_REASON_MAX, reopenTarget, TENDER_TRANSITIONS, type TenderStatus } from '../../rules/tender-lifecycle';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

/** What the status flow needs of the saved tender; the page takes the whole answer. */
export type StatusChangedTender = { _id: string; status: TenderStatus };

/** A move along the lifecycle, or a reopening of a submitted tender (which needs a reason). */
export type StatusChangeKind = 'move' | 'reopen';

export type TenderStatusContext = {
  id: string;
  /** The tender's status as last saved. */
  status: TenderStatus;
  /** May this user reopen a submitted tender (managers and admins; the server checks again). */
  canReopen: boolean;
  /** The status asked for: waiting for confirmation, being saved, or refused. */
  to: TenderStatus | null;
  kind: StatusChangeKind;
  /** Why the tender is reopened, as typed. */
  reason: string;
  /** Set when the user confirmed a reopening without a reason. */
  reasonError: 'required' | null;
  error: RequestError | null;
};

export type TenderStatusEvent =
  | { type: 'status.choose'; to: TenderStatus }
  | { type: 'status.reopen' }
  | { type: 'status.reason'; reason: string }
  | { type: 'status.confirm' }
  | { type: 'status.cancel' }
  | { type: 'status.dismiss' }
  | { type: 'status.sync'; status: TenderStatus };

/** A decision ends the lifecycle (won, lost, non compliant): nothing can follow it. */
export const isDecision = (to: TenderStatus) => TENDER_TRANSITIONS[to].length === 0;

const reasonOk = (reason: string) => reason.trim().length > 0 && reason.length <= REOPEN_REASON_MAX;

type Input = { id: string; status: TenderStatus; canReopen?: boolean };

const cleared = { to: null, kind: 'move' as const, reason: '', reasonError: null, error: null };

/**
 * Moving a tender along its lifecycle from its details page. Every change is confirmed first (a
 * dialog names it and says what it means) and can be cancelled; only the statuses the lifecycle
 * allows from the current one can be chosen. A manager or an admin may also reopen a submitted
 * tender, with a reason. The change is saved through `updateTender` or `reopenTender` (provided
 * by the app) and `statusChanged` hands the saved tender back; a refusal (409 when someone moved
 * the tender meanwhile) keeps the server's message until the user cancels or tries again.
 */
export const tenderStatusMachine = setup({
  types: {
    context: {} as TenderStatusContext,
    events: {} as TenderStatusEvent,
    input: {} as Input,
  },
  actors: {
    updateTender: fromPromise<RequestSuccess<StatusChangedTender>, { id: string; patch: { status: TenderStatus } }>(async () => {
      throw new Error('Actor "updateTender" was not provided');
    }),
    reopenTender: fromPromise<RequestSuccess<StatusChangedTender>, { id: string; reason: string }>(async () => {
      throw new Error('Actor "reopenTender" was not provided');
    }),
  },
  actions: {
    statusChanged: (_, _params: { message: string; tender: StatusChangedTender }) => {},
  },
  guards: {
    allowedMove: ({ context }, params: { to: TenderStatus }) => nextStatuses(context.status).includes(params.to),
    canReopen: ({ context }) => context.canReopen && reopenTarget(context.status) !== null,
    isMove: ({ context }) => context.kind === 'move' && context.to !== null,
    reopenWithReason: ({ context }) => context.kind === 'reopen' && reasonOk(context.reason),
  },
}).createMachine({
  id: 'tenderStatus',
  context: ({ input }) => ({ id: input.id, status: input.status, canReopen: input.canReopen ?? false, ...cleared }),
  initial: 'idle',
  on: {
    // The tender was loaded again: the server's status wins and any pending choice is dropped.
    'status.sync': { target: '.idle', actions: assign({ status: ({ event }) => event.status, ...cleared }) },
  },
  states: {
    idle: {
      on: {
        'status.choose': {
          guard: { type: 'allowedMove', params: ({ event }) => ({ to: event.to }) },
          target: 'confirming',
          actions: assign({ ...cleared, to: ({ event }) => event.to }),
        },
        'status.reopen': {
          guard: 'canReopen',
          target: 'confirming',
          actions: assign({ ...cleared, kind: 'reopen', to: ({ context }) => reopenTarget(context.status) }),
        },
      },
    },
    confirming: {
      on: {
        'status.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, REOPEN_REASON_MAX), reasonError: null }) },
        'status.confirm': [
          { guard: 'isMove', target: 'saving' },
          { guard: 'reopenWithReason', target: 'reopening' },
          // A reopening without a reason: said beside the field, nothing sent.
          { actions: assign({ reasonError: 'required' }) },
        ],
        'status.cancel': { target: 'idle', actions: assign(cleared) },
      },
    },
    saving: {
      tags: ['saving'],
      // One change at a time; a reload meanwhile does not cancel it.
      on: { 'status.sync': {} },
      entry: assign({ error: null }),
      invoke: {
        src: 'updateTender',
        input: ({ context }) => ({ id: context.id, patch: { status: context.to! } }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ ...cleared, status: ({ event }) => event.output.data.status }),
            { type: 'statusChanged', params: ({ event }) => ({ message: event.output.message, tender: event.output.data }) },
          ],
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    reopening: {
      tags: ['saving'],
      on: { 'status.sync': {} },
      entry: assign({ error: null }),
      invoke: {
        src: 'reopenTender',
        input: ({ context }) => ({ id: context.id, reason: context.reason.trim() }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ ...cleared, status: ({ event }) => event.output.data.status }),
            { type: 'statusChanged', params: ({ event }) => ({ message: event.output.message, tender: event.output.data }) },
          ],
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failure: {
      on: {
        'status.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, REOPEN_REASON_MAX), reasonError: null }) },
        'status.confirm': [
          { guard: 'isMove', target: 'saving' },
          { guard: 'reopenWithReason', target: 'reopening' },
          { actions: assign({ reasonError: 'required' }) },
        ],
        'status.dismiss': { target: 'idle', actions: assign(cleared) },
        'status.cancel': { target: 'idle', actions: assign(cleared) },
      },
    },
  },
});

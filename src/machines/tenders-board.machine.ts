import { assign, fromPromise, setup } from 'xstate';
import { nextStatuses, REOPEN_REASON_MAX, reopenTarget, type TenderStatus } from '../../rules/tender-lifecycle';
import { isDecision, type StatusChangeKind } from './tender-status.machine';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import type { components } from '../../openapi/schema';

/** A card of the board: a row of the company's tender list. */
export type BoardTender = components['schemas']['TenderListItem'];

/** A column as the server gives it: its count in all, and its cards from where it was asked. */
export type BoardColumn = components['schemas']['TendersBoard']['columns'][number];

/** Per status: a column's tenders in all, and how many of them the server has sent in its order. */
type PerStatus = Partial<Record<TenderStatus, number>>;

/** A move asked for: the tender, where it stood, where it goes, and whether it is a reopening. */
export type BoardMove = { id: string; from: TenderStatus; to: TenderStatus; kind: StatusChangeKind };

/** What the board last said in its live region. */
export type BoardAnnouncement =
  | { kind: 'moved'; id: string; to: TenderStatus }
  | { kind: 'forbidden'; id: string; from: TenderStatus; to: TenderStatus }
  | { kind: 'refused'; id: string; message: string };

export type TendersBoardContext = {
  /** The cards loaded so far, every column's. */
  tenders: BoardTender[];
  /** Each column's tenders in all: a column shows its first cards and loads the next on demand. */
  counts: PerStatus;
  /** Each column's cards read from the server in its order: where its next cards start. */
  fetched: PerStatus;
  /** The column whose next cards are loading. */
  loadingMore: TenderStatus | null;
  /** A column whose next cards could not be read, and why. */
  moreError: { status: TenderStatus; message: string } | null;
  /** May this user reopen a submitted tender (managers and admins; the server checks again). */
  canReopen: boolean;
  move: BoardMove | null;
  reason: string;
  reasonError: 'required' | null;
  /** The list could not be read. */
  loadError: RequestError | null;
  /** The last move was refused by the server (rolled back). */
  error: RequestError | null;
  announcement: BoardAnnouncement | null;
};

export type TendersBoardEvent =
  | { type: 'board.reload' }
  | { type: 'board.more'; status: TenderStatus }
  | { type: 'board.move'; id: string; to: TenderStatus }
  | { type: 'board.reason'; reason: string }
  | { type: 'board.confirm' }
  | { type: 'board.cancel' }
  | { type: 'board.dismiss' };

/** How a tender may go from one status to another on the board: a move, a reopening, or not at all. */
export function moveKind(from: TenderStatus, to: TenderStatus, canReopen: boolean): StatusChangeKind | null {
  if (nextStatuses(from).includes(to)) return 'move';
  if (canReopen && reopenTarget(from) === to) return 'reopen';
  return null;
}

/** The statuses a tender may be dropped on from where it stands. */
export const boardTargets = (from: TenderStatus, canReopen: boolean) =>
  [...nextStatuses(from), ...(canReopen && reopenTarget(from) ? [reopenTarget(from)!] : [])] as TenderStatus[];

/** Decisions cannot be undone and a reopening needs a reason: both are confirmed in the dialog first. */
export const needsConfirmation = (move: Pick<BoardMove, 'to' | 'kind'>) => move.kind === 'reopen' || isDecision(move.to);

const reasonOk = (reason: string) => reason.trim().length > 0 && reason.length <= REOPEN_REASON_MAX;

const setStatus = (tenders: BoardTender[], id: string, status: TenderStatus) => tenders.map((t) => (t._id === id ? { ...t, status } : t));

const add = (counts: PerStatus, status: TenderStatus, n: number): PerStatus => ({ ...counts, [status]: Math.max(0, (counts[status] ?? 0) + n) });

/**
 * The counts once a card has gone from one column to another. The column it left has one card
 * less before those not yet loaded (so its next cards start one earlier); the column it joined may
 * send it again with its next cards, which the merge drops.
 */
function moved(context: Pick<TendersBoardContext, 'counts' | 'fetched'>, from: TenderStatus, to: TenderStatus) {
  return { counts: add(add(context.counts, from, -1), to, 1), fetched: add(context.fetched, from, -1) };
}

/** The counts as they were before a move the server refused. */
function unmoved(context: Pick<TendersBoardContext, 'counts' | 'fetched'>, from: TenderStatus, to: TenderStatus) {
  return { counts: add(add(context.counts, to, -1), from, 1), fetched: add(context.fetched, from, 1) };
}

/** Cards added to those loaded, each once (a card moved in may come again with its new column's). */
function merge(tenders: BoardTender[], more: BoardTender[]) {
  const known = new Set(tenders.map((t) => t._id));
  return [...tenders, ...more.filter((t) => !known.has(t._id))];
}

type Input = { canReopen?: boolean };

/**
 * The kanban of a company's tenders (issue 13): columns by status, a card moved by drag or by its
 * "Move to…" menu. Only the lifecycle's moves are accepted (others are announced as refused and
 * nothing is sent); plain moves are shown at once and saved, decisions and reopenings are
 * confirmed first in the details page's dialog. A refusal from the server puts the card back and
 * says why. One move at a time. `loadBoard` and `saveMove` (a status change or a reopening) come
 * from the app.
 */
export const tendersBoardMachine = setup({
  types: {
    context: {} as TendersBoardContext,
    events: {} as TendersBoardEvent,
    input: {} as Input,
  },
  actors: {
    loadBoard: fromPromise<BoardColumn[], void>(async () => {
      throw new Error('Actor "loadBoard" was not provided');
    }),
    loadColumn: fromPromise<BoardColumn, { status: TenderStatus; skip: number }>(async () => {
      throw new Error('Actor "loadColumn" was not provided');
    }),
    saveMove: fromPromise<RequestSuccess<{ _id: string; status: TenderStatus }>, { move: BoardMove; reason: string }>(async () => {
      throw new Error('Actor "saveMove" was not provided');
    }),
  },
  guards: {
    forbidden: ({ context, event }) => {
      if (event.type !== 'board.move') return false;
      const tender = context.tenders.find((t) => t._id === event.id);
      return !tender || tender.status === event.to || moveKind(tender.status, event.to, context.canReopen) === null;
    },
    confirmFirst: ({ context, event }) => {
      if (event.type !== 'board.move') return false;
      const from = context.tenders.find((t) => t._id === event.id)!.status;
      return needsConfirmation({ to: event.to, kind: moveKind(from, event.to, context.canReopen)! });
    },
    isMove: ({ context }) => context.move?.kind === 'move',
    hasMore: ({ context, event }) => {
      if (event.type !== 'board.more') return false;
      const shown = context.tenders.filter((t) => t.status === event.status).length;
      return shown < (context.counts[event.status] ?? 0);
    },
    reopenWithReason: ({ context }) => context.move?.kind === 'reopen' && reasonOk(context.reason),
  },
  actions: {
    refuseDrop: assign({
      announcement: ({ context, event }) => {
        const e = event as Extract<TendersBoardEvent, { type: 'board.move' }>;
        const from = context.tenders.find((t) => t._id === e.id)?.status ?? e.to;
        return { kind: 'forbidden', id: e.id, from, to: e.to } as const;
      },
    }),
    ask: assign(({ context, event }) => {
      const e = event as Extract<TendersBoardEvent, { type: 'board.move' }>;
      const from = context.tenders.find((t) => t._id === e.id)!.status;
      return { move: { id: e.id, from, to: e.to, kind: moveKind(from, e.to, context.canReopen)! }, reason: '', reasonError: null, error: null };
    }),
  },
}).createMachine({
  id: 'tendersBoard',
  context: ({ input }) => ({
    tenders: [],
    counts: {},
    fetched: {},
    loadingMore: null,
    moreError: null,
    canReopen: input.canReopen ?? false,
    move: null,
    reason: '',
    reasonError: null,
    loadError: null,
    error: null,
    announcement: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ loadError: null }),
      invoke: {
        src: 'loadBoard',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            tenders: event.output.flatMap((column) => column.tenders),
            counts: Object.fromEntries(event.output.map((column) => [column.status, column.count])),
            fetched: Object.fromEntries(event.output.map((column) => [column.status, column.tenders.length])),
          })),
        },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: { on: { 'board.reload': 'loading' } },
    ready: {
      on: {
        'board.reload': 'loading',
        'board.more': { guard: 'hasMore', target: 'loadingMore', actions: assign({ loadingMore: ({ event }) => event.status, moreError: null }) },
        'board.move': [
          { guard: 'forbidden', actions: 'refuseDrop' },
          { guard: 'confirmFirst', target: 'confirming', actions: 'ask' },
          { target: 'moving', actions: 'ask' },
        ],
      },
    },
    // A column's next cards, after those the server has sent; moves wait until they are in.
    loadingMore: {
      invoke: {
        src: 'loadColumn',
        input: ({ context }) => ({ status: context.loadingMore!, skip: context.fetched[context.loadingMore!] ?? 0 }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            tenders: merge(context.tenders, event.output.tenders),
            counts: { ...context.counts, [event.output.status]: event.output.count },
            fetched: add(context.fetched, event.output.status, event.output.tenders.length),
            loadingMore: null,
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ moreError: { status: context.loadingMore!, message: toRequestError(event.error).message }, loadingMore: null })),
        },
      },
    },
    // The server said no: the card is back where it was and the message stays until dismissed or the next move.
    refused: {
      on: {
        'board.dismiss': { target: 'ready', actions: assign({ error: null }) },
        'board.reload': { target: 'loading', actions: assign({ error: null }) },
        'board.move': [
          { guard: 'forbidden', actions: 'refuseDrop' },
          { guard: 'confirmFirst', target: 'confirming', actions: 'ask' },
          { target: 'moving', actions: 'ask' },
        ],
      },
    },
    confirming: {
      on: {
        'board.reason': { actions: assign({ reason: ({ event }) => event.reason.slice(0, REOPEN_REASON_MAX), reasonError: null }) },
        'board.confirm': [
          { guard: 'isMove', target: 'moving' },
          { guard: 'reopenWithReason', target: 'moving' },
          // A reopening without a reason: said beside the field, nothing sent.
          { actions: assign({ reasonError: 'required' }) },
        ],
        'board.cancel': { target: 'ready', actions: assign({ move: null, reason: '', reasonError: null }) },
      },
    },
    moving: {
      // Shown in its new column at once; put back if the server refuses.
      entry: assign(({ context }) => ({ tenders: setStatus(context.tenders, context.move!.id, context.move!.to), ...moved(context, context.move!.from, context.move!.to) })),
      invoke: {
        src: 'saveMove',
        input: ({ context }) => ({ move: context.move!, reason: context.reason.trim() }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            tenders: setStatus(context.tenders, event.output.data._id, event.output.data.status),
            announcement: { kind: 'moved', id: event.output.data._id, to: event.output.data.status } as const,
            move: null,
            reason: '',
          })),
        },
        onError: {
          target: 'refused',
          actions: assign(({ context, event }) => {
            const error = toRequestError(event.error);
            return {
              tenders: setStatus(context.tenders, context.move!.id, context.move!.from),
              ...unmoved(context, context.move!.from, context.move!.to),
              error,
              announcement: { kind: 'refused', id: context.move!.id, message: error.message } as const,
              move: null,
              reason: '',
            };
          }),
        },
      },
    },
  },
});

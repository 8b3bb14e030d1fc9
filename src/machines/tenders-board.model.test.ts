import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { boardTargets, moveKind, needsConfirmation, tendersBoardMachine, type BoardColumn, type BoardMove, type BoardTender } from './tenders-board.machine';
import type { TenderStatus } from '../../rules/tender-lifecycle';
import type { RequestSuccess } from '../common/request-result';

describe('the board lifecycle rules', () => {
  it('accepts the lifecycle moves, and the reopening only for those who may', () => {
    expect(boardTargets('not_started', false)).toEqual(['in_progress', 'non_compliant']);
    expect(boardTargets('submitted', false)).toEqual(['won', 'lost', 'non_compliant']);
    expect(boardTargets('submitted', true)).toEqual(['won', 'lost', 'non_compliant', 'in_progress']);
    expect(boardTargets('won', true)).toEqual([]);
    expect(moveKind('not_started', 'submitted', true)).toBe(null);
    expect(moveKind('submitted', 'in_progress', true)).toBe('reopen');
  });
  it('confirms decisions and reopenings first, not plain moves', () => {
    expect(needsConfirmation({ to: 'pending', kind: 'move' })).toBe(false);
    expect(needsConfirmation({ to: 'won', kind: 'move' })).toBe(true);
    expect(needsConfirmation({ to: 'in_progress', kind: 'reopen' })).toBe(true);
  });
});

// What a manager meets on the board: it loads (or fails and is retried); a plain move shows at
// once and is saved, or put back with the server's message; a forbidden drop sends nothing; a
// decision asks first and can be cancelled; a reopening needs a reason; a long column's next cards
// load on demand (or fail, and can be asked again).
const userModel = createMachine({
  id: 'boardModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loaded': 'ready', 'server.loadFailed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'user.moveAllowed': 'moving', 'user.moveForbidden': 'forbidden', 'user.decide': 'confirmingDecision', 'user.reopen': 'confirmingReopen', 'user.more': 'loadingMore' } },
    loadingMore: { on: { 'server.moreLoaded': 'allShown', 'server.moreFailed': 'moreFailed' } },
    allShown: {},
    moreFailed: { on: { 'user.more': 'loadingMore' } },
    forbidden: { on: { 'user.moveAllowed': 'moving' } },
    moving: { on: { 'server.saved': 'moved', 'server.refused': 'refused' } },
    moved: {},
    refused: { on: { 'user.dismiss': 'ready', 'user.moveAllowed': 'moving' } },
    confirmingDecision: { on: { 'user.cancel': 'ready', 'user.confirm': 'moving' } },
    confirmingReopen: { on: { 'user.confirmWithoutReason': 'reasonMissing', 'user.cancel': 'ready' } },
    reasonMissing: { on: { 'user.typeReason': 'reopenReady' } },
    reopenReady: { on: { 'user.confirm': 'moving' } },
  },
});

const row = (id: string, status: TenderStatus) => ({ _id: id, status }) as BoardTender;
const TENDERS = [row('a', 'not_started'), row('b', 'in_progress'), row('c', 'submitted')];
// The first card of each column; "not started" holds two more on the server.
const COLUMNS: BoardColumn[] = [
  { status: 'not_started', count: 3, tenders: [TENDERS[0]!] },
  { status: 'in_progress', count: 1, tenders: [TENDERS[1]!] },
  { status: 'submitted', count: 1, tenders: [TENDERS[2]!] },
];
const NEXT = [row('d', 'not_started'), row('e', 'not_started')];
const REFUSAL = { message: "Ce changement de statut n'est pas possible.", status: 409 };
const REASON = 'Bordereau de prix à corriger.';

type Save = { input: { move: BoardMove; reason: string }; resolve: (r: RequestSuccess<{ _id: string; status: TenderStatus }>) => void; reject: (e: unknown) => void };

type More = { input: { status: TenderStatus; skip: number }; resolve: (c: BoardColumn) => void; reject: (e: unknown) => void };

function start() {
  const loads: { resolve: (t: BoardColumn[]) => void; reject: (e: unknown) => void }[] = [];
  const saves: Save[] = [];
  const mores: More[] = [];
  const logic = tendersBoardMachine.provide({
    actors: {
      loadBoard: fromPromise<BoardColumn[], void>(() => new Promise((resolve, reject) => loads.push({ resolve, reject }))),
      loadColumn: fromPromise<BoardColumn, More['input']>(({ input }) => new Promise((resolve, reject) => mores.push({ input, resolve, reject }))),
      saveMove: fromPromise<RequestSuccess<{ _id: string; status: TenderStatus }>, Save['input']>(({ input }) => new Promise((resolve, reject) => saves.push({ input, resolve, reject }))),
    },
  });
  return { actor: createActor(logic, { input: { canReopen: true } }).start(), loads, saves, mores };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tenders board machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = model.getSimplePaths();

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)].map((s) => String(s.value))));
    expect([...reached].sort()).toEqual(Object.keys(userModel.config.states!).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, loads, saves, mores } = start();
      const snap = () => actor.getSnapshot();
      const statusOf = (id: string) => snap().context.tenders.find((t) => t._id === id)?.status;
      // What the server holds, as the test drives it.
      const saved: Record<string, TenderStatus> = { a: 'not_started', b: 'in_progress', c: 'submitted' };
      let sent = 0;
      let asked: BoardMove | null = null;
      const showsSaved = () => {
        for (const id of Object.keys(saved)) if (id !== snap().context.move?.id) expect(statusOf(id)).toBe(saved[id]);
      };
      await path.test({
        events: {
          'server.loaded': async () => {
            loads.at(-1)!.resolve(COLUMNS);
            await flush();
          },
          'server.loadFailed': async () => {
            loads.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.retry': () => actor.send({ type: 'board.reload' }),
          'user.moveAllowed': () => {
            asked = { id: 'a', from: 'not_started', to: 'in_progress', kind: 'move' };
            sent += 1;
            actor.send({ type: 'board.move', id: 'a', to: 'in_progress' });
          },
          'user.moveForbidden': () => actor.send({ type: 'board.move', id: 'a', to: 'submitted' }),
          'user.decide': () => {
            asked = { id: 'c', from: 'submitted', to: 'won', kind: 'move' };
            actor.send({ type: 'board.move', id: 'c', to: 'won' });
          },
          'user.reopen': () => {
            asked = { id: 'c', from: 'submitted', to: 'in_progress', kind: 'reopen' };
            actor.send({ type: 'board.move', id: 'c', to: 'in_progress' });
          },
          'user.cancel': () => {
            asked = null;
            actor.send({ type: 'board.cancel' });
          },
          'user.confirm': () => {
            sent += 1;
            actor.send({ type: 'board.confirm' });
          },
          'user.confirmWithoutReason': () => actor.send({ type: 'board.confirm' }),
          'user.typeReason': () => actor.send({ type: 'board.reason', reason: REASON }),
          'user.dismiss': () => actor.send({ type: 'board.dismiss' }),
          'user.more': () => actor.send({ type: 'board.more', status: 'not_started' }),
          'server.moreLoaded': async () => {
            // The server sends the column from where the board asked; a card it already shows is not shown twice.
            mores.at(-1)!.resolve({ status: 'not_started', count: 3, tenders: [TENDERS[0]!, ...NEXT] });
            await flush();
          },
          'server.moreFailed': async () => {
            mores.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'server.saved': async () => {
            const save = saves.at(-1)!;
            saved[save.input.move.id] = save.input.move.to;
            save.resolve({ message: 'Statut mis à jour.', data: { _id: save.input.move.id, status: save.input.move.to } });
            await flush();
          },
          'server.refused': async () => {
            saves.at(-1)!.reject(REFUSAL);
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snap().value).toBe('loading');
            expect(saves).toHaveLength(0);
          },
          failed: () => {
            expect(snap().value).toBe('failed');
            expect(snap().context.loadError?.message).toBe('Erreur interne du serveur.');
          },
          ready: () => {
            expect(snap().value).toBe('ready');
            expect(saves).toHaveLength(sent);
            showsSaved();
          },
          forbidden: () => {
            expect(snap().value).toBe('ready');
            // Nothing sent, the card stays, the refusal is announced.
            expect(saves).toHaveLength(sent);
            expect(statusOf('a')).toBe('not_started');
            expect(snap().context.announcement).toEqual({ kind: 'forbidden', id: 'a', from: 'not_started', to: 'submitted' });
          },
          moving: () => {
            expect(snap().value).toBe('moving');
            // Shown in the new column before the answer, saved once with what was asked.
            expect(statusOf(asked!.id)).toBe(asked!.to);
            expect(saves).toHaveLength(sent);
            expect(saves.at(-1)!.input).toEqual({ move: asked, reason: asked!.kind === 'reopen' ? REASON : '' });
            // One move at a time.
            expect(snap().can({ type: 'board.move', id: 'b', to: 'pending' })).toBe(false);
          },
          moved: () => {
            expect(snap().value).toBe('ready');
            showsSaved();
            expect(snap().context.announcement).toEqual({ kind: 'moved', id: asked!.id, to: asked!.to });
          },
          refused: () => {
            expect(snap().value).toBe('refused');
            // Put back where the server has it, with its message.
            expect(statusOf(asked!.id)).toBe(asked!.from);
            showsSaved();
            expect(snap().context.error).toEqual(REFUSAL);
            expect(snap().context.announcement).toEqual({ kind: 'refused', id: asked!.id, message: REFUSAL.message });
          },
          confirmingDecision: () => {
            expect(snap().value).toBe('confirming');
            expect(snap().context.move).toEqual(asked);
            expect(saves).toHaveLength(sent);
            expect(statusOf('c')).toBe('submitted');
          },
          confirmingReopen: () => {
            expect(snap().value).toBe('confirming');
            expect(snap().context).toMatchObject({ move: asked, reason: '', reasonError: null });
          },
          reasonMissing: () => {
            expect(snap().context.reasonError).toBe('required');
            expect(saves).toHaveLength(sent);
          },
          reopenReady: () => expect(snap().context).toMatchObject({ reason: REASON, reasonError: null }),
          loadingMore: () => {
            expect(snap().value).toBe('loadingMore');
            // The column's next cards start after those the server sent in its order.
            expect(mores.at(-1)!.input).toEqual({ status: 'not_started', skip: statusOf('a') === 'not_started' ? 1 : 0 });
            expect(snap().can({ type: 'board.move', id: 'b', to: 'pending' })).toBe(false);
          },
          allShown: () => {
            expect(snap().value).toBe('ready');
            const column = snap().context.tenders.filter((t) => t.status === 'not_started').map((t) => t._id);
            expect(column).toEqual(['a', 'd', 'e']);
            expect(snap().context.counts.not_started).toBe(3);
            // Nothing more to ask for.
            expect(snap().can({ type: 'board.more', status: 'not_started' })).toBe(false);
          },
          moreFailed: () => {
            expect(snap().value).toBe('ready');
            expect(snap().context.moreError).toEqual({ status: 'not_started', message: 'Erreur interne du serveur.' });
            expect(snap().context.tenders).toHaveLength(3);
          },
        },
      });
    });
  }
});

import { describe, expect, it, vi, afterEach } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { RequestSuccess } from '../common/request-result';
import { alertsBellMachine, BELL_REFRESH_MS, type Notification, type NotificationPage } from './alerts-bell.machine';

// What a user sees of the header's bell: the count loads (or fails and is retried, by hand or on
// the next minute), is read again every minute and on every page change; opening a notification
// shows it read at once and takes the server's count; "mark all read" empties the count; a marking
// the server refuses brings the true list back.
const userModel = createMachine({
  id: 'alertsBellModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.listed': 'ready', 'server.listFailed': 'failed' } },
    failed: { on: { 'user.retry': 'loading', 'clock.minute': 'loading' } },
    ready: { on: { 'user.navigate': 'refreshing', 'clock.minute': 'refreshing', 'user.open': 'marking', 'user.readAll': 'markingAll' } },
    refreshing: { on: { 'server.listed': 'refreshed', 'server.listFailed': 'refreshFailed' } },
    refreshed: {},
    refreshFailed: {},
    marking: { on: { 'server.marked': 'marked', 'server.markFailed': 'reread' } },
    marked: {},
    markingAll: { on: { 'server.marked': 'allRead' } },
    allRead: {},
    reread: {},
  },
});

const unread = (id: string, createdAt: string): Notification => ({
  _id: id,
  kind: 'reminder_submission',
  tender: { _id: 'b1000000-0000-4000-8000-000000000001', reference: '26-101245', title: 'Réfection de la toiture' },
  payload: { days: 7, date: '2026-03-12T11:00:00.000Z' },
  readAt: null,
  createdAt,
});
const first: NotificationPage = { notifications: [unread('n2', '2026-03-02T08:00:00.000Z'), unread('n1', '2026-03-01T08:00:00.000Z')], unread: 2 };
const later: NotificationPage = { notifications: [unread('n3', '2026-03-03T08:00:00.000Z'), ...first.notifications], unread: 3 };

type Pending<I, O> = { input: I; resolve: (value: RequestSuccess<O>) => void; reject: (error: unknown) => void };
const flush = async () => {
  for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(0);
};

function start() {
  const lists: Pending<void, NotificationPage>[] = [];
  const reads: Pending<{ id: string }, { unread: number }>[] = [];
  const readAlls: Pending<void, { unread: number }>[] = [];
  const pending = <I, O>(list: Pending<I, O>[]) => fromPromise(({ input }: { input: I }) => new Promise<RequestSuccess<O>>((resolve, reject) => list.push({ input, resolve, reject })));
  const logic = alertsBellMachine.provide({ actors: { listNotifications: pending(lists), readNotification: pending(reads), readAllNotifications: pending(readAlls) } });
  const actor = createActor(logic).start();
  return { actor, lists, reads, readAlls };
}

describe('alerts bell machine, model-based', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 4)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      vi.useFakeTimers();
      const { actor, lists, reads, readAlls } = start();
      const snapshot = () => actor.getSnapshot();
      let listsBefore = 0;
      await path.test({
        events: {
          'server.listed': async () => {
            lists.at(-1)!.resolve({ message: '', data: lists.length === 1 ? first : later });
            await flush();
          },
          'server.listFailed': async () => {
            lists.at(-1)!.reject({ message: 'Aucune réponse du serveur.' });
            await flush();
          },
          'user.retry': () => {
            listsBefore = lists.length;
            actor.send({ type: 'bell.retry' });
          },
          'user.navigate': () => {
            listsBefore = lists.length;
            actor.send({ type: 'bell.refresh' });
          },
          'clock.minute': async () => {
            listsBefore = lists.length;
            await vi.advanceTimersByTimeAsync(BELL_REFRESH_MS);
          },
          'user.open': () => actor.send({ type: 'bell.read', id: 'n2' }),
          'user.readAll': () => actor.send({ type: 'bell.readAll' }),
          'server.marked': async () => {
            if (snapshot().value === 'markingAll') readAlls.at(-1)!.resolve({ message: 'Toutes les notifications sont marquées comme lues.', data: { unread: 0 } });
            else reads.at(-1)!.resolve({ message: 'Notification marquée comme lue.', data: { unread: 1 } });
            await flush();
          },
          'server.markFailed': async () => {
            reads.at(-1)!.reject({ message: 'Introuvable.', status: 404 });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(lists.length).toBeGreaterThan(listsBefore);
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error).toBe('Aucune réponse du serveur.');
          },
          ready: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.unread).toBe(2);
            expect(snapshot().context.notifications.map((n) => n._id)).toEqual(['n2', 'n1']);
          },
          refreshing: () => {
            expect(snapshot().value).toBe('refreshing');
            expect(lists.length, 'the list is read again').toBe(listsBefore + 1);
            expect(snapshot().context.unread, 'the count stays on screen meanwhile').toBe(2);
          },
          refreshed: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.unread).toBe(3);
            expect(snapshot().context.notifications[0]!._id).toBe('n3');
          },
          refreshFailed: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.unread, 'the old count is kept').toBe(2);
            expect(snapshot().context.error).toBe('Aucune réponse du serveur.');
          },
          marking: () => {
            expect(snapshot().value).toBe('marking');
            expect(reads.at(-1)!.input).toEqual({ id: 'n2' });
            expect(snapshot().context.unread, 'shown read at once').toBe(1);
            expect(snapshot().context.notifications.find((n) => n._id === 'n2')!.readAt).not.toBeNull();
          },
          marked: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.unread).toBe(1);
          },
          markingAll: () => {
            expect(snapshot().value).toBe('markingAll');
            expect(snapshot().context.unread).toBe(0);
            expect(snapshot().context.notifications.every((n) => n.readAt !== null)).toBe(true);
          },
          allRead: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.unread).toBe(0);
          },
          reread: () => {
            expect(snapshot().value, 'the true list is read again').toBe('refreshing');
            expect(snapshot().context.error).toBe('Introuvable.');
          },
        },
      });
      actor.stop();
    });
  }
});

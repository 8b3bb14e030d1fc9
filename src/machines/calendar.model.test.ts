import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { addDays } from '../../rules/calendar';
import { addMonths, calendarMachine, visibleRange, type CalendarEvent } from './calendar.machine';
import type { RequestSuccess } from '../common/request-result';

const COMPANY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TODAY = '2026-11-24';
const event: CalendarEvent = {
  id: 'submission-5b0c1a4e-2f6d-4c8a-9e1b-3d7f0a2c4b6e',
  kind: 'submission',
  start: '2026-12-02T11:00:00.000Z',
  end: null,
  allDay: false,
  tenderId: '5b0c1a4e-2f6d-4c8a-9e1b-3d7f0a2c4b6e',
  tenderTitle: 'Réfection de la toiture du gymnase',
  reference: '26-101245',
  status: 'in_progress',
  title: null,
  mandatory: false,
};
const URL_1 = 'http://localhost/api/calendar/one.ics?lang=fr';

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const loads: Pending<{ companyId: string; from: string; to: string }, CalendarEvent[]>[] = [];
  const checks: Pending<void, { active: boolean }>[] = [];
  const creates: Pending<void, RequestSuccess<{ url: string }>>[] = [];
  const deletes: Pending<void, RequestSuccess<null>>[] = [];
  const pending = <I, O>(list: Pending<I, O>[]) => fromPromise(({ input }: { input: I }) => new Promise<O>((resolve, reject) => list.push({ input, resolve, reject })));
  const logic = calendarMachine.provide({ actors: { loadEvents: pending(loads), getFeed: pending(checks), createFeed: pending(creates), deleteFeed: pending(deletes) } });
  const actor = createActor(logic, { input: { companyId: COMPANY, today: TODAY } }).start();
  const value = () => actor.getSnapshot().value as { events: string; feed: string };
  return { actor, value, loads, checks, creates, deletes };
}

describe('calendar dates', () => {
  it('shows whole weeks from Monday around the month, or the week of the day', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    expect(visibleRange('month', '2026-11-24')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(visibleRange('week', '2026-11-24')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(visibleRange('week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});

// What a member sees of the calendar: it loads the days shown, then follows the period; moving the
// focused day within the days shown reads nothing, past them reads the new period; a failure
// offers to try again.
const eventsModel = createMachine({
  id: 'calendarEventsModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.events': 'ready', 'server.fails': 'failed' } },
    ready: { on: { 'user.next': 'loading', 'user.week': 'loading', 'user.focusNear': 'ready', 'user.focusFar': 'loading', 'user.today': 'loading' } },
    failed: { on: { 'user.retry': 'loading', 'user.next': 'loading' } },
  },
});

describe('calendar machine, events, model-based', () => {
  const model = createTestModel(eventsModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 4)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)].map((s) => String(s.value))));
    expect(reached.size).toBe(Object.keys(eventsModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, value, loads } = start();
      // The reads the member's actions should have caused, and the days the last one asks for.
      let expectedLoads = 1;
      let expectedRange = visibleRange('month', TODAY);
      const ask = (send: () => void, range: { from: string; to: string } | null) => {
        send();
        if (range) {
          expectedLoads += 1;
          expectedRange = range;
        }
      };
      const now = () => actor.getSnapshot().context;
      await path.test({
        events: {
          'server.events': async () => {
            loads.at(-1)!.resolve([event]);
            await flush();
          },
          'server.fails': async () => {
            loads.at(-1)!.reject({ message: 'Le serveur ne répond pas.', status: 503 });
            await flush();
          },
          'user.next': () => {
            const { view, focus } = now();
            ask(() => actor.send({ type: 'calendar.next' }), view === 'week' ? visibleRange('week', addDays(focus, 7)) : visibleRange('month', addMonths(focus, 1)));
          },
          'user.week': () => ask(() => actor.send({ type: 'calendar.view', view: 'week' }), visibleRange('week', now().focus)),
          'user.today': () => ask(() => actor.send({ type: 'calendar.today' }), visibleRange(now().view, TODAY)),
          // A day of the period shown: nothing to read.
          'user.focusNear': () => ask(() => actor.send({ type: 'calendar.focus', day: visibleRange(now().view, now().focus).from }), null),
          'user.focusFar': () => ask(() => actor.send({ type: 'calendar.focus', day: '2027-03-10' }), visibleRange(now().view, '2027-03-10')),
          'user.retry': () => ask(() => actor.send({ type: 'calendar.retry' }), { ...expectedRange }),
        },
        states: {
          loading: () => {
            expect(value().events).toBe('loading');
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(loads.length, 'one read per change of period').toBe(expectedLoads);
            expect(loads.at(-1)!.input).toEqual({ companyId: COMPANY, ...expectedRange });
            expect(actor.getSnapshot().context.events, 'the earlier period’s events are not shown').toEqual([]);
          },
          ready: () => {
            expect(value().events).toBe('ready');
            expect(actor.getSnapshot().context.events).toEqual([event]);
            expect(loads.length, 'moving within the days shown reads nothing').toBe(expectedLoads);
          },
          failed: () => {
            expect(value().events).toBe('failed');
            expect(actor.getSnapshot().context.error?.message).toBe('Le serveur ne répond pas.');
          },
        },
      });
    });
  }
});

// The subscription panel: none yet or one already, making the address (shown once), a new address
// or a revocation confirmed first, the server's refusal and the state read again.
const feedModel = createMachine({
  id: 'calendarFeedModel',
  initial: 'checking',
  states: {
    checking: { on: { 'server.none': 'inactive', 'server.hasOne': 'active', 'server.fails': 'failed' } },
    inactive: { on: { 'user.create': 'creating' } },
    creating: { on: { 'server.created': 'created', 'server.fails': 'failed' } },
    created: { on: { 'user.regenerate': 'confirmingRegenerate', 'user.revoke': 'confirmingRevoke' } },
    active: { on: { 'user.regenerate': 'confirmingRegenerate', 'user.revoke': 'confirmingRevoke' } },
    confirmingRegenerate: { on: { 'user.confirm': 'creating', 'user.cancel': 'active' } },
    confirmingRevoke: { on: { 'user.confirm': 'revoking', 'user.cancel': 'active' } },
    revoking: { on: { 'server.revoked': 'revoked', 'server.fails': 'failed' } },
    revoked: { on: { 'user.create': 'creating' } },
    failed: { on: { 'user.dismiss': 'checking' } },
  },
});

describe('calendar machine, feed, model-based', () => {
  const model = createTestModel(feedModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 5)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)].map((s) => String(s.value))));
    expect(reached.size).toBe(Object.keys(feedModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, value, checks, creates, deletes } = start();
      const context = () => actor.getSnapshot().context;
      let createsBefore = 0;
      let deletesBefore = 0;
      let checksBefore = 0;
      const settle = async (list: { resolve: (v: never) => void }[], output: unknown) => {
        list.at(-1)!.resolve(output as never);
        await flush();
      };
      await path.test({
        events: {
          'server.none': () => settle(checks, { active: false }),
          'server.hasOne': () => settle(checks, { active: true }),
          'server.created': () => settle(creates, { message: 'Adresse créée.', data: { url: URL_1 } }),
          'server.revoked': () => settle(deletes, { message: 'Abonnement révoqué.', data: null }),
          'server.fails': async () => {
            const feed = value().feed;
            const list = feed === 'checking' ? checks : feed === 'creating' ? creates : deletes;
            list.at(-1)!.reject({ message: 'Action refusée.', status: 403 });
            await flush();
          },
          'user.create': () => {
            createsBefore = creates.length;
            actor.send({ type: 'feed.create' });
          },
          'user.regenerate': () => {
            createsBefore = creates.length;
            actor.send({ type: 'feed.regenerate' });
          },
          'user.revoke': () => {
            deletesBefore = deletes.length;
            actor.send({ type: 'feed.revoke' });
          },
          'user.confirm': () => actor.send({ type: 'feed.confirm' }),
          'user.cancel': () => actor.send({ type: 'feed.cancel' }),
          'user.dismiss': () => {
            checksBefore = checks.length;
            actor.send({ type: 'feed.dismiss' });
          },
        },
        states: {
          checking: () => {
            expect(value().feed).toBe('checking');
            expect(checks.length).toBe(checksBefore + 1);
          },
          inactive: () => {
            expect(value().feed).toBe('inactive');
            expect(context().feedActive).toBe(false);
          },
          creating: () => {
            expect(value().feed).toBe('creating');
            expect(actor.getSnapshot().hasTag('feedBusy')).toBe(true);
            expect(creates.length, 'one address asked for').toBe(createsBefore + 1);
          },
          created: () => {
            expect(value().feed).toBe('active');
            expect(context().feedUrl, 'the address is shown once it is made').toBe(URL_1);
            expect(context().feedMessage).toBe('Adresse créée.');
          },
          active: () => {
            expect(value().feed).toBe('active');
            expect(context().feedActive).toBe(true);
            expect(context().feedPending).toBeNull();
          },
          confirmingRegenerate: () => {
            expect(value().feed).toBe('confirming');
            expect(context().feedPending).toBe('regenerate');
            expect(creates.length, 'nothing made before the confirmation').toBe(createsBefore);
          },
          confirmingRevoke: () => {
            expect(value().feed).toBe('confirming');
            expect(context().feedPending).toBe('revoke');
            expect(deletes.length, 'nothing revoked before the confirmation').toBe(deletesBefore);
          },
          revoking: () => {
            expect(value().feed).toBe('revoking');
            expect(deletes.length).toBe(deletesBefore + 1);
          },
          revoked: () => {
            expect(value().feed).toBe('inactive');
            expect(context().feedUrl, 'a revoked address is not shown').toBeNull();
            expect(context().feedMessage).toBe('Abonnement révoqué.');
          },
          failed: () => {
            expect(value().feed).toBe('failed');
            expect(context().feedError?.message).toBe('Action refusée.');
          },
        },
      });
    });
  }
});

import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import { addDays } from '../../rules/calendar';

export type CalendarEvent = components['schemas']['CalendarEvent'];
export type CalendarViewKind = 'month' | 'week';

// Days as YYYY-MM-DD, computed in UTC so that no time zone or summer time shifts them.
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** 0 for Monday … 6 for Sunday: weeks start on Monday (fr, and en-GB style in English too). */
export const weekdayOf = (day: string) => (new Date(parse(day)).getUTCDay() + 6) % 7;
export const startOfWeek = (day: string) => addDays(day, -weekdayOf(day));
export const startOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
/** The same day of the month `months` away, kept within the month (31 January + 1 → 28/29 February). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

/** The days the view shows around `anchor`: whole weeks covering its month, or its week. */
export function visibleRange(view: CalendarViewKind, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6) };
  }
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  return { from: startOfWeek(first), to: addDays(startOfWeek(last), 6) };
}

export const inRange = (day: string, range: { from: string; to: string }) => day >= range.from && day <= range.to;

export type CalendarContext = {
  companyId: string;
  today: string;
  view: CalendarViewKind;
  /** The day the view is built around, and the day that has the keyboard focus. */
  focus: string;
  events: CalendarEvent[];
  error: RequestError | null;
  feedActive: boolean;
  /** The feed's address, shown once right after it was made. */
  feedUrl: string | null;
  feedMessage: string | null;
  feedError: RequestError | null;
  /** What the confirmation asks for: a new address (the old one stops working) or none. */
  feedPending: 'regenerate' | 'revoke' | null;
};

export type CalendarEventType =
  | { type: 'calendar.view'; view: CalendarViewKind }
  | { type: 'calendar.prev' }
  | { type: 'calendar.next' }
  | { type: 'calendar.today' }
  | { type: 'calendar.focus'; day: string }
  | { type: 'calendar.retry' }
  | { type: 'feed.create' }
  | { type: 'feed.regenerate' }
  | { type: 'feed.revoke' }
  | { type: 'feed.confirm' }
  | { type: 'feed.cancel' }
  | { type: 'feed.dismiss' };

type Range = { companyId: string; from: string; to: string };

const step = (context: CalendarContext, direction: 1 | -1) => (context.view === 'week' ? addDays(context.focus, 7 * direction) : addMonths(context.focus, direction));

/**
 * The deadline calendar (issue 13), two regions side by side. `events`: the company's events of
 * the days shown (loading, ready, failed), read again whenever the view, the period or the focused
 * day's period changes. `feed`: the member's calendar subscription — none yet (inactive), one
 * (active, its address shown once after it is made), a new address or a revocation confirmed first
 * since the old address stops working, and the server's refusal (failed). Actors come from the app.
 */
export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEventType,
    input: {} as { companyId: string; today: string; view?: CalendarViewKind },
  },
  actors: {
    loadEvents: fromPromise<CalendarEvent[], Range>(async () => {
      throw new Error('Actor "loadEvents" was not provided');
    }),
    getFeed: fromPromise<{ active: boolean }, void>(async () => {
      throw new Error('Actor "getFeed" was not provided');
    }),
    createFeed: fromPromise<RequestSuccess<{ url: string }>, void>(async () => {
      throw new Error('Actor "createFeed" was not provided');
    }),
    deleteFeed: fromPromise<RequestSuccess<null>, void>(async () => {
      throw new Error('Actor "deleteFeed" was not provided');
    }),
  },
  guards: {
    // A focused day within the days shown needs no new read.
    isShown: ({ context, event }) => event.type === 'calendar.focus' && inRange(event.day, visibleRange(context.view, context.focus)),
  },
}).createMachine({
  id: 'calendar',
  type: 'parallel',
  context: ({ input }) => ({
    companyId: input.companyId,
    today: input.today,
    view: input.view ?? 'month',
    focus: input.today,
    events: [],
    error: null,
    feedActive: false,
    feedUrl: null,
    feedMessage: null,
    feedError: null,
    feedPending: null,
  }),
  states: {
    events: {
      initial: 'loading',
      on: {
        'calendar.view': { target: '.loading', reenter: true, actions: assign({ view: ({ event }) => event.view }) },
        'calendar.prev': { target: '.loading', reenter: true, actions: assign({ focus: ({ context }) => step(context, -1) }) },
        'calendar.next': { target: '.loading', reenter: true, actions: assign({ focus: ({ context }) => step(context, 1) }) },
        'calendar.today': { target: '.loading', reenter: true, actions: assign({ focus: ({ context }) => context.today }) },
        'calendar.focus': [
          { guard: 'isShown', actions: assign({ focus: ({ event }) => event.day }) },
          { target: '.loading', reenter: true, actions: assign({ focus: ({ event }) => event.day }) },
        ],
      },
      states: {
        loading: {
          tags: ['busy'],
          entry: assign({ events: [], error: null }),
          invoke: {
            src: 'loadEvents',
            input: ({ context }) => ({ companyId: context.companyId, ...visibleRange(context.view, context.focus) }),
            onDone: { target: 'ready', actions: assign({ events: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
          },
        },
        ready: {},
        failed: { on: { 'calendar.retry': 'loading' } },
      },
    },
    feed: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            src: 'getFeed',
            onDone: [{ guard: ({ event }) => event.output.active, target: 'active', actions: assign({ feedActive: true }) }, { target: 'inactive', actions: assign({ feedActive: false }) }],
            onError: { target: 'failed', actions: assign({ feedError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        inactive: { on: { 'feed.create': 'creating' } },
        active: {
          on: {
            'feed.regenerate': { target: 'confirming', actions: assign({ feedPending: 'regenerate' }) },
            'feed.revoke': { target: 'confirming', actions: assign({ feedPending: 'revoke' }) },
          },
        },
        confirming: {
          on: {
            'feed.confirm': [{ guard: ({ context }) => context.feedPending === 'revoke', target: 'revoking' }, { target: 'creating' }],
            'feed.cancel': { target: 'active', actions: assign({ feedPending: null }) },
          },
        },
        creating: {
          tags: ['feedBusy'],
          entry: assign({ feedError: null, feedMessage: null }),
          invoke: {
            src: 'createFeed',
            onDone: { target: 'active', actions: assign({ feedActive: true, feedPending: null, feedUrl: ({ event }) => event.output.data.url, feedMessage: ({ event }) => event.output.message }) },
            onError: { target: 'failed', actions: assign({ feedPending: null, feedError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        revoking: {
          tags: ['feedBusy'],
          entry: assign({ feedError: null, feedMessage: null }),
          invoke: {
            src: 'deleteFeed',
            onDone: { target: 'inactive', actions: assign({ feedActive: false, feedPending: null, feedUrl: null, feedMessage: ({ event }) => event.output.message }) },
            onError: { target: 'failed', actions: assign({ feedPending: null, feedError: ({ event }) => toRequestError(event.error) }) },
          },
        },
        // The server refused: its message, then the feed's state read again.
        failed: { on: { 'feed.dismiss': { target: 'checking', actions: assign({ feedError: null }) } } },
      },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestSuccess } from '../common/request-result';

export type Notification = components['schemas']['Notification'];
export type NotificationPage = { notifications: Notification[]; unread: number };

/** How many notifications the bell lists (the newest). */
export const BELL_PAGE_SIZE = 20;
/** The unread count is read again this often while the app is open (and on every page change). */
export const BELL_REFRESH_MS = 60_000;

export type AlertsBellContext = {
  notifications: Notification[];
  unread: number;
  /** The last failure: of the first load (failed), or of a refresh or a marking (kept over the list). */
  error: string | null;
};

export type AlertsBellEvent = { type: 'bell.refresh' } | { type: 'bell.retry' } | { type: 'bell.read'; id: string } | { type: 'bell.readAll' };

const markRead = (notifications: Notification[], id: string | null, at: string) => notifications.map((n) => (n.readAt === null && (id === null || n._id === id) ? { ...n, readAt: at } : n));

/**
 * The header's bell: the caller's newest notifications and unread count, loaded at start (failed:
 * retried on demand), read again every minute and whenever the app asks (a page change, the bell
 * opened). Marking one or all read shows at once and takes the server's unread count; a failure
 * keeps the list and says so. Effects injected: listNotifications, readNotification, readAllNotifications.
 */
export const alertsBellMachine = setup({
  types: {
    context: {} as AlertsBellContext,
    events: {} as AlertsBellEvent,
  },
  actors: {
    listNotifications: fromPromise<RequestSuccess<NotificationPage>, void>(async () => {
      throw new Error('Actor "listNotifications" was not provided');
    }),
    readNotification: fromPromise<RequestSuccess<{ unread: number }>, { id: string }>(async () => {
      throw new Error('Actor "readNotification" was not provided');
    }),
    readAllNotifications: fromPromise<RequestSuccess<{ unread: number }>, void>(async () => {
      throw new Error('Actor "readAllNotifications" was not provided');
    }),
  },
  delays: { refreshEvery: BELL_REFRESH_MS },
}).createMachine({
  id: 'alertsBell',
  initial: 'loading',
  context: { notifications: [], unread: 0, error: null },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'listNotifications',
        onDone: { target: 'ready', actions: assign({ notifications: ({ event }) => event.output.data.notifications, unread: ({ event }) => event.output.data.unread, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error).message }) },
      },
    },
    failed: {
      after: { refreshEvery: 'loading' },
      on: { 'bell.retry': 'loading', 'bell.refresh': 'loading' },
    },
    ready: {
      after: { refreshEvery: 'refreshing' },
      on: {
        'bell.refresh': 'refreshing',
        'bell.read': {
          target: 'marking',
          // Shown read at once; the server's count follows.
          actions: assign(({ context, event }) => {
            const target = context.notifications.find((n) => n._id === event.id);
            const wasUnread = target !== undefined && target.readAt === null;
            return { notifications: markRead(context.notifications, event.id, new Date().toISOString()), unread: wasUnread ? Math.max(0, context.unread - 1) : context.unread, error: null };
          }),
        },
        'bell.readAll': { target: 'markingAll', actions: assign(({ context }) => ({ notifications: markRead(context.notifications, null, new Date().toISOString()), unread: 0, error: null })) },
      },
    },
    refreshing: {
      invoke: {
        src: 'listNotifications',
        onDone: { target: 'ready', actions: assign({ notifications: ({ event }) => event.output.data.notifications, unread: ({ event }) => event.output.data.unread, error: null }) },
        // The list on screen stays; the next refresh tries again.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toRequestError(event.error).message }) },
      },
    },
    marking: {
      invoke: {
        src: 'readNotification',
        input: ({ event }) => ({ id: (event as { id: string }).id }),
        onDone: { target: 'ready', actions: assign({ unread: ({ event }) => event.output.data.unread }) },
        onError: { target: 'refreshing', actions: assign({ error: ({ event }) => toRequestError(event.error).message }) },
      },
    },
    markingAll: {
      tags: ['busy'],
      invoke: {
        src: 'readAllNotifications',
        onDone: { target: 'ready', actions: assign({ unread: ({ event }) => event.output.data.unread }) },
        onError: { target: 'refreshing', actions: assign({ error: ({ event }) => toRequestError(event.error).message }) },
      },
    },
  },
});

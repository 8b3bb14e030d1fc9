import { assign, enqueueActions, sendParent, setup, stopChild } from 'xstate';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export type Toast = { id: string; type: ToastType; message: string; duration: number };

/** A result announced to assistive technologies (WCAG 4.1.3); the id changes with each one, so the same words are said again. */
export type Announcement = { id: number; message: string };

export type NotificationsEvent =
  | { type: 'notify.show'; toastType: ToastType; message: string; duration?: number }
  | { type: 'notify.dismiss'; id: string }
  /** The pointer or the focus is on the toasts: their timers wait (WCAG 2.2.1) until `notify.resume`. */
  | { type: 'notify.pause' }
  | { type: 'notify.resume' }
  | { type: 'notify.announce'; message: string }
  /** Sign-out: the log of past toasts and the last announcement are the previous user's. */
  | { type: 'notify.forget' };

/** How many past toasts the log keeps. */
export const TOAST_LOG_SIZE = 20;

// Spec section 9: 4000 ms for errors, 2000 ms for successes, 4000 ms for the others.
export const TOAST_DURATIONS: Record<ToastType, number> = { error: 4000, success: 2000, warning: 4000, info: 4000 };

// Spec sections 8 and 9: 7 s for a dead session (401 with need2Logout), 10 s for a profile that failed to load.
export const UNAUTHORIZED_TOAST_MS = 7000;
export const PROFILE_ERROR_TOAST_MS = 10000;

// A paused toast gets its whole duration again when resumed: a toast read while hovered is not taken
// away the moment the pointer leaves it.
export const toastTimerMachine = setup({
  types: {
    context: {} as { id: string; duration: number },
    input: {} as { id: string; duration: number },
    events: {} as { type: 'timer.pause' } | { type: 'timer.resume' },
  },
  delays: { toastDuration: ({ context }) => context.duration },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'shown',
  states: {
    shown: { after: { toastDuration: 'expired' }, on: { 'timer.pause': 'paused' } },
    paused: { on: { 'timer.resume': 'shown' } },
    expired: {
      type: 'final',
      entry: sendParent(({ context }) => ({ type: 'notify.dismiss', id: context.id })),
    },
  },
});

/** Where the toaster, the toast log and the announcer read from. */
export type NotificationsState = {
  toasts: Toast[];
  nextId: number;
  paused: boolean;
  /** Toasts that have left the screen, oldest first, so that they can still be read (WCAG 2.2.1, 4.1.3). */
  log: Toast[];
  announcement: Announcement | null;
};

/**
 * Toasts shown at the top centre; each one has its own timer child, named after its id. While the
 * pointer or the focus is on them, every timer waits. A toast that leaves goes to the log.
 * Announcements are results that arrive later (an answer, an analysis done, a save that failed),
 * said once by the app's polite live region.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsState,
    events: {} as NotificationsEvent,
  },
  actors: { toastTimer: toastTimerMachine },
}).createMachine({
  id: 'notifications',
  context: { toasts: [], nextId: 1, paused: false, log: [], announcement: null },
  on: {
    'notify.show': {
      actions: [
        assign(({ context, event, spawn }) => {
          const id = `toast-${context.nextId}`;
          const duration = event.duration ?? TOAST_DURATIONS[event.toastType];
          spawn('toastTimer', { id, input: { id, duration } });
          return {
            nextId: context.nextId + 1,
            toasts: [...context.toasts, { id, type: event.toastType, message: event.message, duration }],
          };
        }),
        // A toast arriving while the others are paused waits with them.
        enqueueActions(({ context, enqueue }) => {
          if (context.paused) enqueue.sendTo(context.toasts.at(-1)!.id, { type: 'timer.pause' });
        }),
      ],
    },
    'notify.dismiss': {
      actions: [
        stopChild(({ event }) => event.id),
        assign(({ context, event }) => {
          const leaving = context.toasts.filter((t) => t.id === event.id);
          return { toasts: context.toasts.filter((t) => t.id !== event.id), log: [...context.log, ...leaving].slice(-TOAST_LOG_SIZE) };
        }),
      ],
    },
    'notify.pause': {
      guard: ({ context }) => !context.paused,
      actions: [assign({ paused: true }), enqueueActions(({ context, enqueue }) => context.toasts.forEach((t) => enqueue.sendTo(t.id, { type: 'timer.pause' })))],
    },
    'notify.resume': {
      guard: ({ context }) => context.paused,
      actions: [assign({ paused: false }), enqueueActions(({ context, enqueue }) => context.toasts.forEach((t) => enqueue.sendTo(t.id, { type: 'timer.resume' })))],
    },
    'notify.announce': {
      actions: assign({ announcement: ({ context, event }) => ({ id: (context.announcement?.id ?? 0) + 1, message: event.message }) }),
    },
    'notify.forget': { actions: assign({ log: [], announcement: null }) },
  },
});

import { assign, sendParent, setup, stopChild } from 'xstate';

export type ToastType = 'success' | 'info' | 'warning' | 'error';

export type Toast = { id: string; type: ToastType; message: string; duration: number };

export type NotificationsEvent =
  | { type: 'notify.show'; toastType: ToastType; message: string; duration?: number }
  | { type: 'notify.dismiss'; id: string };

// Spec section 9: 4000 ms for errors, 2000 ms for successes, 4000 ms for the others.
export const TOAST_DURATIONS: Record<ToastType, number> = { error: 4000, success: 2000, warning: 4000, info: 4000 };

// Spec sections 8 and 9: 7 s for a dead session (401 with need2Logout), 10 s for a profile that failed to load.
export const UNAUTHORIZED_TOAST_MS = 7000;
export const PROFILE_ERROR_TOAST_MS = 10000;

export const toastTimerMachine = setup({
  types: { context: {} as { id: string; duration: number }, input: {} as { id: string; duration: number } },
  delays: { toastDuration: ({ context }) => context.duration },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'shown',
  states: {
    shown: { after: { toastDuration: 'expired' } },
    expired: {
      type: 'final',
      entry: sendParent(({ context }) => ({ type: 'notify.dismiss', id: context.id })),
    },
  },
});

/** Toasts shown at the top centre; each one has its own timer child, named after its id. */
export const notificationsMachine = setup({
  types: {
    context: {} as { toasts: Toast[]; nextId: number },
    events: {} as NotificationsEvent,
  },
  actors: { toastTimer: toastTimerMachine },
}).createMachine({
  id: 'notifications',
  context: { toasts: [], nextId: 1 },
  on: {
    'notify.show': {
      actions: assign(({ context, event, spawn }) => {
        const id = `toast-${context.nextId}`;
        const duration = event.duration ?? TOAST_DURATIONS[event.toastType];
        spawn('toastTimer', { id, input: { id, duration } });
        return {
          nextId: context.nextId + 1,
          toasts: [...context.toasts, { id, type: event.toastType, message: event.message, duration }],
        };
      }),
    },
    'notify.dismiss': {
      actions: [
        stopChild(({ event }) => event.id),
        assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.id) }),
      ],
    },
  },
});

import { assign, setup } from 'xstate';

export type DrawerPlacement = 'left' | 'right';

export type DrawerContext = {
  /** Which view the drawer shows: a name the app maps to a component, so context stays plain data. */
  view: string | null;
  placement: DrawerPlacement;
  className: string;
};

export type DrawerEvent =
  | { type: 'drawer.open'; view: string; placement?: DrawerPlacement; className?: string }
  | { type: 'drawer.close' };

/**
 * The shared side drawer (spec 4): opened with a view, a placement and a class name; closed by
 * clearing its open flag. Closed and placed right by default; the side menu opens it on the left.
 * Closing keeps the view and placement so the panel can slide out as it came in.
 */
export const drawerMachine = setup({
  types: { context: {} as DrawerContext, events: {} as DrawerEvent },
}).createMachine({
  id: 'drawer',
  context: { view: null, placement: 'right', className: '' },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'drawer.open': {
          target: 'open',
          actions: assign({
            view: ({ event }) => event.view,
            placement: ({ event }) => event.placement ?? 'right',
            className: ({ event }) => event.className ?? '',
          }),
        },
      },
    },
    open: {
      on: {
        'drawer.close': { target: 'closed' },
        // Another view replaces the one shown, without closing first.
        'drawer.open': {
          actions: assign({
            view: ({ event }) => event.view,
            placement: ({ event }) => event.placement ?? 'right',
            className: ({ event }) => event.className ?? '',
          }),
        },
      },
    },
  },
});

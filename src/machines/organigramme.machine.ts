import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError, type RequestSuccess } from '../shared/request-result';
import { EMPTY_SLOTS, toSlots, type Organigramme, type OrganigrammeKind, type OrganigrammeSlots } from './organigramme-slots';
import type { PositionInput } from './organigramme-tree';

export type OrganigrammeWrite = {
  companyId: string;
  type: OrganigrammeKind;
  positions: PositionInput[];
};
export type OrganigrammeSuccess = {
  action: 'created' | 'updated' | 'deleted';
  type: OrganigrammeKind;
  message: string;
};

export type OrganigrammeContext = {
  companyId: string;
  charts: OrganigrammeSlots;
  /** Set after a create, update or delete (spec section 4); cleared only by organigramme.reset. */
  success: OrganigrammeSuccess | null;
  /** The last failure, with the server's msg; cleared by the next request or a reset. */
  error: RequestError | null;
};

export type OrganigrammeEvent =
  | { type: 'organigramme.retry' }
  | {
      type: 'organigramme.create';
      kind: OrganigrammeKind;
      positions: PositionInput[];
    }
  | {
      type: 'organigramme.update';
      kind: OrganigrammeKind;
      positions: PositionInput[];
    }
  | { type: 'organigramme.delete'; kind: OrganigrammeKind }
  | { type: 'organigramme.reset' };

/** The request of the event that entered a writing state (create, update or delete of one kind). */
function writeOf(context: OrganigrammeContext, event: OrganigrammeEvent): OrganigrammeWrite {
  if (event.type !== 'organigramme.create' && event.type !== 'organigramme.update' && event.type !== 'organigramme.delete') throw new Error(`No chart to write on ${event.type}`);
  return {
    companyId: context.companyId,
    type: event.kind,
    positions: 'positions' in event ? event.positions : [],
  };
}

/** The saved chart in its slot, and the success that says so. */
const saved = (context: OrganigrammeContext, action: 'created' | 'updated', output: RequestSuccess<Organigramme>) => ({
  charts: { ...context.charts, [output.data.type]: output.data },
  success: { action, type: output.data.type, message: output.message },
});

/** A company's two organisation charts: loading them all, then creating, replacing or deleting one kind at a time. */
export const organigrammeMachine = setup({
  types: {
    context: {} as OrganigrammeContext,
    events: {} as OrganigrammeEvent,
    input: {} as { companyId: string },
  },
  actors: {
    // Provided by the app, named after their operationId. The fetch-all answer is normalised here.
    getOrganigrammes: fromPromise<unknown, { companyId: string }>(async () => {
      throw new Error('Actor "getOrganigrammes" was not provided');
    }),
    createOrganigramme: fromPromise<RequestSuccess<Organigramme>, OrganigrammeWrite>(async () => {
      throw new Error('Actor "createOrganigramme" was not provided');
    }),
    replaceOrganigramme: fromPromise<RequestSuccess<Organigramme>, OrganigrammeWrite>(async () => {
      throw new Error('Actor "replaceOrganigramme" was not provided');
    }),
    deleteOrganigramme: fromPromise<RequestSuccess<{ type: OrganigrammeKind }>, { companyId: string; type: OrganigrammeKind }>(async () => {
      throw new Error('Actor "deleteOrganigramme" was not provided');
    }),
  },
}).createMachine({
  id: 'organigramme',
  initial: 'loading',
  context: ({ input }) => ({
    companyId: input.companyId,
    charts: { ...EMPTY_SLOTS },
    success: null,
    error: null,
  }),
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'getOrganigrammes',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: {
          target: 'ready',
          actions: assign({ charts: ({ event }) => toSlots(event.output) }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({
            error: ({ event }) => toRequestError(event.error),
          }),
        },
      },
    },
    loadFailed: {
      on: { 'organigramme.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'organigramme.reset': {
          actions: assign({ success: null, error: null }),
        },
      },
      states: {
        idle: {
          on: {
            'organigramme.create': { target: 'creating' },
            'organigramme.update': { target: 'updating' },
            'organigramme.delete': { target: 'deleting' },
          },
        },
        creating: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'createOrganigramme',
            input: ({ context, event }) => writeOf(context, event),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => saved(context, 'created', event.output)),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => toRequestError(event.error),
              }),
            },
          },
        },
        updating: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'replaceOrganigramme',
            input: ({ context, event }) => writeOf(context, event),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => saved(context, 'updated', event.output)),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => toRequestError(event.error),
              }),
            },
          },
        },
        deleting: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'deleteOrganigramme',
            input: ({ context, event }) => ({
              companyId: context.companyId,
              type: writeOf(context, event).type,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                charts: { ...context.charts, [event.output.data.type]: null },
                success: {
                  action: 'deleted' as const,
                  type: event.output.data.type,
                  message: event.output.message,
                },
              })),
            },
            onError: {
              target: 'idle',
              actions: assign({
                error: ({ event }) => toRequestError(event.error),
              }),
            },
          },
        },
      },
    },
  },
});

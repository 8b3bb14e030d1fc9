import { assign, fromPromise, raise, setup, type DoneActorEvent } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../shared/request-result';

export type Planning = components['schemas']['Planning'];
export type PlanningTask = components['schemas']['PlanningTask'];
export type PlanningTaskInput = components['schemas']['PlanningTaskInput'];
export type PlanningTaskUpdates = components['schemas']['PlanningTaskUpdates'];

/** Spec section 9: the planning's success flag is cleared 2000 ms after a write succeeded. */
export const PLANNING_SUCCESS_RESET_MS = 2000;
/** The server's answer when a tender has no planning yet (spec section 7): the empty state, not a failure. */
export const PLANNING_NOT_FOUND = 'planning-not_found';

export type PlanningContext = {
  tenderId: string;
  planning: Planning | null;
  /** Set by a successful create, update or delete-task; cleared after PLANNING_SUCCESS_RESET_MS. */
  success: boolean;
  /** The server's sentence for the last successful write. */
  message: string;
  /** The last failed load or write; a failed write keeps the planning as it was. */
  error: RequestError | null;
};

export type PlanningEvent =
  | { type: 'planning.retry' }
  | { type: 'planning.create'; tasks: PlanningTaskInput[] }
  | { type: 'planning.update'; tasks: PlanningTaskInput[] }
  | { type: 'planning.task.add'; task: PlanningTaskInput }
  | { type: 'planning.task.update'; taskId: string; updates: PlanningTaskUpdates }
  | { type: 'planning.task.delete'; taskId: string }
  | { type: 'planning.saved' };

type Written = RequestSuccess<Planning>;
/** An operation the app provides (machine.provide); calling the default is a wiring bug. */
const notProvided = <I>(name: string) =>
  fromPromise<Written, I>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });

/** A write's success: the planning is replaced and the success notice (re)starts. */
const applyWrite = { target: 'idle', actions: ['replacePlanning', 'announceSaved'] } as const;
const keepOnFailure = { target: 'idle', actions: 'keepError' } as const;

/**
 * A tender's planning (spec section 4): load, then either the empty state (no planning yet, the
 * server's planning-not_found) or the planning, written by create, update and delete-task plus the
 * single-task writes. Every successful write replaces the planning and sets `success`, cleared
 * after the named delay `successReset`. Writes are one at a time; a failure keeps the planning.
 */
export const planningMachine = setup({
  types: {
    context: {} as PlanningContext,
    events: {} as PlanningEvent,
    input: {} as { tenderId: string },
  },
  actors: {
    getTenderPlanning: notProvided<{ tenderId: string }>('getTenderPlanning'),
    createPlanning: notProvided<{ tenderId: string; tasks: PlanningTaskInput[] }>('createPlanning'),
    // The whole list (spec "update").
    updatePlanning: notProvided<{ id: string; tasks: PlanningTaskInput[] }>('updatePlanning'),
    addPlanningTask: notProvided<{ id: string; task: PlanningTaskInput }>('addPlanningTask'),
    // The single-task update: inline edits, Gantt drags, done boxes.
    updatePlanningTask: notProvided<{ id: string; taskId: string; updates: PlanningTaskUpdates }>('updatePlanningTask'),
    // Spec "delete-task".
    deletePlanningTask: notProvided<{ id: string; taskId: string }>('deletePlanningTask'),
  },
  delays: {
    successReset: PLANNING_SUCCESS_RESET_MS,
  },
  actions: {
    replacePlanning: assign(({ event }) => {
      const { output } = event as unknown as DoneActorEvent<Written>;
      return { planning: output.data, message: output.message, error: null };
    }),
    keepError: assign({ error: ({ event }) => toRequestError((event as unknown as { error: unknown }).error) }),
    // The notice is an orthogonal region: it hears of the write through an internal event.
    announceSaved: raise({ type: 'planning.saved' }),
  },
  guards: {
    hasNoPlanning: ({ event }) => toRequestError((event as { error?: unknown }).error).msgType === PLANNING_NOT_FOUND,
  },
}).createMachine({
  id: 'planning',
  initial: 'loading',
  context: ({ input }) => ({ tenderId: input.tenderId, planning: null, success: false, message: '', error: null }),
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'getTenderPlanning',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'ready', actions: assign({ planning: ({ event }) => event.output.data }) },
        onError: [{ guard: 'hasNoPlanning', target: 'empty' }, { target: 'loadFailure', actions: 'keepError' }],
      },
    },
    loadFailure: {
      on: { 'planning.retry': 'loading' },
    },
    empty: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'planning.create': 'creating' },
        },
        creating: {
          entry: assign({ error: null }),
          invoke: {
            src: 'createPlanning',
            input: ({ context, event }) => ({ tenderId: context.tenderId, tasks: (event as Extract<PlanningEvent, { type: 'planning.create' }>).tasks }),
            onDone: { target: '#planning.ready.notice.success', actions: 'replacePlanning' },
            onError: keepOnFailure,
          },
        },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        edit: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'planning.update': 'updating',
                'planning.task.add': 'addingTask',
                'planning.task.update': 'updatingTask',
                'planning.task.delete': 'deletingTask',
              },
            },
            updating: {
              tags: ['saving'],
              entry: assign({ error: null }),
              invoke: {
                src: 'updatePlanning',
                input: ({ context, event }) => ({ id: context.planning!._id, tasks: (event as Extract<PlanningEvent, { type: 'planning.update' }>).tasks }),
                onDone: applyWrite,
                onError: keepOnFailure,
              },
            },
            addingTask: {
              tags: ['saving'],
              entry: assign({ error: null }),
              invoke: {
                src: 'addPlanningTask',
                input: ({ context, event }) => ({ id: context.planning!._id, task: (event as Extract<PlanningEvent, { type: 'planning.task.add' }>).task }),
                onDone: applyWrite,
                onError: keepOnFailure,
              },
            },
            updatingTask: {
              tags: ['saving'],
              entry: assign({ error: null }),
              invoke: {
                src: 'updatePlanningTask',
                input: ({ context, event }) => {
                  const { taskId, updates } = event as Extract<PlanningEvent, { type: 'planning.task.update' }>;
                  return { id: context.planning!._id, taskId, updates };
                },
                onDone: applyWrite,
                onError: keepOnFailure,
              },
            },
            deletingTask: {
              tags: ['saving'],
              entry: assign({ error: null }),
              invoke: {
                src: 'deletePlanningTask',
                input: ({ context, event }) => ({ id: context.planning!._id, taskId: (event as Extract<PlanningEvent, { type: 'planning.task.delete' }>).taskId }),
                onDone: applyWrite,
                onError: keepOnFailure,
              },
            },
          },
        },
        notice: {
          initial: 'quiet',
          states: {
            quiet: {
              on: { 'planning.saved': 'success' },
            },
            success: {
              entry: assign({ success: true }),
              after: { successReset: { target: 'quiet', actions: assign({ success: false }) } },
              // A second write within the 2 s starts the count again.
              on: { 'planning.saved': { target: 'success', reenter: true } },
            },
          },
        },
      },
    },
  },
});

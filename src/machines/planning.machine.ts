import { assign, fromPromise, raise, setup, type DoneActorEvent } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import { changesBetween, reapplyDraft, type ListChanges } from './draft-merge';

export type Planning = components['schemas']['Planning'];
export type PlanningTask = components['schemas']['PlanningTask'];
export type PlanningTaskInput = components['schemas']['PlanningTaskInput'];
export type PlanningTaskUpdates = components['schemas']['PlanningTaskUpdates'];

/** Spec section 9: the planning's success flag is cleared 2000 ms after a write succeeded. */
export const PLANNING_SUCCESS_RESET_MS = 2000;
/** The server's answer when a tender has no planning yet (spec section 7): the empty state, not a failure. */
export const PLANNING_NOT_FOUND = 'planning-not_found';
/** The server's answer to a whole-list replace drawn from an older version (lost update). */
export const PLANNING_CONFLICT = 'planning-conflict';

/** A task as the draft and the saved list both describe it, for comparing them. */
type ComparableTask = Required<Omit<PlanningTaskInput, '_id'>> & { _id?: string };
const TASK_FIELDS = ['name', 'startDate', 'endDate', 'done', 'milestone'] as const satisfies readonly (keyof ComparableTask)[];
const comparable = (task: PlanningTaskInput): ComparableTask => ({ ...task, done: task.done ?? false, milestone: task.milestone ?? false });

/** A refused whole-list replace: the list it was drawn from, the user's list, and the saved one. */
export type PlanningConflict = { base: Planning; draft: PlanningTaskInput[]; theirs: Planning };

/** Who changed what since the draft was drawn: the other user (theirs) and this user (mine). */
export function conflictChanges(conflict: PlanningConflict): { theirs: ListChanges<ComparableTask>; mine: ListChanges<ComparableTask> } {
  return {
    theirs: changesBetween<ComparableTask>(conflict.base.tasks, conflict.theirs.tasks, TASK_FIELDS),
    mine: changesBetween<ComparableTask>(conflict.base.tasks, conflict.draft.map(comparable), TASK_FIELDS),
  };
}

/** The user's changes reapplied onto the saved list; a task they removed that the user changed comes back as new. */
export function mergedTasks(conflict: PlanningConflict): PlanningTaskInput[] {
  const saved = new Set(conflict.theirs.tasks.map((task) => task._id));
  return reapplyDraft<ComparableTask>(conflict.base.tasks, conflict.draft.map(comparable), conflict.theirs.tasks, TASK_FIELDS).map(({ _id, ...task }) =>
    _id && saved.has(_id) ? { _id, ...task } : task,
  );
}

export type PlanningContext = {
  tenderId: string;
  planning: Planning | null;
  /** Set by a successful create, update or delete-task; cleared after PLANNING_SUCCESS_RESET_MS. */
  success: boolean;
  /** The server's sentence for the last successful write. */
  message: string;
  /** The last failed load or write; a failed write keeps the planning as it was. */
  error: RequestError | null;
  /** The list of the whole-list replace under way (the user's, or the merged one). */
  draft: PlanningTaskInput[];
  /** Set while a stale whole-list replace waits for the user: reload theirs, or merge and save. */
  conflict: PlanningConflict | null;
};

export type PlanningEvent =
  | { type: 'planning.retry' }
  | { type: 'planning.create'; tasks: PlanningTaskInput[] }
  | { type: 'planning.update'; tasks: PlanningTaskInput[] }
  | { type: 'planning.task.add'; task: PlanningTaskInput }
  | { type: 'planning.task.update'; taskId: string; updates: PlanningTaskUpdates }
  | { type: 'planning.task.delete'; taskId: string }
  | { type: 'planning.conflict.reload' }
  | { type: 'planning.conflict.merge' }
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
    // The whole list (spec "update"), with the version it was drawn from: an older one is a 409 planning-conflict.
    updatePlanning: notProvided<{ id: string; tasks: PlanningTaskInput[]; version: number }>('updatePlanning'),
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
    // The 409 carries the saved planning in details; without it there is nothing to compare.
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      const details = error.details as Partial<Planning> | undefined;
      return error.msgType === PLANNING_CONFLICT && Array.isArray(details?.tasks) && typeof details?.version === 'number';
    },
  },
}).createMachine({
  id: 'planning',
  initial: 'loading',
  context: ({ input }) => ({ tenderId: input.tenderId, planning: null, success: false, message: '', error: null, draft: [], conflict: null }),
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
                'planning.update': { target: 'updating', actions: assign({ draft: ({ event }) => event.tasks }) },
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
                input: ({ context }) => ({ id: context.planning!._id, tasks: context.draft, version: context.planning!.version }),
                onDone: applyWrite,
                onError: [
                  {
                    guard: 'isConflict',
                    target: 'conflict',
                    actions: assign(({ context, event }) => {
                      const error = toRequestError(event.error);
                      return { error, conflict: { base: context.planning!, draft: context.draft, theirs: error.details as Planning } };
                    }),
                  },
                  keepOnFailure,
                ],
              },
            },
            // Someone saved the planning since the user's list was drawn: nothing was written. The
            // user sees both sides' changes, then takes theirs or reapplies theirs onto it.
            conflict: {
              on: {
                'planning.conflict.reload': {
                  target: 'idle',
                  actions: assign(({ context }) => ({ planning: context.conflict!.theirs, conflict: null, error: null, draft: [] })),
                },
                'planning.conflict.merge': {
                  target: 'updating',
                  actions: assign(({ context }) => ({ planning: context.conflict!.theirs, draft: mergedTasks(context.conflict!), conflict: null })),
                },
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

import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import { EMPTY_SLOTS, toSlots, type Organigramme, type OrganigrammeKind, type OrganigrammeSlots } from './organigramme-slots';
import { normalisePositions, type Position, type PositionInput } from '../../rules/organigramme-tree';
import { changesBetween, reapplyDraft, type ListChanges } from './draft-merge';

export type OrganigrammeWrite = {
  companyId: string;
  type: OrganigrammeKind;
  positions: PositionInput[];
};
/** A replace names the version its positions were drawn from (lost updates, issue 10). */
export type OrganigrammeReplace = OrganigrammeWrite & { version: number };
/** The server's answer to a replace drawn from an older version. */
export const ORGANIGRAMME_CONFLICT = 'organigramme-conflict';
/** The server's answer to a creation when another manager drew a chart of that kind first. */
export const ORGANIGRAMME_ALREADY_EXISTS = 'organigramme-already_exists';

/**
 * A refused replace: the chart it was drawn from, the user's positions, and the saved chart. A
 * refused creation is one drawn from an empty chart.
 */
export type OrganigrammeConflict = { kind: OrganigrammeKind; base: Organigramme; draft: PositionInput[]; theirs: Organigramme };

const POSITION_FIELDS = ['parentId', 'title', 'name', 'contact'] as const satisfies readonly (keyof Position)[];

/** Who changed which positions since the draft was drawn: the other user (theirs) and this user (mine). */
export function conflictChanges(conflict: OrganigrammeConflict): { theirs: ListChanges<Position>; mine: ListChanges<Position> } {
  return {
    theirs: changesBetween(conflict.base.positions, conflict.theirs.positions, POSITION_FIELDS),
    mine: changesBetween(conflict.base.positions, normalisePositions(conflict.draft), POSITION_FIELDS),
  };
}

/**
 * The user's changes reapplied onto the saved chart. A position whose superior the other user
 * removed reports to the nearest superior still there (as the editor does on a removal), else to
 * the top, so the merged chart stays one tree.
 */
export function mergedPositions(conflict: OrganigrammeConflict): Position[] {
  const draft = normalisePositions(conflict.draft);
  const theirIds = new Set(conflict.theirs.positions.map((p) => p._id));
  // A position the user added under an id the saved chart already uses is kept once, as saved.
  const merged = reapplyDraft(conflict.base.positions, draft, conflict.theirs.positions, POSITION_FIELDS).filter(
    (p, index, all) => all.findIndex((q) => q._id === p._id) === index || !theirIds.has(p._id),
  );
  const kept = new Set(merged.map((p) => p._id));
  const parentOf = new Map<string, string | null>();
  for (const p of [...conflict.theirs.positions, ...conflict.base.positions, ...draft]) if (!parentOf.has(p._id)) parentOf.set(p._id, p.parentId);
  const root = merged.find((p) => p.parentId === null)?._id ?? null;
  return merged.map((p) => {
    // Two charts drawn at once from nothing: the user's top position reports to the saved one's.
    if (p.parentId === null) return p._id === root ? p : { ...p, parentId: root };
    if (kept.has(p.parentId)) return p;
    let parent: string | null = p.parentId;
    const seen = new Set<string>();
    while (parent !== null && !kept.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = parentOf.get(parent) ?? null;
    }
    return { ...p, parentId: parent !== null && kept.has(parent) ? parent : root };
  });
}

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
  /** The replace under way: the user's positions, or the merged ones. */
  draft: { kind: OrganigrammeKind; positions: PositionInput[] } | null;
  /** Set while a stale replace waits for the user: reload theirs, or merge and save. */
  conflict: OrganigrammeConflict | null;
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
  | { type: 'organigramme.conflict.reload' }
  | { type: 'organigramme.conflict.merge' }
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
    replaceOrganigramme: fromPromise<RequestSuccess<Organigramme>, OrganigrammeReplace>(async () => {
      throw new Error('Actor "replaceOrganigramme" was not provided');
    }),
    deleteOrganigramme: fromPromise<RequestSuccess<{ type: OrganigrammeKind }>, { companyId: string; type: OrganigrammeKind }>(async () => {
      throw new Error('Actor "deleteOrganigramme" was not provided');
    }),
  },
  guards: {
    // The 409 carries the saved chart in details; without it there is nothing to compare.
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      const details = error.details as Partial<Organigramme> | undefined;
      const stale = error.msgType === ORGANIGRAMME_CONFLICT || error.msgType === ORGANIGRAMME_ALREADY_EXISTS;
      return stale && Array.isArray(details?.positions) && typeof details?.version === 'number';
    },
  },
}).createMachine({
  id: 'organigramme',
  initial: 'loading',
  context: ({ input }) => ({
    companyId: input.companyId,
    charts: { ...EMPTY_SLOTS },
    success: null,
    error: null,
    draft: null,
    conflict: null,
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
            'organigramme.create': {
              target: 'creating',
              actions: assign({ draft: ({ event }) => ({ kind: event.kind, positions: event.positions }) }),
            },
            'organigramme.update': {
              target: 'updating',
              actions: assign({ draft: ({ event }) => ({ kind: event.kind, positions: event.positions }) }),
            },
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
              actions: assign(({ context, event }) => ({ ...saved(context, 'created', event.output), draft: null })),
            },
            onError: [
              {
                // Another manager drew this kind first: compare from an empty chart, like a stale replace.
                guard: 'isConflict',
                target: 'conflict',
                actions: assign(({ context, event }) => {
                  const error = toRequestError(event.error);
                  const theirs = error.details as Organigramme;
                  const { kind, positions } = context.draft!;
                  return { error, conflict: { kind, base: { ...theirs, positions: [], version: 0 }, draft: positions, theirs } };
                }),
              },
              {
                target: 'idle',
                actions: assign({
                  draft: null,
                  error: ({ event }) => toRequestError(event.error),
                }),
              },
            ],
          },
        },
        updating: {
          tags: ['busy'],
          entry: assign({ error: null }),
          invoke: {
            src: 'replaceOrganigramme',
            input: ({ context }) => ({
              companyId: context.companyId,
              type: context.draft!.kind,
              positions: context.draft!.positions,
              version: context.charts[context.draft!.kind]?.version ?? 1,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({ ...saved(context, 'updated', event.output), draft: null })),
            },
            onError: [
              {
                guard: 'isConflict',
                target: 'conflict',
                actions: assign(({ context, event }) => {
                  const error = toRequestError(event.error);
                  const { kind, positions } = context.draft!;
                  return { error, conflict: { kind, base: context.charts[kind]!, draft: positions, theirs: error.details as Organigramme } };
                }),
              },
              {
                target: 'idle',
                actions: assign({
                  error: ({ event }) => toRequestError(event.error),
                }),
              },
            ],
          },
        },
        // Another manager saved this chart since the user's positions were drawn: nothing was
        // written. The user sees both sides' changes, then takes theirs or reapplies theirs onto it.
        conflict: {
          on: {
            'organigramme.conflict.reload': {
              target: 'idle',
              actions: assign(({ context }) => ({
                charts: { ...context.charts, [context.conflict!.kind]: context.conflict!.theirs },
                conflict: null,
                draft: null,
                error: null,
                success: null,
              })),
            },
            'organigramme.conflict.merge': {
              target: 'updating',
              actions: assign(({ context }) => ({
                charts: { ...context.charts, [context.conflict!.kind]: context.conflict!.theirs },
                draft: { kind: context.conflict!.kind, positions: mergedPositions(context.conflict!) },
                conflict: null,
              })),
            },
            // The acknowledgement of a message does not dismiss the choice.
            'organigramme.reset': {},
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

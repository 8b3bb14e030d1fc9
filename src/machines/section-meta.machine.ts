import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import { SECTION_CONFLICT } from './section-autosave.machine';

export type MemorySection = components['schemas']['MemorySection'];
export type MemoryRequirement = components['schemas']['MemoryRequirement'];
export type CctpRequirement = components['schemas']['CctpRequirement'];
export type SectionMetaPatch = { title?: string; status?: MemorySection['status']; assigneeId?: string | null };
export type SectionMetaSave = { memoryId: string; sectionId: string; patch: SectionMetaPatch & { version: number } };
export type SectionAdd = { memoryId: string; body: components['schemas']['MemorySectionCreate'] };
export type RequirementTick = { id: string; reqId: string } & components['schemas']['CctpRequirementUpdate'];

export type SectionMetaContext = {
  /** What is on its way (kept to name the section or the requirement being changed). */
  pending: { memoryId?: string; sectionId?: string; requirementId?: string } | null;
  error: RequestError | null;
};

export type SectionMetaEvent =
  | { type: 'meta.save'; memoryId: string; section: MemorySection; patch: SectionMetaPatch }
  | { type: 'meta.add'; memoryId: string; title: string; level: 1 | 2; position: number }
  | { type: 'meta.delete'; memoryId: string; sectionId: string }
  | { type: 'meta.tick'; requirement: MemoryRequirement; covered: boolean }
  | { type: 'meta.dismiss' };

const placeholder = <O, I>(name: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });

/**
 * A memory's sections as a whole, beside their text: a section's title, status and assignee saved
 * with the version it was read at (a 409 hands back the saved section, shown like the autosave's
 * conflict), a section added at a position or removed, and a CCTP requirement ticked covered or
 * back to do. One change at a time; the page passes each result on to the memory statechart
 * through the provided actions.
 */
export const sectionMetaMachine = setup({
  types: {
    context: {} as SectionMetaContext,
    events: {} as SectionMetaEvent,
  },
  actors: {
    updateMemorySection: placeholder<RequestSuccess<MemorySection>, SectionMetaSave>('updateMemorySection'),
    addMemorySection: placeholder<RequestSuccess<MemorySection>, SectionAdd>('addMemorySection'),
    deleteMemorySection: placeholder<{ message: string }, { memoryId: string; sectionId: string }>('deleteMemorySection'),
    updateCctpRequirement: placeholder<RequestSuccess<CctpRequirement>, RequirementTick>('updateCctpRequirement'),
  },
  actions: {
    // Provided by the page: the memory statechart keeps the result.
    sectionSaved: (_, _params: { section: MemorySection }) => undefined,
    sectionAdded: (_, _params: { section: MemorySection }) => undefined,
    sectionDeleted: (_, _params: { sectionId: string }) => undefined,
    requirementSaved: (_, _params: { requirementId: string; status: MemoryRequirement['status'] }) => undefined,
    fail: assign({ error: (_, params: { error: unknown }) => toRequestError(params.error), pending: null }),
  },
  guards: {
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      return error.msgType === SECTION_CONFLICT && typeof (error.details as Partial<MemorySection> | undefined)?.version === 'number';
    },
  },
}).createMachine({
  id: 'sectionMeta',
  initial: 'idle',
  context: { pending: null, error: null },
  on: { 'meta.dismiss': { actions: assign({ error: null }) } },
  states: {
    idle: {
      on: {
        'meta.save': { target: 'saving', actions: assign({ pending: ({ event }) => ({ sectionId: event.section._id }), error: null }) },
        'meta.add': { target: 'adding', actions: assign({ error: null }) },
        'meta.delete': { target: 'deleting', actions: assign({ pending: ({ event }) => ({ memoryId: event.memoryId, sectionId: event.sectionId }), error: null }) },
        'meta.tick': { target: 'ticking', actions: assign({ pending: ({ event }) => ({ requirementId: event.requirement._id }), error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'updateMemorySection',
        input: ({ event }) => {
          const { memoryId, section, patch } = event as Extract<SectionMetaEvent, { type: 'meta.save' }>;
          return { memoryId, sectionId: section._id, patch: { ...patch, version: section.version } };
        },
        onDone: { target: 'idle', actions: [assign({ pending: null }), { type: 'sectionSaved', params: ({ event }) => ({ section: event.output.data }) }] },
        onError: [
          {
            // Someone saved the section first: the memory takes the saved one (its title, status and
            // version), the message says so, and the change can be made again on it.
            guard: 'isConflict',
            target: 'idle',
            actions: [{ type: 'sectionSaved', params: ({ event }) => ({ section: toRequestError(event.error).details as MemorySection }) }, { type: 'fail', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        src: 'addMemorySection',
        input: ({ event }) => {
          const { memoryId, title, level, position } = event as Extract<SectionMetaEvent, { type: 'meta.add' }>;
          return { memoryId, body: { title, level, position } };
        },
        onDone: { target: 'idle', actions: { type: 'sectionAdded', params: ({ event }) => ({ section: event.output.data }) } },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deleteMemorySection',
        input: ({ context }) => ({ memoryId: context.pending!.memoryId!, sectionId: context.pending!.sectionId! }),
        onDone: { target: 'idle', actions: [{ type: 'sectionDeleted', params: ({ context }) => ({ sectionId: context.pending!.sectionId! }) }, assign({ pending: null })] },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ticking: {
      tags: ['busy'],
      invoke: {
        src: 'updateCctpRequirement',
        input: ({ event }) => {
          const { requirement, covered } = event as Extract<SectionMetaEvent, { type: 'meta.tick' }>;
          return { id: requirement.analysisId, reqId: requirement._id, status: covered ? 'covered' : 'todo' };
        },
        onDone: {
          target: 'idle',
          actions: [{ type: 'requirementSaved', params: ({ event }) => ({ requirementId: event.output.data._id, status: event.output.data.status }) }, assign({ pending: null })],
        },
        onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

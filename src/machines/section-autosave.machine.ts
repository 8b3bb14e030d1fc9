import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type MemorySection = components['schemas']['MemorySection'];
/** A TipTap (ProseMirror) JSON document, as the server stores it. */
export type SectionContent = Record<string, unknown>;
export type SectionSave = { memoryId: string; sectionId: string; patch: Omit<components['schemas']['MemorySectionPatch'], 'content'> & { content?: SectionContent } };

/** The server's answer to a save made from an older version: details carry the saved section. */
export const SECTION_CONFLICT = 'memory-section_conflict';
/** A save starts this long after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 1500;
/** A failed save is tried again after this long (or at once with autosave.retry). */
export const AUTOSAVE_RETRY_MS = 5000;

export type SectionAutosaveContext = {
  memoryId: string;
  /** The section as the server last gave it (its version is the one the next save names). */
  section: MemorySection;
  /** The user's latest text not yet sent (a change while saving waits here for the next save). */
  draft: SectionContent | null;
  /** The text on its way to the server. */
  sending: SectionContent | null;
  /** The section another user saved meanwhile, while the user chooses. */
  theirs: MemorySection | null;
  error: RequestError | null;
  /** Grows each time the server's text replaces the user's (take theirs): the editor reloads. */
  revision: number;
  savedAt: string | null;
};

export type SectionAutosaveEvent =
  | { type: 'autosave.change'; content: SectionContent }
  | { type: 'autosave.flush' }
  | { type: 'autosave.retry' }
  | { type: 'autosave.conflict.takeTheirs' }
  | { type: 'autosave.conflict.keepMine' }
  /** The section's title, status or writer saved beside the text: the next save names its new version. */
  | { type: 'autosave.synced'; section: MemorySection };

/**
 * The autosave of one section of a technical memory: a change waits 1.5 s of quiet (the
 * debounce, a named delay), then the whole document is saved with the version it was made from.
 * A change while a save is on its way is queued and saved right after. A 409 keeps the user's
 * text and offers the saved one ("take theirs", the editor reloads) or the user's on top of it
 * ("keep mine", saved again with their version). A failure is retried after 5 s or on demand,
 * with the latest text.
 */
export const sectionAutosaveMachine = setup({
  types: {
    context: {} as SectionAutosaveContext,
    events: {} as SectionAutosaveEvent,
    input: {} as { memoryId: string; section: MemorySection },
  },
  actors: {
    updateMemorySection: fromPromise<RequestSuccess<MemorySection>, SectionSave>(async () => {
      throw new Error('Actor "updateMemorySection" was not provided');
    }),
  },
  actions: {
    // Provided by the app: the memory keeps the saved section (its version, words, status).
    sectionSaved: (_, _params: { section: MemorySection }) => undefined,
  },
  delays: { debounce: AUTOSAVE_DEBOUNCE_MS, retry: AUTOSAVE_RETRY_MS },
  guards: {
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      const details = error.details as Partial<MemorySection> | undefined;
      return error.msgType === SECTION_CONFLICT && typeof details?.version === 'number';
    },
    hasQueued: ({ context }) => context.draft !== null,
  },
}).createMachine({
  id: 'sectionAutosave',
  initial: 'idle',
  context: ({ input }) => ({ memoryId: input.memoryId, section: input.section, draft: null, sending: null, theirs: null, error: null, revision: 0, savedAt: null }),
  on: {
    'autosave.synced': {
      guard: ({ context, event }) => event.section._id === context.section._id && event.section.version > context.section.version,
      actions: assign({ section: ({ context, event }) => ({ ...event.section, content: context.section.content }) }),
    },
  },
  states: {
    idle: {
      on: { 'autosave.change': { target: 'dirty', actions: assign({ draft: ({ event }) => event.content }) } },
    },
    dirty: {
      after: { debounce: 'saving' },
      on: {
        // Each change starts the wait again.
        'autosave.change': { target: 'dirty', reenter: true, actions: assign({ draft: ({ event }) => event.content }) },
        'autosave.flush': 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign(({ context }) => ({ sending: context.draft, draft: null, error: null })),
      on: { 'autosave.change': { actions: assign({ draft: ({ event }) => event.content }) } },
      invoke: {
        src: 'updateMemorySection',
        input: ({ context }) => ({
          memoryId: context.memoryId,
          sectionId: context.section._id,
          patch: { version: context.section.version, content: context.sending! },
        }),
        onDone: [
          {
            guard: 'hasQueued',
            target: 'dirty',
            actions: [assign(({ event }) => ({ section: event.output.data, sending: null })), { type: 'sectionSaved', params: ({ event }) => ({ section: event.output.data }) }],
          },
          {
            target: 'saved',
            actions: [
              assign(({ event }) => ({ section: event.output.data, sending: null, savedAt: event.output.data.updatedAt })),
              { type: 'sectionSaved', params: ({ event }) => ({ section: event.output.data }) },
            ],
          },
        ],
        onError: [
          {
            guard: 'isConflict',
            target: 'conflict',
            actions: assign(({ context, event }) => {
              const error = toRequestError(event.error);
              return { error, theirs: error.details as MemorySection, draft: context.draft ?? context.sending, sending: null };
            }),
          },
          {
            target: 'failed',
            actions: assign(({ context, event }) => ({ error: toRequestError(event.error), draft: context.draft ?? context.sending, sending: null })),
          },
        ],
      },
    },
    saved: {
      on: { 'autosave.change': { target: 'dirty', actions: assign({ draft: ({ event }) => event.content }) } },
    },
    conflict: {
      on: {
        // Typing goes on; the text kept is the latest.
        'autosave.change': { actions: assign({ draft: ({ event }) => event.content }) },
        'autosave.conflict.takeTheirs': {
          target: 'saved',
          actions: [
            assign(({ context }) => ({ section: context.theirs!, draft: null, theirs: null, error: null, revision: context.revision + 1, savedAt: context.theirs!.updatedAt })),
            { type: 'sectionSaved', params: ({ context }) => ({ section: context.section }) },
          ],
        },
        'autosave.conflict.keepMine': {
          target: 'saving',
          actions: assign(({ context }) => ({ section: { ...context.theirs!, content: context.draft ?? context.theirs!.content }, theirs: null })),
        },
      },
    },
    failed: {
      after: { retry: 'saving' },
      on: {
        'autosave.change': { actions: assign({ draft: ({ event }) => event.content }) },
        'autosave.retry': 'saving',
        'autosave.flush': 'saving',
      },
    },
  },
});

/** What the save status says, from the statechart's state. */
export type AutosaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'conflict' | 'failed';
export const autosaveStatus = (value: unknown): AutosaveStatus => value as AutosaveStatus;

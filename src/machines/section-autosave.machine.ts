import { assign, enqueueActions, fromPromise, setup } from 'xstate';
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
  /** A draft kept in this browser from an earlier visit, offered back (restore or discard). */
  kept: KeptDraft | null;
  /** The last save failed: the next one that passes is announced as the recovery. */
  failing: boolean;
};

/** A text typed earlier and kept in this browser (not saved then), with the version it was typed on. */
export type KeptDraft = { content: SectionContent; baseVersion: number };
/** What the autosave writes to (and removes from) the browser's store of unsaved drafts. */
export type DraftKeep = { sectionId: string; content: SectionContent; baseVersion: number };

export type SectionAutosaveEvent =
  | { type: 'autosave.change'; content: SectionContent }
  | { type: 'autosave.flush' }
  | { type: 'autosave.retry' }
  | { type: 'autosave.conflict.takeTheirs' }
  | { type: 'autosave.conflict.keepMine' }
  /** Signed in again after a 401: the text waiting is saved. */
  | { type: 'autosave.resume' }
  /** The draft kept in this browser from an earlier visit: back into the editor, or thrown away. */
  | { type: 'autosave.recovered.restore' }
  | { type: 'autosave.recovered.discard' }
  /** The section's title, status or writer saved beside the text: the next save names its new version. */
  | { type: 'autosave.synced'; section: MemorySection };

type Ctx = { context: SectionAutosaveContext };
const keepParams = ({ context }: Ctx): DraftKeep => ({ sectionId: context.section._id, content: context.draft!, baseVersion: context.section.version });
const clearParams = ({ context }: Ctx) => ({ sectionId: context.section._id });

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
    input: {} as { memoryId: string; section: MemorySection; kept?: KeptDraft | null },
  },
  actors: {
    updateMemorySection: fromPromise<RequestSuccess<MemorySection>, SectionSave>(async () => {
      throw new Error('Actor "updateMemorySection" was not provided');
    }),
  },
  actions: {
    // Provided by the app: the memory keeps the saved section (its version, words, status).
    sectionSaved: (_, _params: { section: MemorySection }) => undefined,
    // Provided by the app: the text not saved yet is kept in the browser (a 401, a closed tab)
    // until the server has it; cleared once saved or replaced by the server's.
    keepDraft: (_, _params: DraftKeep) => undefined,
    clearDraft: (_, _params: { sectionId: string }) => undefined,
    /** A save failed, then one passed again: said by the app's live region (the status line is not). */
    announceSaveFailed: () => undefined,
    announceSaveRecovered: () => undefined,
  },
  delays: { debounce: AUTOSAVE_DEBOUNCE_MS, retry: AUTOSAVE_RETRY_MS },
  guards: {
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      const details = error.details as Partial<MemorySection> | undefined;
      return error.msgType === SECTION_CONFLICT && typeof details?.version === 'number';
    },
    hasQueued: ({ context }) => context.draft !== null,
    // The token is dead (expired, revoked): retrying is useless until the user signs in again.
    isUnauthorized: ({ event }) => toRequestError((event as { error?: unknown }).error).need2Logout === true,
  },
}).createMachine({
  id: 'sectionAutosave',
  initial: 'starting',
  context: ({ input }) => ({
    memoryId: input.memoryId,
    section: input.section,
    draft: null,
    sending: null,
    theirs: null,
    error: null,
    revision: 0,
    savedAt: null,
    kept: input.kept ?? null,
    failing: false,
  }),
  on: {
    'autosave.synced': {
      guard: ({ context, event }) => event.section._id === context.section._id && event.section.version > context.section.version,
      actions: assign({ section: ({ context, event }) => ({ ...event.section, content: context.section.content }) }),
    },
  },
  // A keystroke, in any state: the latest text waits for the next save and is kept in the browser meanwhile.
  states: {
    starting: {
      always: [{ guard: ({ context }) => context.kept !== null, target: 'recovered' }, { target: 'idle' }],
    },
    // A draft from an earlier visit (the session had ended, the tab was closed): the editor shows
    // the saved text while the user chooses.
    recovered: {
      on: {
        'autosave.recovered.restore': {
          target: 'dirty',
          // Saved on the version it was typed on: if someone saved since, the conflict shows both.
          actions: assign(({ context }) => ({
            draft: context.kept!.content,
            section: { ...context.section, version: context.kept!.baseVersion },
            kept: null,
            revision: context.revision + 1,
          })),
        },
        'autosave.recovered.discard': { target: 'idle', actions: [assign({ kept: null }), { type: 'clearDraft', params: clearParams }] },
        // Typing instead of choosing: the new text wins, the kept one goes.
        'autosave.change': { target: 'dirty', actions: [assign({ draft: ({ event }) => event.content, kept: null }), { type: 'keepDraft', params: keepParams }] },
      },
    },
    idle: {
      on: { 'autosave.change': { target: 'dirty', actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] } },
    },
    dirty: {
      after: { debounce: 'saving' },
      on: {
        // Each change starts the wait again.
        'autosave.change': { target: 'dirty', reenter: true, actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] },
        'autosave.flush': 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign(({ context }) => ({ sending: context.draft, draft: null, error: null })),
      on: { 'autosave.change': { actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] } },
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
            actions: [
              assign(({ event }) => ({ section: event.output.data, sending: null })),
              { type: 'sectionSaved', params: ({ event }) => ({ section: event.output.data }) },
              enqueueActions(({ context, enqueue }) => {
                if (!context.failing) return;
                enqueue.assign({ failing: false });
                enqueue('announceSaveRecovered');
              }),
              // The text still waiting now stands on the version just saved.
              { type: 'keepDraft', params: keepParams },
            ],
          },
          {
            target: 'saved',
            actions: [
              assign(({ event }) => ({ section: event.output.data, sending: null, savedAt: event.output.data.updatedAt })),
              { type: 'sectionSaved', params: ({ event }) => ({ section: event.output.data }) },
              enqueueActions(({ context, enqueue }) => {
                if (!context.failing) return;
                enqueue.assign({ failing: false });
                enqueue('announceSaveRecovered');
              }),
              { type: 'clearDraft', params: clearParams },
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
            // No timed retry: the save waits for the user to sign in again (autosave.resume).
            guard: 'isUnauthorized',
            target: 'unauthorized',
            actions: assign(({ context, event }) => ({ error: toRequestError(event.error), draft: context.draft ?? context.sending, sending: null })),
          },
          {
            target: 'failed',
            actions: [
              enqueueActions(({ context, enqueue }) => {
                // Said once, not at every timed retry that fails again.
                if (!context.failing) enqueue('announceSaveFailed');
              }),
              assign(({ context, event }) => ({ error: toRequestError(event.error), draft: context.draft ?? context.sending, sending: null, failing: true })),
            ],
          },
        ],
      },
    },
    saved: {
      on: { 'autosave.change': { target: 'dirty', actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] } },
    },
    conflict: {
      on: {
        // Typing goes on; the text kept is the latest.
        'autosave.change': { actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] },
        'autosave.conflict.takeTheirs': {
          target: 'saved',
          actions: [
            assign(({ context }) => ({ section: context.theirs!, draft: null, theirs: null, error: null, revision: context.revision + 1, savedAt: context.theirs!.updatedAt })),
            { type: 'sectionSaved', params: ({ context }) => ({ section: context.section }) },
            { type: 'clearDraft', params: clearParams },
          ],
        },
        'autosave.conflict.keepMine': {
          target: 'saving',
          actions: assign(({ context }) => ({ section: { ...context.theirs!, content: context.draft ?? context.theirs!.content }, theirs: null })),
        },
      },
    },
    // The session ended (401): the text stays here and in the browser until the user signs in again.
    unauthorized: {
      on: {
        'autosave.change': { actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] },
        'autosave.resume': 'saving',
      },
    },
    failed: {
      after: { retry: 'saving' },
      on: {
        'autosave.change': { actions: [assign({ draft: ({ event }) => event.content }), { type: 'keepDraft', params: keepParams }] },
        'autosave.retry': 'saving',
        'autosave.flush': 'saving',
      },
    },
  },
});

/** What the save status says, from the statechart's state. */
export type AutosaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'conflict' | 'failed' | 'unauthorized' | 'recovered';
/** States holding text the server does not have yet. */
export const UNSAVED_STATUSES: readonly AutosaveStatus[] = ['dirty', 'saving', 'conflict', 'failed', 'unauthorized'];
export const autosaveStatus = (value: unknown): AutosaveStatus => value as AutosaveStatus;

import { assign, fromPromise, not, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type Resume = components['schemas']['Resume'];
/** The fields of a PATCH, without the version the machine adds (the one the draft was made from). */
export type ResumeChanges = Omit<components['schemas']['ResumePatch'], 'version'>;
export type ResumeUpdate = { id: string; patch: components['schemas']['ResumePatch'] };
/** A CV chosen by the user (a File in the browser); only its name, type and size are read here. */
export type ResumeCvFile = { readonly name: string; readonly type: string; readonly size: number };

/** The server's answer to a save made from an older version: details carry the saved resume. */
export const RESUME_CONFLICT = 'resume-conflict';
/** While the CV is being read, the resume is asked for again after this long. */
export const RESUME_POLL_MS = 2000;

export type ResumeContext = {
  id: string;
  resume: Resume | null;
  /** The changes being saved (or refused): kept until saved or dropped, so nothing typed is lost. */
  draft: ResumeChanges | null;
  /** The version the draft was made from; the resume shown may be newer (the CV read meanwhile). */
  draftVersion: number | null;
  /** The resume another user saved meanwhile, while the user chooses theirs or theirs plus the draft. */
  theirs: Resume | null;
  /** The last refusal (load, save, file, delete); cleared by the next request or resume.dismiss. */
  error: RequestError | null;
  /** The server's message after a save or a replaced file; cleared by resume.dismiss or the next request. */
  success: string | null;
};

export type ResumeEvent =
  | { type: 'resume.retry' }
  | { type: 'resume.edit' }
  | { type: 'resume.cancel' }
  | { type: 'resume.save'; changes: ResumeChanges }
  | { type: 'resume.conflict.takeTheirs' }
  | { type: 'resume.conflict.keepMine' }
  | { type: 'resume.replaceFile'; file: ResumeCvFile }
  | { type: 'resume.delete' }
  | { type: 'resume.delete.confirm' }
  | { type: 'resume.delete.cancel' }
  | { type: 'resume.dismiss' };

const isParsing = (context: ResumeContext) => context.resume?.parseStatus === 'parsing';

/**
 * One resume: loaded, shown, edited with optimistic concurrency (a stale save is refused with the
 * saved resume: take theirs, or save the draft again on their version), its CV replaced and read
 * again (the resume is polled while its parseStatus is 'parsing'), deleted after a confirmation.
 * Two regions once loaded: what the user does (main) and the polling of the CV's reading (poll).
 */
export const resumeMachine = setup({
  types: {
    context: {} as ResumeContext,
    events: {} as ResumeEvent,
    input: {} as { id: string },
  },
  actors: {
    // Provided by the app, named after their operationId.
    getResume: fromPromise<Resume, { id: string }>(async () => {
      throw new Error('Actor "getResume" was not provided');
    }),
    updateResume: fromPromise<RequestSuccess<Resume>, ResumeUpdate>(async () => {
      throw new Error('Actor "updateResume" was not provided');
    }),
    replaceResumeFile: fromPromise<RequestSuccess<Resume>, { id: string; file: ResumeCvFile }>(async () => {
      throw new Error('Actor "replaceResumeFile" was not provided');
    }),
    deleteResume: fromPromise<RequestSuccess<null>, { id: string }>(async () => {
      throw new Error('Actor "deleteResume" was not provided');
    }),
  },
  delays: { poll: RESUME_POLL_MS },
  guards: {
    isParsing: ({ context }) => isParsing(context),
    // The 409 carries the saved resume; without it there is nothing to choose from.
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      const details = error.details as Partial<Resume> | undefined;
      return error.msgType === RESUME_CONFLICT && typeof details?.version === 'number' && typeof details?._id === 'string';
    },
  },
}).createMachine({
  id: 'resume',
  initial: 'loading',
  context: ({ input }) => ({ id: input.id, resume: null, draft: null, draftVersion: null, theirs: null, error: null, success: null }),
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'getResume',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ resume: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'resume.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: { 'resume.dismiss': { actions: assign({ success: null, error: null }) } },
      states: {
        main: {
          initial: 'viewing',
          states: {
            viewing: {
              on: {
                'resume.edit': {
                  target: 'editing',
                  actions: assign({ draft: null, draftVersion: ({ context }) => context.resume!.version, success: null, error: null }),
                },
                'resume.replaceFile': 'replacing',
                'resume.delete': { target: 'confirmingDelete', actions: assign({ success: null, error: null }) },
              },
            },
            editing: {
              on: {
                'resume.save': [
                  // Nothing changed: nothing to send.
                  { guard: ({ event }) => Object.keys(event.changes).length === 0, target: 'viewing', actions: assign({ draft: null, draftVersion: null }) },
                  { target: 'saving', actions: assign({ draft: ({ event }) => event.changes }) },
                ],
                'resume.cancel': { target: 'viewing', actions: assign({ draft: null, draftVersion: null, error: null }) },
              },
            },
            saving: {
              tags: ['busy'],
              entry: assign({ error: null, success: null }),
              invoke: {
                src: 'updateResume',
                input: ({ context }) => ({ id: context.id, patch: { ...context.draft!, version: context.draftVersion ?? context.resume!.version } }),
                onDone: {
                  target: 'viewing',
                  actions: assign(({ event }) => ({ resume: event.output.data, success: event.output.message, draft: null, draftVersion: null })),
                },
                onError: [
                  {
                    guard: 'isConflict',
                    target: 'conflict',
                    actions: assign(({ event }) => {
                      const error = toRequestError(event.error);
                      return { error, theirs: error.details as Resume };
                    }),
                  },
                  { target: 'saveFailed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
                ],
              },
            },
            // The form stays open with the server's refusal (msg, and details per field).
            saveFailed: {
              on: {
                'resume.save': { target: 'saving', actions: assign({ draft: ({ event }) => event.changes }) },
                'resume.cancel': { target: 'viewing', actions: assign({ draft: null, draftVersion: null, error: null }) },
              },
            },
            conflict: {
              on: {
                'resume.conflict.takeTheirs': {
                  target: 'viewing',
                  actions: assign(({ context }) => ({ resume: context.theirs, theirs: null, draft: null, draftVersion: null, error: null })),
                },
                'resume.conflict.keepMine': {
                  target: 'saving',
                  actions: assign(({ context }) => ({ resume: context.theirs, draftVersion: context.theirs!.version, theirs: null })),
                },
              },
            },
            replacing: {
              tags: ['busy'],
              entry: assign({ error: null, success: null }),
              invoke: {
                src: 'replaceResumeFile',
                input: ({ context, event }) => {
                  if (event.type !== 'resume.replaceFile') throw new Error(`No file on ${event.type}`);
                  return { id: context.id, file: event.file };
                },
                onDone: { target: 'viewing', actions: assign(({ event }) => ({ resume: event.output.data, success: event.output.message })) },
                onError: { target: 'viewing', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
              },
            },
            confirmingDelete: {
              on: {
                'resume.delete.confirm': 'deleting',
                'resume.delete.cancel': { target: 'viewing', actions: assign({ error: null }) },
              },
            },
            deleting: {
              tags: ['busy'],
              entry: assign({ error: null }),
              invoke: {
                src: 'deleteResume',
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: '#resume.deleted', actions: assign({ success: ({ event }) => event.output.message }) },
                onError: { target: 'confirmingDelete', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
              },
            },
          },
        },
        // While the CV is read, the resume is asked for again; the draft is never touched by it.
        poll: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'isParsing', target: 'waiting' },
            },
            waiting: {
              always: { guard: not('isParsing'), target: 'idle' },
              after: { poll: 'fetching' },
            },
            fetching: {
              invoke: {
                src: 'getResume',
                input: ({ context }) => ({ id: context.id }),
                onDone: {
                  target: 'waiting',
                  // A save or a file sent meanwhile answers with a newer resume: an older read is dropped.
                  actions: assign({ resume: ({ context, event }) => (context.resume && event.output.version < context.resume.version ? context.resume : event.output) }),
                },
                // A failed poll is tried again at the next tick; the page keeps what it shows.
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    // The page leaves for the company's resumes.
    deleted: {},
  },
});

/** The state the view shows, from the machine's snapshot value. */
export type ResumeStage = 'loading' | 'loadFailed' | 'viewing' | 'editing' | 'saving' | 'saveFailed' | 'conflict' | 'replacing' | 'confirmingDelete' | 'deleting' | 'deleted';
export function resumeStage(value: unknown): ResumeStage {
  if (typeof value === 'string') return value as ResumeStage;
  const main = (value as { ready?: { main?: string } }).ready?.main;
  return (main ?? 'viewing') as ResumeStage;
}

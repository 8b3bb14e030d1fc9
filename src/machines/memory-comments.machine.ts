import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type MemoryThread = components['schemas']['MemoryThread'];
/** A passage chosen in the editor, waiting for its first comment: its words and where it is. */
export type CommentDraft = { sectionId: string; quote: string; from: number; to: number };
/** An instruction for the editor about a thread's passage; each new `seq` runs once. */
export type CommentCommand =
  | { seq: number; kind: 'apply'; threadId: string; from: number; to: number }
  | { seq: number; kind: 'select'; threadId: string }
  | { seq: number; kind: 'remove'; threadId: string };
export type ThreadChange =
  | { kind: 'create'; memoryId: string; body: { sectionId: string; quote: string; body: string } }
  | { kind: 'reply'; threadId: string; body: string }
  | { kind: 'resolve'; threadId: string; resolved: boolean }
  | { kind: 'delete'; threadId: string };

export type MemoryCommentsContext = {
  /** Null until the page knows its memory. */
  memoryId: string | null;
  threads: MemoryThread[];
  draft: CommentDraft | null;
  /** What is on its way, to tell which form or thread is busy. */
  pending: ThreadChange | null;
  /** The last instruction for the editor: mark a new thread's passage, select one, unmark a deleted one. */
  command: CommentCommand | null;
  error: RequestError | null;
};

export type MemoryCommentsEvent =
  | { type: 'comments.open'; memoryId: string }
  | { type: 'comments.retry' }
  | { type: 'comments.start'; draft: CommentDraft }
  | { type: 'comments.cancel' }
  | { type: 'comments.create'; body: string }
  | { type: 'comments.reply'; threadId: string; body: string }
  | { type: 'comments.resolve'; threadId: string; resolved: boolean }
  | { type: 'comments.delete'; threadId: string }
  | { type: 'comments.focus'; threadId: string }
  | { type: 'comments.dismiss' };

const placeholder = <O, I>(name: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });

type Sent = RequestSuccess<MemoryThread> | { message: string };
const upsert = (threads: MemoryThread[], thread: MemoryThread) => (threads.some((t) => t._id === thread._id) ? threads.map((t) => (t._id === thread._id ? thread : t)) : [...threads, thread]);

/**
 * A memory's comment threads: read once (a failure offers a retry), then one change at a time
 * (open a thread on the passage chosen, reply, resolve or reopen, delete). A refused change keeps
 * the form's text and says why; an opened thread hands the editor its id to mark the passage.
 */
export const memoryCommentsMachine = setup({
  types: {
    context: {} as MemoryCommentsContext,
    events: {} as MemoryCommentsEvent,
    input: {} as { memoryId: string | null },
  },
  actors: {
    listMemoryComments: placeholder<MemoryThread[], { memoryId: string }>('listMemoryComments'),
    sendThreadChange: placeholder<Sent, ThreadChange>('sendThreadChange'),
  },
}).createMachine({
  id: 'memoryComments',
  initial: 'idle',
  context: ({ input }) => ({ memoryId: input.memoryId, threads: [], draft: null, pending: null, command: null, error: null }),
  on: {
    'comments.focus': { actions: assign({ command: ({ context, event }) => ({ seq: (context.command?.seq ?? 0) + 1, kind: 'select' as const, threadId: event.threadId }) }) },
    // Another memory opened: its threads replace these.
    'comments.open': {
      guard: ({ context, event }) => context.memoryId !== event.memoryId,
      target: '.loading',
      actions: assign({ memoryId: ({ event }) => event.memoryId, threads: [], draft: null, pending: null, error: null }),
    },
  },
  states: {
    idle: {
      always: { guard: ({ context }) => context.memoryId !== null, target: 'loading' },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'listMemoryComments',
        input: ({ context }) => ({ memoryId: context.memoryId! }),
        onDone: { target: 'ready', actions: assign({ threads: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: {
      on: { 'comments.retry': 'loading' },
    },
    ready: {
      on: {
        'comments.start': { actions: assign({ draft: ({ event }) => event.draft, error: null }) },
        'comments.cancel': { actions: assign({ draft: null, error: null }) },
        'comments.dismiss': { actions: assign({ error: null }) },
        'comments.create': {
          guard: ({ context, event }) => context.draft !== null && event.body.trim() !== '',
          target: 'sending',
          actions: assign({
            pending: ({ context, event }) => ({ kind: 'create' as const, memoryId: context.memoryId!, body: { sectionId: context.draft!.sectionId, quote: context.draft!.quote, body: event.body.trim() } }),
          }),
        },
        'comments.reply': {
          guard: ({ event }) => event.body.trim() !== '',
          target: 'sending',
          actions: assign({ pending: ({ event }) => ({ kind: 'reply' as const, threadId: event.threadId, body: event.body.trim() }) }),
        },
        'comments.resolve': { target: 'sending', actions: assign({ pending: ({ event }) => ({ kind: 'resolve' as const, threadId: event.threadId, resolved: event.resolved }) }) },
        'comments.delete': { target: 'sending', actions: assign({ pending: ({ event }) => ({ kind: 'delete' as const, threadId: event.threadId }) }) },
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'sendThreadChange',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const pending = context.pending!;
            if (pending.kind === 'delete') {
              return { threads: context.threads.filter((t) => t._id !== pending.threadId), command: { seq: (context.command?.seq ?? 0) + 1, kind: 'remove' as const, threadId: pending.threadId }, pending: null };
            }
            const thread = (event.output as RequestSuccess<MemoryThread>).data;
            if (pending.kind === 'create') {
              const draft = context.draft!;
              return { threads: upsert(context.threads, thread), draft: null, command: { seq: (context.command?.seq ?? 0) + 1, kind: 'apply' as const, threadId: thread._id, from: draft.from, to: draft.to }, pending: null };
            }
            return { threads: upsert(context.threads, thread), pending: null };
          }),
        },
        // The form keeps its text (the draft stays); `pending` names what failed.
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
  },
});

import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError } from '../common/request-result';

export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatMode = components['schemas']['ChatMode'];

export type ChatContext = {
  tenderId: string;
  messages: ChatMessage[];
  mode: ChatMode;
  /** A model is configured but the company's plan leaves it out (mode is extractive for that reason). */
  llmNotInPlan?: boolean;
  /** The question being answered and the answer as it streams. */
  pending: { question: string; text: string } | null;
  /** The last question that failed, offered again. */
  failedQuestion: string | null;
  error: RequestError | null;
};

/** What the `ask` effect sends back while it streams. */
export type ChatAnswerEvent = { type: 'chat.token'; text: string } | { type: 'chat.answered'; message: ChatMessage } | { type: 'chat.failed'; error: unknown };

export type ChatEvent =
  | { type: 'chat.ask'; question: string }
  | { type: 'chat.retry' }
  | { type: 'chat.cancel' }
  | { type: 'chat.clear' }
  | ChatAnswerEvent;

/**
 * A conversation with a tender's documents: loads the caller's history; a question is asked
 * (answering.asking), its answer streams in (answering.streaming) and joins the history (answered) or fails (failed,
 * with a retry); the history can be cleared. Effects (`loadHistory`, `ask`, `clearHistory`) are
 * provided by the app; `ask` streams: it sends `chat.token` then `chat.answered` or `chat.failed`;
 * `announceAnswer` says a completed answer to assistive technologies.
 */
export const chatMachine = setup({
  types: { context: {} as ChatContext, events: {} as ChatEvent, input: {} as { tenderId: string } },
  actors: {
    loadHistory: fromPromise<{ messages: ChatMessage[]; mode: ChatMode; llmNotInPlan?: boolean }, { tenderId: string }>(async () => {
      throw new Error('Actor "loadHistory" was not provided');
    }),
    ask: fromCallback<ChatEvent, { tenderId: string; question: string }>(() => {
      throw new Error('Actor "ask" was not provided');
    }),
    clearHistory: fromPromise<void, { tenderId: string }>(async () => {
      throw new Error('Actor "clearHistory" was not provided');
    }),
  },
  actions: {
    startQuestion: assign(({ event }) => ({ pending: { question: (event as { question: string }).question.trim(), text: '' }, error: null, failedQuestion: null })),
    appendToken: assign({ pending: ({ context, event }) => (context.pending ? { ...context.pending, text: context.pending.text + (event as { text: string }).text } : null) }),
    keepAnswer: assign(({ context, event }) => ({ messages: [...context.messages, (event as { message: ChatMessage }).message], pending: null })),
    /** The answer has come: said by the app's live region (the loading bubble it replaces was the only one). */
    announceAnswer: (_, _params: { answer: string }) => undefined,
    keepFailure: assign(({ context, event }) => ({ error: toRequestError((event as { error: unknown }).error), failedQuestion: context.pending?.question ?? null, pending: null })),
  },
  guards: {
    hasQuestion: ({ event }) => (event as { question: string }).question.trim().length > 0,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({ tenderId: input.tenderId, messages: [], mode: 'extractive', pending: null, failedQuestion: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'idle', actions: assign(({ event }) => ({ messages: event.output.messages, mode: event.output.mode, llmNotInPlan: event.output.llmNotInPlan ?? false, error: null })) },
        onError: { target: 'loadFailure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    loadFailure: {
      on: { 'chat.retry': 'loading' },
    },
    idle: {
      on: {
        'chat.ask': { guard: 'hasQuestion', target: 'answering', actions: 'startQuestion' },
        'chat.clear': 'clearing',
      },
    },
    // One effect for the whole answer: asking (nothing yet) then streaming (the text so far).
    answering: {
      invoke: { id: 'ask', src: 'ask', input: ({ context }) => ({ tenderId: context.tenderId, question: context.pending!.question }) },
      initial: 'asking',
      states: {
        asking: {
          on: { 'chat.token': { target: 'streaming', actions: 'appendToken' } },
        },
        streaming: {
          on: { 'chat.token': { actions: 'appendToken' } },
        },
      },
      on: {
        'chat.answered': { target: 'answered', actions: ['keepAnswer', { type: 'announceAnswer', params: ({ event }) => ({ answer: event.message.answer }) }] },
        'chat.failed': { target: 'failed', actions: 'keepFailure' },
        'chat.cancel': { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    answered: {
      on: {
        'chat.ask': { guard: 'hasQuestion', target: 'answering', actions: 'startQuestion' },
        'chat.clear': 'clearing',
      },
    },
    failed: {
      on: {
        'chat.ask': { guard: 'hasQuestion', target: 'answering', actions: 'startQuestion' },
        'chat.retry': { target: 'answering', actions: assign(({ context }) => ({ pending: { question: context.failedQuestion ?? '', text: '' }, error: null, failedQuestion: null })) },
        'chat.clear': 'clearing',
      },
    },
    clearing: {
      invoke: {
        src: 'clearHistory',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'idle', actions: assign({ messages: [], error: null, failedQuestion: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
  },
});

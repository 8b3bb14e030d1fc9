import { assign, fromCallback, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

export type AssistAction = 'draft' | 'rewrite' | 'shorten' | 'expand' | 'translate' | 'fix_french';
export type AssistMode = 'llm' | 'template';
/** What a suggestion works on: the text selected (or the whole section) and where it was. */
export type AssistTarget = { text: string; from: number; to: number; whole: boolean };
export type AssistAsk = { action: AssistAction; language?: 'fr' | 'en'; target: AssistTarget | null };

export type AssistContext = {
  /** The request being answered, or the one the suggestion answers (kept for a retry and the accept). */
  request: AssistAsk | null;
  /** The suggestion so far (streaming), then whole. */
  text: string;
  mode: AssistMode | null;
  error: RequestError | null;
};

/** What the `assist` effect sends back while it streams. */
export type AssistStreamEvent = { type: 'assist.token'; text: string } | { type: 'assist.done'; text: string; mode: AssistMode } | { type: 'assist.failed'; error: unknown };

export type AssistEvent =
  | ({ type: 'assist.ask' } & AssistAsk)
  | { type: 'assist.accept' }
  | { type: 'assist.reject' }
  | { type: 'assist.retry' }
  | { type: 'assist.cancel' }
  | { type: 'assist.dismiss' }
  | AssistStreamEvent;

export type AssistState = 'idle' | 'streaming' | 'suggested' | 'failed' | 'needsModel';

/**
 * The writing assistant of a memory's section: an action is asked (streaming, the suggestion as
 * it comes), the suggestion waits for the writer (suggested) who accepts it (`applySuggestion`,
 * provided by the page: it goes into the editor) or rejects it; nothing is written before.
 * A failure offers a retry; a 409 (no language model for this action) is shown as its message.
 * The `assist` effect streams: it sends `assist.token` then `assist.done` or `assist.failed`.
 */
export const assistMachine = setup({
  types: { context: {} as AssistContext, events: {} as AssistEvent },
  actors: {
    assist: fromCallback<AssistEvent, AssistAsk>(() => {
      throw new Error('Actor "assist" was not provided');
    }),
  },
  actions: {
    applySuggestion: (_, _params: { request: AssistAsk; text: string }) => {
      throw new Error('Action "applySuggestion" was not provided');
    },
    startRequest: assign(({ event }) => {
      const { action, language, target } = event as Extract<AssistEvent, { type: 'assist.ask' }>;
      return { request: { action, language, target }, text: '', mode: null, error: null };
    }),
    appendToken: assign({ text: ({ context, event }) => context.text + (event as { text: string }).text }),
    keepSuggestion: assign(({ event }) => {
      const done = event as Extract<AssistEvent, { type: 'assist.done' }>;
      return { text: done.text, mode: done.mode };
    }),
    keepFailure: assign({ error: ({ event }) => toRequestError((event as { error: unknown }).error), text: '' }),
    clear: assign({ request: null, text: '', mode: null, error: null }),
  },
  guards: {
    needsModel: ({ event }) => toRequestError((event as { error: unknown }).error).status === 409,
  },
}).createMachine({
  id: 'assist',
  context: { request: null, text: '', mode: null, error: null },
  initial: 'idle',
  on: {
    'assist.ask': { target: '.streaming', actions: 'startRequest' },
  },
  states: {
    idle: {},
    streaming: {
      invoke: { id: 'assist', src: 'assist', input: ({ context }) => context.request! },
      on: {
        'assist.token': { actions: 'appendToken' },
        'assist.done': { target: 'suggested', actions: 'keepSuggestion' },
        'assist.failed': [
          { guard: 'needsModel', target: 'needsModel', actions: 'keepFailure' },
          { target: 'failed', actions: 'keepFailure' },
        ],
        'assist.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    suggested: {
      on: {
        'assist.accept': {
          target: 'idle',
          actions: [{ type: 'applySuggestion', params: ({ context }) => ({ request: context.request!, text: context.text }) }, 'clear'],
        },
        'assist.reject': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      on: {
        'assist.retry': { target: 'streaming', actions: assign({ text: '', error: null }) },
        'assist.dismiss': { target: 'idle', actions: 'clear' },
      },
    },
    needsModel: {
      on: { 'assist.dismiss': { target: 'idle', actions: 'clear' } },
    },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

/** The server's limit on a reason (openapi.yaml CallFeedbackInput). */
export const REASON_MAX = 500;

export type FeedbackTarget = { id: string; title: string };
/**
 * What the user asked: `relevant` (Pertinent pressed), `clear` (Pertinent released), `hide` (Pas
 * pertinent, with a reason), `undo` (the hide taken back from its banner), `restore` (a hidden
 * call brought back from the hidden list).
 */
export type FeedbackAction = 'relevant' | 'clear' | 'hide' | 'undo' | 'restore';

export type CallFeedbackContext = {
  target: FeedbackTarget | null;
  action: FeedbackAction | null;
  reason: string;
  error: RequestError | null;
};

export type CallFeedbackEvent =
  | { type: 'feedback.relevant'; target: FeedbackTarget }
  | { type: 'feedback.clear'; target: FeedbackTarget }
  | { type: 'feedback.notRelevant'; target: FeedbackTarget }
  | { type: 'feedback.save'; reason: string }
  | { type: 'feedback.cancel' }
  | { type: 'feedback.undo' }
  | { type: 'feedback.restore'; target: FeedbackTarget }
  | { type: 'feedback.dismiss' };

type Verdict = {
  id: string;
  verdict: 'relevant' | 'not_relevant';
  reason?: string;
};

const validReason = (reason: string) => reason.trim() !== '' && reason.trim().length <= REASON_MAX;

/**
 * A company's verdicts on its potential tenders (issue 13): "Pertinent" is sent at once (saving)
 * and released the same way (removing); "Pas pertinent" first asks the reason (asking), then
 * saves it. A hidden call can be brought back: from the banner right after (undo) or from the
 * hidden list (restore). Each request ends at done (the page reloads its list) or failed, with
 * the server's message; a refused reason keeps its dialog open to try again.
 */
export const callFeedbackMachine = setup({
  types: { context: {} as CallFeedbackContext, events: {} as CallFeedbackEvent },
  actors: {
    setTenderCallFeedback: fromPromise<RequestSuccess<null>, Verdict>(async () => {
      throw new Error('Actor "setTenderCallFeedback" was not provided');
    }),
    deleteTenderCallFeedback: fromPromise<RequestSuccess<null>, { id: string }>(async () => {
      throw new Error('Actor "deleteTenderCallFeedback" was not provided');
    }),
  },
  guards: {
    hasReason: ({ event }) => event.type === 'feedback.save' && validReason(event.reason),
    refusedReason: ({ context, event }) => context.action === 'hide' && event.type === 'feedback.save' && validReason(event.reason),
    canUndo: ({ context }) => context.action === 'hide' && context.target !== null,
  },
  actions: {
    aim: assign((_, params: { target: FeedbackTarget; action: FeedbackAction }) => ({ target: params.target, action: params.action, reason: '', error: null })),
    forget: assign({ target: null, action: null, reason: '', error: null }),
    keepReason: assign({ reason: ({ event }) => (event.type === 'feedback.save' ? event.reason.trim() : ''), error: null }),
    keepError: assign({ error: ({ event }) => toRequestError((event as unknown as { error: unknown }).error) }),
    // Provided by the app: reload the list, and say what was done.
    notifyDone: (_, _params: { action: FeedbackAction; message: string; target: FeedbackTarget }) => {},
  },
}).createMachine({
  id: 'callFeedback',
  initial: 'ready',
  context: { target: null, action: null, reason: '', error: null },
  states: {
    // No request runs: each call's buttons are there to click.
    ready: {
      initial: 'idle',
      on: {
        'feedback.relevant': { target: 'saving', actions: { type: 'aim', params: ({ event }) => ({ target: event.target, action: 'relevant' as const }) } },
        'feedback.clear': { target: 'removing', actions: { type: 'aim', params: ({ event }) => ({ target: event.target, action: 'clear' as const }) } },
        'feedback.notRelevant': { target: 'asking', actions: { type: 'aim', params: ({ event }) => ({ target: event.target, action: 'hide' as const }) } },
        'feedback.restore': { target: 'removing', actions: { type: 'aim', params: ({ event }) => ({ target: event.target, action: 'restore' as const }) } },
      },
      states: {
        idle: {},
        // After a hide, the banner offers to take it back.
        done: {
          on: {
            'feedback.undo': { guard: 'canUndo', target: '#callFeedback.removing', actions: assign({ action: 'undo', error: null }) },
            'feedback.dismiss': { target: 'idle', actions: 'forget' },
          },
        },
        // A refused reason can be sent again from its dialog; any other refusal shows until the next click.
        failed: {
          on: {
            'feedback.save': { guard: 'refusedReason', target: '#callFeedback.saving', actions: 'keepReason' },
            'feedback.cancel': { target: 'idle', actions: 'forget' },
            'feedback.dismiss': { target: 'idle', actions: 'forget' },
          },
        },
      },
    },
    asking: {
      on: {
        'feedback.save': { guard: 'hasReason', target: 'saving', actions: 'keepReason' },
        'feedback.cancel': { target: 'ready.idle', actions: 'forget' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'setTenderCallFeedback',
        input: ({ context }) => ({
          id: context.target!.id,
          verdict: context.action === 'hide' ? ('not_relevant' as const) : ('relevant' as const),
          reason: context.action === 'hide' ? context.reason : undefined,
        }),
        onDone: { target: 'ready.done', actions: { type: 'notifyDone', params: ({ context, event }) => ({ action: context.action!, message: event.output.message, target: context.target! }) } },
        onError: { target: 'ready.failed', actions: 'keepError' },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        src: 'deleteTenderCallFeedback',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: { target: 'ready.done', actions: { type: 'notifyDone', params: ({ context, event }) => ({ action: context.action!, message: event.output.message, target: context.target! }) } },
        onError: { target: 'ready.failed', actions: 'keepError' },
      },
    },
  },
});

/** Whether the reason dialog is open: asked, being saved, or refused by the server. */
export function reasonDialogOpen(state: { matches: (value: 'asking' | 'saving' | { ready: 'failed' }) => boolean; context: CallFeedbackContext }): boolean {
  return state.matches('asking') || (state.context.action === 'hide' && (state.matches('saving') || state.matches({ ready: 'failed' })));
}

import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

export type StepStatus = 'completed' | 'in-progress' | 'waiting';

/** A step's status from the current index (spec 5): before it completed, at it in progress, after it waiting. */
export function stepStatus(index: number, current: number): StepStatus {
  if (index < current) return 'completed';
  return index === current ? 'in-progress' : 'waiting';
}

export type StepperContext = {
  /** How many steps; `current === count` once every step is completed. */
  count: number;
  current: number;
  /** The index last saved, restored when a save fails. */
  saved: number;
  error: RequestError | null;
};

export type StepperEvent =
  | { type: 'stepper.next' }
  | { type: 'stepper.previous' }
  | { type: 'stepper.goTo'; index: number }
  | { type: 'stepper.sync'; current: number }
  | { type: 'stepper.dismiss' };

const clamp = (value: number, count: number) => Math.min(Math.max(0, Math.round(value)), count);

/**
 * The response workflow of a tender: steps waiting / in progress / completed by the current
 * index. Each move is saved through `saveStep` (provided by the app); a failed save puts the
 * index back where it was and keeps the error until the next move or a dismissal.
 */
export const stepperMachine = setup({
  types: {
    context: {} as StepperContext,
    events: {} as StepperEvent,
    input: {} as { count: number; current: number },
  },
  actors: {
    saveStep: fromPromise<unknown, { index: number }>(async () => {
      throw new Error('Actor "saveStep" was not provided');
    }),
  },
  guards: {
    canGoNext: ({ context }) => context.current < context.count,
    canGoBack: ({ context }) => context.current > 0,
    isOtherStep: ({ context }, params: { index: number }) => clamp(params.index, context.count) !== context.current,
  },
}).createMachine({
  id: 'stepper',
  context: ({ input }) => ({ count: input.count, current: clamp(input.current, input.count), saved: clamp(input.current, input.count), error: null }),
  initial: 'idle',
  // Moves and the server's value are taken in idle and failure; saving blocks them (below).
  on: {
    'stepper.next': { guard: 'canGoNext', target: '.saving', actions: assign({ current: ({ context }) => context.current + 1 }) },
    'stepper.previous': { guard: 'canGoBack', target: '.saving', actions: assign({ current: ({ context }) => context.current - 1 }) },
    'stepper.goTo': {
      guard: { type: 'isOtherStep', params: ({ event }) => ({ index: event.index }) },
      target: '.saving',
      actions: assign({ current: ({ context, event }) => clamp(event.index, context.count) }),
    },
    // After a reload or a status change elsewhere, the server's index wins.
    'stepper.sync': {
      target: '.idle',
      actions: assign(({ context, event }) => ({ current: clamp(event.current, context.count), saved: clamp(event.current, context.count), error: null })),
    },
  },
  states: {
    idle: {},
    saving: {
      tags: ['saving'],
      // One save at a time: a move or a sync while saving is dropped.
      on: { 'stepper.next': {}, 'stepper.previous': {}, 'stepper.goTo': {}, 'stepper.sync': {} },
      entry: assign({ error: null }),
      invoke: {
        src: 'saveStep',
        input: ({ context }) => ({ index: context.current }),
        onDone: { target: 'idle', actions: assign({ saved: ({ context }) => context.current }) },
        onError: {
          target: 'failure',
          actions: assign({ current: ({ context }) => context.saved, error: ({ event }) => toRequestError(event.error) }),
        },
      },
    },
    failure: {
      on: { 'stepper.dismiss': { target: 'idle', actions: assign({ error: null }) } },
    },
  },
});

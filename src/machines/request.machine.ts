import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type RequestContext<TInput, TData> = {
  input: TInput | null;
  message: string | null;
  data: TData | null;
  error: RequestError | null;
};

export type RequestEvent<TInput> =
  | { type: 'request.submit'; input: TInput }
  | { type: 'request.reset' };

/**
 * The request → success | failure → reset pattern shared by every operation.
 * `operationId` names the actor; the app provides it with `machine.provide({ actors })`.
 */
export function createRequestMachine<TInput, TData>(operationId: string) {
  const notProvided = fromPromise<RequestSuccess<TData>, TInput>(async () => {
    throw new Error(`Actor "${operationId}" was not provided`);
  });

  return setup({
    types: {
      context: {} as RequestContext<TInput, TData>,
      events: {} as RequestEvent<TInput>,
    },
    actors: { [operationId]: notProvided } as Record<string, typeof notProvided>,
    actions: {
      reset: assign({ input: null, message: null, data: null, error: null }),
    },
  }).createMachine({
    id: operationId,
    initial: 'idle',
    context: { input: null, message: null, data: null, error: null },
    states: {
      idle: {
        on: { 'request.submit': { target: 'loading', actions: assign({ input: ({ event }) => event.input }) } },
      },
      loading: {
        tags: ['loading'],
        entry: assign({ message: null, error: null }),
        invoke: {
          src: operationId,
          input: ({ context }) => context.input as TInput,
          onDone: {
            target: 'success',
            actions: assign({ message: ({ event }) => event.output.message, data: ({ event }) => event.output.data }),
          },
          onError: {
            target: 'failure',
            actions: assign({ error: ({ event }) => toRequestError(event.error) }),
          },
        },
      },
      success: {
        on: {
          'request.reset': { target: 'idle', actions: 'reset' },
          'request.submit': { target: 'loading', actions: assign({ input: ({ event }) => event.input }) },
        },
      },
      failure: {
        on: {
          'request.reset': { target: 'idle', actions: 'reset' },
          'request.submit': { target: 'loading', actions: assign({ input: ({ event }) => event.input }) },
        },
      },
    },
  });
}

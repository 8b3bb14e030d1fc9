import { createActor, toPromise, type PromiseActorLogic } from 'xstate';

/**
 * Runs an operation (a promise actor of src/app/operations.ts) from inside another actor's promise,
 * for statecharts whose effect is one call among others (the stepper's `saveStep`, the guard's
 * `getTender`). Leaving the calling state aborts `signal`, which stops the operation and its fetch.
 */
export function runOperation<O, I>(logic: PromiseActorLogic<O, I>, input: I, signal: AbortSignal): Promise<O> {
  const actor = createActor(logic, { input });
  signal.addEventListener('abort', () => actor.stop(), { once: true });
  const done = toPromise(actor);
  actor.start();
  return done;
}

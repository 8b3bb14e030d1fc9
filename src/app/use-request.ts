import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import type { createRequestMachine } from '../machines/request.machine';
import type { RequestError, RequestSuccess } from '../common/request-result';
import { NotificationsContext } from './notifications';

type RequestMachine<I, D> = ReturnType<typeof createRequestMachine<I, D>>;

/** One generic request statechart, its operation provided under the machine's id (the operationId). */
export function useRequest<I, D>(machine: RequestMachine<I, D>, operation: PromiseActorLogic<RequestSuccess<D>, I>) {
  const logic = useMemo(() => machine.provide({ actors: { [machine.id]: operation } }), [machine, operation]);
  const ref = useActorRef(logic);
  const loading = useSelector(ref, (s) => s.hasTag('loading'));
  const succeeded = useSelector(ref, (s) => s.matches('success'));
  const error = useSelector(ref, (s): RequestError | null => (s.matches('failure') ? s.context.error : null));
  const data = useSelector(ref, (s) => s.context.data);
  const message = useSelector(ref, (s) => s.context.message);
  const submit = (input: I) => ref.send({ type: 'request.submit', input });
  return { ref, loading, succeeded, error, data, message, submit };
}

/** Runs `effect` once each time the request enters success (not on later snapshots of the same success). */
export function useOnSuccess<I, D>(request: { ref: ReturnType<typeof useRequest<I, D>>['ref'] }, effect: (result: { message: string; data: D; input: I }) => void) {
  const latest = useRef(effect);
  useEffect(() => {
    latest.current = effect;
  });
  useEffect(() => {
    let inSuccess = request.ref.getSnapshot().matches('success');
    const subscription = request.ref.subscribe((snapshot) => {
      const now = snapshot.matches('success');
      if (now && !inSuccess) latest.current({ message: snapshot.context.message ?? '', data: snapshot.context.data as D, input: snapshot.context.input as I });
      inSuccess = now;
    });
    return () => subscription.unsubscribe();
  }, [request.ref]);
}

// Spec section 9: success toasts last 2000 ms.
export const SUCCESS_TOAST_MS = 2000;

export function useSuccessToast() {
  const notifications = NotificationsContext.useActorRef();
  return (message: string) => {
    if (message) notifications.send({ type: 'notify.show', toastType: 'success', message, duration: SUCCESS_TOAST_MS });
  };
}

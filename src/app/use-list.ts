import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PromiseActorLogic } from 'xstate';
import type { createListMachine, ListPage, ListQuery } from '../machines/list.machine';
import type { ListState } from '../ui/components/ListFrame';

type ListMachine<T, F extends Record<string, string>> = ReturnType<typeof createListMachine<T, F>>;

/** One list statechart with its page fetcher provided under the machine's id (the operationId). */
export function useList<T, F extends Record<string, string>>(machine: ListMachine<T, F>, operation: PromiseActorLogic<ListPage<T>, ListQuery<F>>, input?: Partial<ListQuery<F>>) {
  const logic = useMemo(() => machine.provide({ actors: { [machine.id]: operation } }), [machine, operation]);
  const ref = useActorRef(logic, { input });
  const snapshot = useSelector(ref, (s) => s);
  const list: ListState<T> = {
    state: snapshot.value as ListState<T>['state'],
    items: snapshot.context.items,
    page: snapshot.context.page,
    totalPages: snapshot.context.totalPages,
    count: snapshot.context.count,
    error: snapshot.context.error?.message ?? null,
  };
  return {
    ref,
    list,
    search: snapshot.context.search,
    filters: snapshot.context.filters,
    extra: snapshot.context.extra,
    onSearch: (search: string) => ref.send({ type: 'list.search', search }),
    onPage: (page: number) => ref.send({ type: 'list.page', page }),
    onFilter: (filters: Partial<F>) => ref.send({ type: 'list.filter', filters }),
    reload: () => ref.send({ type: 'list.reload' }),
  };
}

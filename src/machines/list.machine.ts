import { assign, fromPromise, setup } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

export type ListQuery<TFilters> = { page: number; search: string; filters: TFilters };
/** `extra`: other counts a list's answer gives with the page (potential tenders' hiddenCount). */
export type ListPage<TItem> = { items: TItem[]; count: number; totalPages: number; extra?: Record<string, number> };

export type ListContext<TItem, TFilters> = ListQuery<TFilters> & {
  items: TItem[];
  count: number;
  totalPages: number;
  extra: Record<string, number>;
  error: RequestError | null;
};

export type ListEvent<TFilters> =
  | { type: 'list.search'; search: string }
  | { type: 'list.page'; page: number }
  | { type: 'list.filter'; filters: Partial<TFilters> }
  | { type: 'list.reload' };

/** Search waits for the user to pause typing before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A paginated, searchable, filterable list: loading → loaded | empty | failure.
 * `operationId` names the actor that fetches one page; the app provides it.
 * Rows stay in context while a new page loads, so the table does not flash.
 */
export function createListMachine<TItem, TFilters extends Record<string, string>>(operationId: string, filters: TFilters) {
  const notProvided = fromPromise<ListPage<TItem>, ListQuery<TFilters>>(async () => {
    throw new Error(`Actor "${operationId}" was not provided`);
  });
  const fresh = { page: 1, search: '', filters, items: [] as TItem[], count: 0, totalPages: 0, extra: {}, error: null };

  return setup({
    types: {
      context: {} as ListContext<TItem, TFilters>,
      events: {} as ListEvent<TFilters>,
      input: {} as Partial<ListQuery<TFilters>> | undefined,
    },
    actors: { [operationId]: notProvided } as Record<string, typeof notProvided>,
    delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
    guards: { hasItems: ({ event }) => (event as unknown as { output: ListPage<TItem> }).output.items.length > 0 },
    actions: {
      setSearch: assign({ search: ({ event }) => (event.type === 'list.search' ? event.search : '') }),
      setPage: assign({ page: ({ event }) => (event.type === 'list.page' ? Math.max(1, event.page) : 1) }),
      setFilters: assign({
        filters: ({ context, event }) => (event.type === 'list.filter' ? { ...context.filters, ...event.filters } : context.filters),
        page: 1,
      }),
    },
  }).createMachine({
    id: operationId,
    initial: 'loading',
    context: ({ input }) => ({ ...fresh, ...input, filters: { ...filters, ...input?.filters } }),
    on: {
      'list.search': { target: '.debouncing', actions: 'setSearch' },
      'list.page': { target: '.loading', actions: 'setPage' },
      'list.filter': { target: '.loading', actions: 'setFilters' },
      'list.reload': { target: '.loading' },
    },
    states: {
      loading: {
        tags: ['loading'],
        entry: assign({ error: null }),
        invoke: {
          src: operationId,
          input: ({ context }) => ({ page: context.page, search: context.search, filters: context.filters }),
          onDone: [
            {
              guard: 'hasItems',
              target: 'loaded',
              actions: assign(({ event }) => ({ items: event.output.items, count: event.output.count, totalPages: event.output.totalPages, extra: event.output.extra ?? {} })),
            },
            {
              // Past the last page (after a deletion), go back to the last page that has rows.
              guard: ({ context, event }) => context.page > 1 && event.output.totalPages > 0,
              target: 'loading',
              reenter: true,
              actions: assign({ page: ({ event }) => event.output.totalPages }),
            },
            { target: 'empty', actions: assign(({ event }) => ({ items: [], count: 0, totalPages: 0, extra: event.output.extra ?? {} })) },
          ],
          onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        },
      },
      // Typing restarts the wait; the first page of the new search is asked once it ends.
      debouncing: {
        on: { 'list.search': { target: 'debouncing', reenter: true, actions: 'setSearch' } },
        after: { searchDebounce: { target: 'loading', actions: assign({ page: 1 }) } },
      },
      loaded: {},
      empty: {},
      failure: {},
    },
  });
}

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { createListMachine, SEARCH_DEBOUNCE_MS, type ListPage, type ListQuery } from './list.machine';

type Filters = { role: string };
const machine = createListMachine<string, Filters>('listThings', { role: '' });

function run(impl: (query: ListQuery<Filters>) => Promise<ListPage<string>>, clock = new SimulatedClock()) {
  const calls: ListQuery<Filters>[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        listThings: fromPromise(({ input }) => {
          calls.push(input as ListQuery<Filters>);
          return impl(input as ListQuery<Filters>);
        }),
      },
    }),
    { clock, input: {} },
  ).start();
  return { actor, calls, clock };
}

const page = (items: string[], totalPages = items.length ? 1 : 0): ListPage<string> => ({ items, count: items.length, totalPages });

describe('list machine', () => {
  it('loading (tagged) → loaded with rows, count and pages; no rows → empty', async () => {
    const { actor } = run(async () => page(['a', 'b']));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toMatchObject({ items: ['a', 'b'], count: 2, totalPages: 1, page: 1 });
    const empty = run(async () => page([])).actor;
    expect((await waitFor(empty, (s) => s.matches('empty'))).context.items).toEqual([]);
  });

  it('failure keeps the error; reload tries again', async () => {
    let fail = true;
    const { actor } = run(async () => {
      if (fail) throw { message: 'Erreur', status: 500 };
      return page(['a']);
    });
    expect((await waitFor(actor, (s) => s.matches('failure'))).context.error).toEqual({ message: 'Erreur', status: 500 });
    fail = false;
    actor.send({ type: 'list.reload' });
    expect((await waitFor(actor, (s) => s.matches('loaded'))).context.error).toBeNull();
  });

  it('search waits for a pause in typing, then asks for the first page once', async () => {
    const { actor, calls, clock } = run(async () => page(['a'], 3));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'list.page', page: 3 });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'list.search', search: 'j' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'list.search', search: 'ju' });
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(actor.getSnapshot().value).toBe('debouncing');
    // Rows stay while the user types.
    expect(actor.getSnapshot().context.items).toEqual(['a']);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.map((c) => [c.page, c.search])).toEqual([
      [1, ''],
      [3, ''],
      [1, 'ju'],
    ]);
  });

  it('a filter goes back to the first page; past the last page goes to the last one', async () => {
    const { actor, calls } = run(async (q) => (q.page > 2 ? { items: [], count: 40, totalPages: 2 } : page(['a'], 2)));
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'list.page', page: 5 });
    const back = await waitFor(actor, (s) => s.matches('loaded'));
    expect(back.context.page).toBe(2);
    actor.send({ type: 'list.filter', filters: { role: 'manager' } });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls.at(-1)).toEqual({ page: 1, search: '', filters: { role: 'manager' } });
  });

  it('starts from the given query', async () => {
    const actor = createActor(machine.provide({ actors: { listThings: fromPromise(async () => page([])) } }), { input: { filters: { role: 'admin' } } }).start();
    expect(actor.getSnapshot().context.filters).toEqual({ role: 'admin' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { blockDemolition, blockSafety } from '../../ui/library/library-fixtures';
import type { ListQuery } from '../../machines/list.machine';
import type { LibraryFilters, LibraryUpdateInput } from './calls';

afterEach(cleanup);

const companyId = users.employee.company!._id;

type Spy = (input: unknown) => void;

function operationsFor(spies: { list: Spy; update?: Spy; reviewed?: Spy }) {
  return fakeOperations(
    { current: users.employee },
    {
      listLibraryBlocks: fromPromise(async ({ input }: { input: ListQuery<LibraryFilters> }) => {
        spies.list(input);
        const items = input.filters.due === 'true' ? [blockSafety] : [blockDemolition, blockSafety];
        return { items, count: items.length, totalPages: 1 };
      }),
      updateLibraryBlock: fromPromise(async ({ input }: { input: LibraryUpdateInput }) => {
        spies.update?.(input);
        throw { message: 'Quelqu’un a modifié ce bloc depuis que vous l’avez ouvert : rien n’a été enregistré.', status: 409 };
      }),
      markLibraryBlockReviewed: fromPromise(async ({ input }: { input: { id: string } }) => {
        spies.reviewed?.(input);
        return { message: 'Bloc marqué comme revu : prochaine revue dans 12 mois.', data: { ...blockSafety, overdue: false } };
      }),
    },
  );
}

describe('the content library page', () => {
  it('lists the company blocks, filters those due for review and marks one as reviewed', async () => {
    const list = vi.fn();
    const reviewed = vi.fn();
    await renderApp({ path: `/companies/${companyId}/library`, who: 'employee', operations: operationsFor({ list, reviewed }) });
    const table = await screen.findByRole('table', { name: 'Blocs de la bibliothèque' }, { timeout: 5000 });
    expect(within(table).getByText(blockDemolition.title)).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { companyId, due: '' } }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'À revoir seulement' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ filters: { companyId, due: 'true' } })));
    await waitFor(() => expect(screen.queryByText(blockDemolition.title)).toBeNull());
    const calls = list.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: `Marquer comme revu ${blockSafety.title}` }));
    expect(reviewed).toHaveBeenCalledWith({ id: blockSafety._id });
    expect(await screen.findByText('Bloc marqué comme revu : prochaine revue dans 12 mois.')).toBeTruthy();
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
  }, 20_000);

  it('an edit sends the version it started from; a conflict is shown and the list read again', async () => {
    const list = vi.fn();
    const update = vi.fn();
    await renderApp({ path: `/companies/${companyId}/library`, who: 'employee', operations: operationsFor({ list, update }) });
    await screen.findByRole('table', { name: 'Blocs de la bibliothèque' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: `Modifier ${blockSafety.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le bloc' });
    const calls = list.mock.calls.length;
    await userEvent.click(within(dialog.ownerDocument.body).getByRole('button', { name: 'Enregistrer' }));
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: blockSafety._id, version: blockSafety.version, title: blockSafety.title, tags: blockSafety.tags }));
    expect(await within(dialog).findByText(/Quelqu’un a modifié ce bloc/)).toBeTruthy();
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
  }, 20_000);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { inUseWarning, moe, voirie } from '../../ui/dce-templates/dce-template-fixtures';
import type { ListQuery } from '../../machines/list.machine';

// The DCE template pages wired to their operations: the in-use warning and its confirmation.
// The first find waits longer: the lazily loaded page is compiled on first use.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

type Patch = { id: string; patch: { name?: string; confirm?: boolean } };

describe('DCE template pages', () => {
  it('editing a template in use: the warning, then confirm: true, then the list with a toast', async () => {
    const u = userEvent.setup();
    const updateDceTemplate = vi.fn(async ({ patch }: Patch) =>
      patch.confirm ? { message: 'Modèle de DCE mis à jour.', data: { template: voirie, isWarning: false } } : { message: inUseWarning, data: { template: voirie, isWarning: true } },
    );
    const listDceTemplates = vi.fn(async (_: ListQuery<Record<string, string>>) => ({ items: [moe, voirie], count: 2, totalPages: 1 }));
    const operations = fakeOperations(
      { current: users.admin },
      {
        getDceTemplate: fromPromise(async () => ({ message: '', data: voirie })),
        updateDceTemplate: fromPromise(({ input }) => updateDceTemplate(input as Patch)),
        listDceTemplates: fromPromise(({ input }) => listDceTemplates(input as ListQuery<Record<string, string>>)),
      },
    );
    const app = await renderApp({ path: `/dce-templates/edit/${voirie._id}`, who: 'admin', operations });
    const name = await screen.findByLabelText('Nom du modèle', {}, { timeout: 5000 });
    await u.clear(name);
    await u.type(name, 'Voirie');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ce modèle est déjà utilisé' });
    expect(within(dialog).getByText(inUseWarning)).toBeTruthy();
    expect(updateDceTemplate).toHaveBeenLastCalledWith(expect.objectContaining({ id: voirie._id, patch: expect.objectContaining({ name: 'Voirie' }) }));
    expect(updateDceTemplate.mock.lastCall![0].patch.confirm).toBeUndefined();
    expect(app.current()).toBe(`/dce-templates/edit/${voirie._id}`);

    await u.click(within(dialog).getByRole('button', { name: 'Appliquer la modification' }));
    expect(await screen.findByText('Modèle de DCE mis à jour.', {}, { timeout: 5000 })).toBeTruthy();
    expect(updateDceTemplate).toHaveBeenLastCalledWith({ id: voirie._id, patch: expect.objectContaining({ name: 'Voirie', confirm: true }) });
    await waitFor(() => expect(app.current()).toBe('/dce-templates'), { timeout: 5000 });
    expect(await screen.findByRole('table', { name: 'Modèles de DCE' }, { timeout: 5000 })).toBeTruthy();
  }, 20_000);

  it('cancelling the warning keeps the edits on the page and sends nothing more', async () => {
    const u = userEvent.setup();
    const updateDceTemplate = vi.fn(async () => ({ message: inUseWarning, data: { template: voirie, isWarning: true } }));
    const operations = fakeOperations(
      { current: users.admin },
      { getDceTemplate: fromPromise(async () => ({ message: '', data: voirie })), updateDceTemplate: fromPromise(() => updateDceTemplate()) },
    );
    const app = await renderApp({ path: `/dce-templates/edit/${voirie._id}`, who: 'admin', operations });
    const name = await screen.findByLabelText('Nom du modèle', {}, { timeout: 5000 });
    await u.type(name, ' 2027');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect((screen.getByLabelText('Nom du modèle') as HTMLInputElement).value).toBe(`${voirie.name} 2027`);
    expect(updateDceTemplate).toHaveBeenCalledTimes(1);
    expect(app.current()).toBe(`/dce-templates/edit/${voirie._id}`);
  }, 20_000);

  it('an unknown template shows the not-found state', async () => {
    const operations = fakeOperations(
      { current: users.admin },
      {
        getDceTemplate: fromPromise(async () => {
          throw { message: 'Ressource introuvable.', status: 404 };
        }),
      },
    );
    await renderApp({ path: '/dce-templates/edit/00000000-0000-4000-8000-000000000000', who: 'admin', operations });
    expect(await screen.findByRole('heading', { name: 'Modèle introuvable', level: 1 }, { timeout: 5000 })).toBeTruthy();
  });

  it('creating a template goes back to the list with the server message', async () => {
    const u = userEvent.setup();
    const createDceTemplate = vi.fn(async (input: unknown) => ({ message: 'Modèle de DCE créé.', data: { ...moe, ...(input as object) } }));
    const operations = fakeOperations(
      { current: users.admin },
      {
        createDceTemplate: fromPromise(({ input }) => createDceTemplate(input)),
        listDceTemplates: fromPromise(async () => ({ items: [moe], count: 1, totalPages: 1 })),
      },
    );
    const app = await renderApp({ path: '/dce-templates/add', who: 'admin', operations });
    await u.type(await screen.findByLabelText('Nom du modèle', {}, { timeout: 5000 }), 'Fournitures');
    await u.click(screen.getByRole('button', { name: 'Ajouter CCTP : Cahier des clauses techniques particulières' }));
    await u.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(await screen.findByText('Modèle de DCE créé.', {}, { timeout: 5000 })).toBeTruthy();
    expect(createDceTemplate).toHaveBeenCalledWith({ name: 'Fournitures', description: '', documents: [{ code: 'CCTP', label: 'Cahier des clauses techniques particulières', required: true }] });
    await waitFor(() => expect(app.current()).toBe('/dce-templates'), { timeout: 5000 });
  }, 20_000);
});

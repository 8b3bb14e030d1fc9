import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { lyon } from '../../ui/admin/admin-fixtures';
import type { OrganigrammeReplace } from '../../machines/organigramme.machine';

afterEach(cleanup);

// The answer as the spec allows it: a plain list, the construction chart spelt "chantier".
const siteChart = {
  _id: 'chart-1',
  companyId: lyon._id,
  type: 'chantier',
  positions: [
    { _id: 'ddt', parentId: null, title: 'Directeur de travaux', name: 'Philippe Garnier', contact: '' },
    { _id: 'cdc', parentId: 'ddt', title: 'Chef de chantier', name: 'Laurent Blanc', contact: '06 45 19 62 37' },
  ],
  createdAt: '2026-11-02T08:00:00.000Z',
  updatedAt: '2026-11-02T08:00:00.000Z',
};

function operationsFor(who: 'manager' | 'employee', replace = vi.fn()) {
  return fakeOperations(
    { current: users[who] },
    {
      getCompany: fromPromise(async () => ({ message: '', data: lyon })),
      getOrganigrammes: fromPromise(async () => [siteChart]),
      replaceOrganigramme: fromPromise(async ({ input }: { input: OrganigrammeReplace }) => {
        replace(input);
        return { message: 'Organigramme enregistré.', data: { ...siteChart, type: 'construction', positions: input.positions } };
      }),
    },
  );
}

describe('the organisation charts of the company page', () => {
  it('a manager renames a position of the construction chart and saves it; the success stays until acknowledged', async () => {
    const replace = vi.fn();
    await renderApp({ path: `/companies/${lyon._id}`, who: 'manager', operations: operationsFor('manager', replace) });
    const section = await screen.findByRole('region', { name: 'Organigrammes' }, { timeout: 5000 });
    expect(await within(section).findByText('Aucun organigramme « Global » pour le moment')).toBeTruthy();
    await userEvent.click(within(section).getByRole('tab', { name: 'Chantier' }));
    expect(within(section).getByRole('list', { name: 'Organigramme « Chantier » en liste' }).textContent).toContain('Chef de chantier — Laurent Blanc');

    await userEvent.click(within(section).getByRole('button', { name: "Modifier l'organigramme" }));
    await userEvent.click(within(section).getByRole('button', { name: 'Modifier ou déplacer Chef de chantier (Laurent Blanc)' }));
    const name = within(section).getByLabelText('Nom de la personne');
    await userEvent.clear(name);
    await userEvent.type(name, 'Lina Blanc');
    await userEvent.click(within(section).getByRole('button', { name: 'Appliquer' }));
    await userEvent.click(within(section).getByRole('button', { name: "Enregistrer l'organigramme" }));

    expect(await within(section).findByText('Organigramme enregistré.')).toBeTruthy();
    expect(replace).toHaveBeenCalledWith({ companyId: lyon._id, type: 'construction', positions: [siteChart.positions[0], { ...siteChart.positions[1], name: 'Lina Blanc' }], version: 1 });
    expect(within(section).getByRole('list', { name: 'Organigramme « Chantier » en liste' }).textContent).toContain('Chef de chantier — Lina Blanc');
    await userEvent.click(within(section).getByRole('button', { name: 'OK' }));
    expect(within(section).queryByText('Organigramme enregistré.')).toBeNull();
  }, 20_000);

  it('an employee reads the charts without any editing control', async () => {
    await renderApp({ path: `/companies/${lyon._id}`, who: 'employee', operations: operationsFor('employee') });
    const section = await screen.findByRole('region', { name: 'Organigrammes' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('tab', { name: 'Chantier' }));
    expect(within(section).getByRole('list', { name: 'Organigramme « Chantier » en liste' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: "Modifier l'organigramme" })).toBeNull();
    await userEvent.click(within(section).getByRole('tab', { name: 'Global' }));
    expect(within(section).queryByRole('button', { name: "Créer l'organigramme" })).toBeNull();
  }, 20_000);
});

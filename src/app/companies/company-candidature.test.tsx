import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { lyon } from '../../ui/admin/admin-fixtures';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { candidatureYears } from '../../ui/companies/CompanyCandidatureCard';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const id = users.manager.company!._id;
const company: CompanyRow = { ...lyon, _id: id, logo: null, candidature: { legalForm: '', nafCode: '', vatNumber: '', sme: null, legalRepresentative: null, figures: [], uploadMbps: null } };

async function showCompany(who: 'manager' | 'employee', sent: unknown[] = []) {
  const operations = fakeOperations(
    { current: users[who] },
    {
      getCompany: fromPromise(async () => ({ message: '', data: company })),
      updateCompany: fromPromise(async ({ input }: { input: { patch: { candidature: CompanyRow['candidature'] } } }) => {
        sent.push(input.patch);
        return { message: 'Entreprise mise à jour.', data: { ...company, candidature: input.patch.candidature } };
      }),
    },
  );
  await renderApp({ path: `/companies/${id}`, who, operations });
  const heading = await screen.findByRole('heading', { name: 'Données de candidature' }, { timeout: 4_000 });
  return heading.closest('section')!;
}

describe('the company’s candidature data (issue 26)', () => {
  it('a manager fills the representative, the figures of the last three years and the upload speed; the card then shows them', async () => {
    const sent: unknown[] = [];
    const card = await showCompany('manager', sent);
    expect(within(card).getByText('Aucun chiffre renseigné : le DC2 et le DUME les demandent.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Modifier les données de candidature' }));
    const [last] = candidatureYears();
    await user.type(within(card).getByLabelText('Forme juridique'), 'SAS');
    await user.type(within(card).getByLabelText('Code NAF (APE)'), '4321a');
    await user.type(within(card).getByLabelText('Nom du représentant légal'), 'Claire Durand');
    await user.type(within(card).getByLabelText('Qualité du représentant'), 'Présidente');
    await user.type(within(card).getByLabelText(`Chiffre d'affaires HT ${last} (€)`), '2 840 000');
    await user.type(within(card).getByLabelText(`Effectif moyen ${last}`), '24');
    await user.type(within(card).getByLabelText(/Débit montant/), '20');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(card).findByText('Claire Durand, Présidente')).toBeTruthy();
    expect(sent).toEqual([
      { candidature: { legalForm: 'SAS', nafCode: '4321A', vatNumber: '', sme: null, legalRepresentative: { name: 'Claire Durand', capacity: 'Présidente' }, figures: [{ year: last, turnover: 2840000, staff: 24 }], uploadMbps: 20 } },
    ]);
    expect(within(card).getByRole('rowheader', { name: String(last) })).toBeTruthy();
    expect(within(card).getByText('20 Mbit/s')).toBeTruthy();
  });

  it('refuses a NAF code that is none and a representative without a capacity, under their fields', async () => {
    const sent: unknown[] = [];
    const card = await showCompany('manager', sent);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Modifier les données de candidature' }));
    await user.type(within(card).getByLabelText('Code NAF (APE)'), '12');
    await user.type(within(card).getByLabelText('Nom du représentant légal'), 'Claire Durand');
    await user.click(within(card).getByRole('button', { name: 'Enregistrer' }));
    expect(within(card).getByText('Saisissez un code NAF comme 4321A.')).toBeTruthy();
    expect(within(card).getByText('Indiquez le nom et la qualité du représentant, ou aucun des deux.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('an employee reads it without a way to change it', async () => {
    const card = await showCompany('employee');
    expect(within(card).queryByRole('button', { name: 'Modifier les données de candidature' })).toBeNull();
  });
});

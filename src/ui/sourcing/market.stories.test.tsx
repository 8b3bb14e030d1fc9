import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as marketStories from './MarketCard.stories';
import * as awardsStories from './CompanyAwardsCard.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const M = composeStories(marketStories);
const A = composeStories(awardsStories);
const nbsp = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

describe('the market card', () => {
  it("the call's notices, the moved deadline and the buyer's past awards with their statistics", async () => {
    show(<M.History />);
    expect(await screen.findByRole('heading', { name: 'Marché et historique' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /BOAMP 26-120117 \(avis de marché\)/ }).getAttribute('href')).toBe('https://www.boamp.fr/pages/avis/?q=idweb:26-120117');
    expect(screen.getByText(/BOAMP 26-121904 \(rectificatif\)/)).toBeTruthy();
    const changes = screen.getByRole('list', { name: 'Changements publiés' });
    expect(nbsp(within(changes).getByText(/^Date limite/).textContent)).toBe('Date limite : 12/03/2026 12:00 → 19/03/2026 12:00');
    expect(nbsp(screen.getByTestId('market-stats').textContent)).toBe('2 marchés similaires depuis 2018, médiane 225 991 € HT.');
    const table = screen.getByRole('table', { name: 'Marchés similaires attribués par Ville de Lyon' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Marché', 'Titulaire', 'Montant HT', 'Date', 'Offres']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => nbsp(td.textContent)))).toEqual([
      ['DB VERRE', '262 904 €', '23 nov. 2018', 'non publié'],
      ['CMA CONCEPT', '189 077 €', '3 oct. 2018', '4'],
    ]);
  });

  it('the status badge: awarded with the winner of this call, or cancelled', async () => {
    show(<M.Awarded />);
    expect(await screen.findByText('Attribué')).toBeTruthy();
    expect(nbsp(screen.getByText(/^CMA CONCEPT – /).textContent)).toBe('CMA CONCEPT – 301 500 € HT, le 5 nov. 2026');
    show(<M.Cancelled />);
    expect(await screen.findByText('Annulé')).toBeTruthy();
  });

  it('empty parts say why; a failed load offers a retry', async () => {
    show(<M.NoHistory />);
    expect(await screen.findByText('Appel saisi à la main : aucun avis importé ne le décrit.')).toBeTruthy();
    expect(screen.getByText('Aucun rectificatif ni changement publié pour cet appel.')).toBeTruthy();
    expect(screen.getByText('Aucun marché de Commune de Vienne pour les codes CPV 454… dans les données importées.')).toBeTruthy();
    show(<M.NoCpv />);
    expect(await screen.findByText('L’appel n’a pas de code CPV : pas de marchés similaires à comparer.')).toBeTruthy();
    show(<M.Failed />);
    await userEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(M.Failed.args.onRetry).toHaveBeenCalled();
  });
});

describe('the calls a company won and lost', () => {
  it('won and lost rows with the winner, amount and date; a lost tender links to it', async () => {
    show(<A.WonAndLost />);
    const table = await screen.findByRole('table', { name: 'Marchés gagnés et perdus' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => nbsp(td.textContent)))).toEqual([
      ['Gagné', 'ECOLE JASMIN ROBERT PLOMBERIEBUDG.PRINC. VILLE DE SAINT PAUL', 'DLA BATIMENT', '47 770 €', '6 nov. 2018'],
      ['Perdu', 'Extension du gymnase municipal et mise en accessibilitéCommune de Vienne', 'Attribution non publiée', '—', '—'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Extension du gymnase municipal et mise en accessibilité' }).getAttribute('href')).toBe('/tenders/7d1f0c2a-3b4e-4f50-8a6b-9c0d1e2f3a4b');
  });

  it('says why the list is empty, with or without a SIRET', async () => {
    show(<A.None />);
    expect(await screen.findByText(/Aucun avis d’attribution ni donnée DECP importés ne nomme le SIRET/)).toBeTruthy();
    show(<A.NoSiret />);
    expect(await screen.findByText(/Renseignez le SIRET de l’entreprise/)).toBeTruthy();
  });

  it('another page is asked for through the pagination', async () => {
    show(<A.Paging />);
    expect((await screen.findByRole('region', { name: 'Marchés gagnés et perdus' })).getAttribute('aria-busy')).toBe('true');
  });
});

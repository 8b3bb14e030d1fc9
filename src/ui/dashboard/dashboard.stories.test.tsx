import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './DashboardView.stories';

// recharts measures its box, which jsdom has not: the lazy charts are stood in for by their label.
vi.mock('./DashboardCharts', () => ({
  GroupedBarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  HorizontalBarChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Dashboard = composeStories(stories);
const show = (ui: ReactElement): RenderResult => {
  cleanup();
  return render(ui);
};
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

describe('admin statistics', () => {
  it('shows the figures formatted in French, the charts and their tables of the same figures', async () => {
    show(<Dashboard.AdminStatistics />);
    const stats = await screen.findByRole('region', { name: 'Statistiques de la plateforme' });
    expect(within(stats).getByText('55')).toBeTruthy();
    expect(within(stats).getAllByText((_, el) => el?.tagName === 'P' && spaced(el.textContent) === '85,7 %')).toHaveLength(1);
    expect(within(stats).getAllByText((_, el) => el?.tagName === 'P' && spaced(el.textContent) === '42,5 %')).toHaveLength(1);
    expect(within(stats).getByText('12,5 jours')).toBeTruthy();
    expect(within(stats).getByText((_, el) => el?.tagName === 'P' && spaced(el.textContent) === '13,7 %')).toBeTruthy();
    expect(within(stats).getByText('Décisions Go / No-Go : 21 go, 9 no-go')).toBeTruthy();
    // Charts (stood in for) and their text alternatives.
    // The charts' code loads after the first paint: longer than findBy's 1 s on a loaded machine.
    expect(await screen.findByRole('img', { name: /Histogramme des appels d'offres .* de déc\. 2025 à nov\. 2026/ }, { timeout: 10_000 })).toBeTruthy();
    const months = screen.getByRole('table', { name: "Appels d'offres par mois" });
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    expect(spaced(within(months).getAllByRole('row')[12]!.textContent)).toBe('nov. 2026531');
    const times = screen.getByRole('table', { name: 'Durée avant chaque statut' });
    expect(within(times).getByRole('row', { name: /Gagné/ }).textContent?.replace(/\s/g, ' ')).toBe('Gagné154,5 jours-3,2 %');
    const rates = screen.getByRole('table', { name: 'Taux de réponse et de succès' });
    expect(spaced(within(rates).getByRole('row', { name: /Taux de réponse/ }).textContent)).toBe('Taux de réponse85,7 %');
  });

  it('lists the latest reports, linking to /reports', async () => {
    show(<Dashboard.AdminStatistics />);
    const reports = await screen.findByRole('region', { name: 'Derniers signalements' });
    expect(within(reports).getByRole('link', { name: 'Le dépôt du DCE échoue au-delà de 20 Mo' }).getAttribute('href')).toBe('/reports');
    expect(within(reports).getByText(/Compte supprimé/)).toBeTruthy();
    expect(within(reports).getByRole('link', { name: 'Voir tous les signalements' }).getAttribute('href')).toBe('/reports');
  });

  it('empty, loading and failed states say so', async () => {
    show(<Dashboard.AdminStatisticsEmpty />);
    expect(await screen.findByText("Aucun signalement pour l'instant")).toBeTruthy();
    // The average of the figures and of each status in the table.
    expect(screen.getAllByText('0 jour')).toHaveLength(4);
    show(<Dashboard.AdminStatisticsLoading />);
    expect(await screen.findByRole('status', { name: 'Chargement des statistiques…' })).toBeTruthy();
    show(<Dashboard.AdminStatisticsFailure />);
    expect(await screen.findByText("Les statistiques n'ont pas pu être chargées")).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Réessayer' })).toHaveLength(2);
  });
});

describe("the company's work", () => {
  it('pipeline by status, next deadlines, documents to renew and open tasks, each with its link', async () => {
    show(<Dashboard.ManagerWork />);
    const pipeline = await screen.findByRole('region', { name: "Appels d'offres par statut" });
    expect(within(pipeline).getByText("13 appels d'offres suivis par votre entreprise.")).toBeTruthy();
    expect(within(pipeline).getByText('Décisions Go / No-Go : 5 go, 2 no-go')).toBeTruthy();
    expect(within(pipeline).getByRole('link', { name: "Déposé : 4 appels d'offres, voir la liste" }).getAttribute('href')).toBe('/company/tenders?status=submitted');
    const deadlines = screen.getByRole('region', { name: 'Prochaines échéances' });
    expect(within(deadlines).getByRole('link', { name: 'Réhabilitation thermique du groupe scolaire Jean-Moulin' }).getAttribute('href')).toBe('/tenders/b0000000-0000-4000-8000-000000000001');
    expect(within(deadlines).getByText('dans 4 jours')).toBeTruthy();
    const documents = screen.getByRole('region', { name: 'Documents à renouveler' });
    expect(within(documents).getByText('Expiré')).toBeTruthy();
    expect(within(documents).getByText('Expire dans 12 jours')).toBeTruthy();
    expect(within(documents).getByRole('link', { name: 'Ouvrir le coffre-fort' }).getAttribute('href')).toMatch(/^\/company\/documents\//);
    const tasks = screen.getByRole('region', { name: 'Tâches à faire' });
    expect(within(tasks).getByRole('link', { name: /^Jalon :\s?Visite de site$/ }).getAttribute('href')).toBe('/tenders/b0000000-0000-4000-8000-000000000001/planning');
    expect(within(tasks).getByText(/Jusqu'au 2 déc\. 2026/)).toBeTruthy();
  });

  it('a company with nothing yet is told what to do', async () => {
    show(<Dashboard.ManagerNothingYet />);
    expect((await screen.findByRole('link', { name: "Voir les appels d'offres potentiels" })).getAttribute('href')).toBe('/potential-tenders');
    expect(screen.getByText('Aucune échéance à venir')).toBeTruthy();
    // An empty vault is not "up to date": it says so and offers to add a document (issue 24).
    expect(screen.queryByText('Tous vos documents sont à jour')).toBeNull();
    expect(screen.getByText('Aucun document dans le coffre-fort')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ajouter un document' }).getAttribute('href')).toMatch(/^\/company\/documents\/.+/);
    expect(screen.getByText(/Planifiez la réponse depuis la fiche/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('the documents to renew', () => {
  it('a vault with documents, none expiring, is up to date', async () => {
    show(<Dashboard.ManagerDocumentsUpToDate />);
    expect(await screen.findByText('Tous vos documents sont à jour')).toBeTruthy();
    expect(screen.queryByText('Aucun document dans le coffre-fort')).toBeNull();
  });
});

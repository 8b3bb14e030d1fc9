import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as reportsStories from './ReportsView.stories';
import { brokenUpload } from './ReportsView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Reports = composeStories(reportsStories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, name: string): unknown {
  return (story.args as Record<string, unknown>)[name];
}

describe('admin reports', () => {
  it('loading, failure with retry, empty and no-match states', async () => {
    show(<Reports.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<Reports.Failure />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Reports.Failure, 'onRetry')).toHaveBeenCalled();
    show(<Reports.Empty />);
    expect(await screen.findByText('Aucun signalement')).toBeTruthy();
    show(<Reports.NoMatch />);
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
  });

  it('loaded: columns, status labels with icons, reporter and company, filters', async () => {
    const u = userEvent.setup();
    show(<Reports.Loaded />);
    const table = await screen.findByRole('table', { name: 'Signalements' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Titre', 'Type', 'Priorité', 'Statut', 'Auteur', 'Envoyé le', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const first = within(rows[0]!);
    expect(first.getByText("L'envoi du DCE échoue")).toBeTruthy();
    expect(first.getByText('Bogue')).toBeTruthy();
    expect(first.getByText('Haute')).toBeTruthy();
    expect(first.getByText('Menuiserie de Lyon')).toBeTruthy();
    expect(first.getByText('15 janv. 2026')).toBeTruthy();
    for (const [i, label] of ['Ouvert', 'En cours', 'Résolu', 'Fermé'].entries()) {
      const badge = within(rows[i]!).getByText(label);
      expect(badge.querySelector('svg.lucide')).toBeTruthy();
    }
    expect(within(rows[2]!).getByText('Sans entreprise')).toBeTruthy();
    expect(within(rows[3]!).getByText('Compte supprimé')).toBeTruthy();
    await u.click(first.getByRole('button', { name: "Voir le signalement « L'envoi du DCE échoue »" }));
    expect(arg(Reports.Loaded, 'onView')).toHaveBeenCalledWith(brokenUpload);
    await u.selectOptions(screen.getByLabelText('Statut'), 'resolved');
    expect(arg(Reports.Loaded, 'onFilter')).toHaveBeenCalledWith({ status: 'resolved' });
    await u.selectOptions(screen.getByLabelText('Priorité'), 'critical');
    expect(arg(Reports.Loaded, 'onFilter')).toHaveBeenCalledWith({ priority: 'critical' });
    await u.type(screen.getByLabelText('Rechercher'), 'd');
    expect(arg(Reports.Loaded, 'onSearch')).toHaveBeenCalledWith('d');
  });

  it('the detail dialog shows the description, page, screenshot, and changes the status', async () => {
    const u = userEvent.setup();
    show(<Reports.Viewing />);
    const dialog = await screen.findByRole('dialog', { name: "L'envoi du DCE échoue" });
    expect(within(dialog).getByText(/s'arrête à 80 %/)).toBeTruthy();
    expect(within(dialog).getByText(brokenUpload.currentUrl)).toBeTruthy();
    const img = within(dialog).getByRole('img', { name: "Capture d'écran du signalement « L'envoi du DCE échoue »" });
    expect(img.getAttribute('src')).toBe(brokenUpload.screenshot?.url);
    await u.selectOptions(within(dialog).getByLabelText('Statut du signalement'), 'in_progress');
    expect(arg(Reports.Viewing, 'onStatus')).toHaveBeenCalledWith(brokenUpload, 'in_progress');
    show(<Reports.ViewingWithoutScreenshot />);
    expect(within(await screen.findByRole('dialog')).getByText("Aucune capture d'écran jointe.")).toBeTruthy();
    show(<Reports.StatusError />);
    const alert = within(await screen.findByRole('dialog')).getByRole('alert');
    expect(alert.textContent).toContain("Le statut n'a pas pu être changé");
    expect(alert.textContent).toContain('Signalement introuvable.');
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './CctpAnalysisView.stories';
import { doneAnalysis, members } from './cctp-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Cctp = composeStories(stories);
const show = (ui: ReactElement) => {
  cleanup();
  return render(ui);
};
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;
const rowOf = (text: string) => screen.getByRole('listitem', { name: text.length > 80 ? `${text.slice(0, 80)}…` : text });

describe('the CCTP requirements matrix', () => {
  it('shows the coverage, the exports, and the requirements under their sections with kind, norms and page', async () => {
    show(<Cctp.Ready />);
    expect(await screen.findByText('3 exigences traitées sur 11 (27 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Couverture des exigences' }).getAttribute('aria-valuenow')).toBe('27');
    expect(screen.getByRole('link', { name: 'Exporter en Excel' }).getAttribute('href')).toBe(`/api/cctp-analyses/${doneAnalysis._id}/export?format=xlsx`);
    expect(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')).toBe(`/api/cctp-analyses/${doneAnalysis._id}/export?format=csv`);
    const section = screen.getByRole('region', { name: '3.1.2 Résolution, précision et vitesse' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    const security = rowOf(doneAnalysis.requirements[7]!.text);
    expect(within(security).getByText('Norme')).toBeTruthy();
    expect(within(security).getByText('NF EN 60825-1')).toBeTruthy();
    expect(within(security).getByRole('button', { name: 'Ouvrir CCTP_2026FCSSA0025 v2.pdf à la page 7' })).toBeTruthy();
    const first = rowOf(doneAnalysis.requirements[0]!.text);
    expect(within(first).getByRole('button', { name: 'Couverte' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(first).getByText('Ablation laser directe : mémoire technique § 2.1.')).toBeTruthy();
    expect((within(first).getByRole('combobox', { name: 'Responsable' }) as HTMLSelectElement).value).toBe(members[0]!._id);
  });

  it('filters by kind, status, assignee and words, and clears the filters', async () => {
    const u = userEvent.setup();
    show(<Cctp.Ready />);
    await u.selectOptions(await screen.findByRole('combobox', { name: 'Type' }), 'performance');
    expect(screen.getByText('4 exigences affichées sur 11')).toBeTruthy();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'todo');
    expect(screen.getByText('3 exigences affichées sur 11')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(screen.getByText('11 exigences affichées sur 11')).toBeTruthy();
    const assignee = screen.getAllByRole('combobox', { name: 'Responsable' })[0]!;
    await u.selectOptions(assignee, 'none');
    expect(screen.getByText('8 exigences affichées sur 11')).toBeTruthy();
    await u.selectOptions(assignee, 'all');
    // Accents and case do not matter; a norm is found by its reference.
    await u.type(screen.getByRole('searchbox', { name: 'Rechercher une exigence, une norme' }), 'securite 60825');
    expect(screen.getByText('1 exigence affichée sur 11')).toBeTruthy();
  });

  it('marks a requirement covered, assigns it, writes a note, and opens its page', async () => {
    const u = userEvent.setup();
    show(<Cctp.Ready />);
    const target = doneAnalysis.requirements[3]!;
    const row = rowOf(target.text);
    await u.click(within(row).getByRole('button', { name: 'Couverte' }));
    expect(arg(Cctp.Ready, 'onChange')).toHaveBeenCalledWith(target._id, { status: 'covered' });
    await u.selectOptions(within(row).getByRole('combobox', { name: 'Responsable' }), members[1]!._id);
    expect(arg(Cctp.Ready, 'onChange')).toHaveBeenCalledWith(target._id, { assigneeId: members[1]!._id });
    await u.click(within(row).getByRole('button', { name: 'Ajouter une note' }));
    await u.type(within(row).getByRole('textbox', { name: 'Réponse ou note' }), '  Tolérance de ± 15 µm garantie  ');
    await u.click(within(row).getByRole('button', { name: 'Enregistrer la note' }));
    expect(arg(Cctp.Ready, 'onChange')).toHaveBeenCalledWith(target._id, { note: 'Tolérance de ± 15 µm garantie' });
    await u.click(within(row).getByRole('button', { name: 'Ouvrir CCTP_2026FCSSA0025 v2.pdf à la page 4' }));
    expect(arg(Cctp.Ready, 'onOpenSource')).toHaveBeenCalledWith(expect.objectContaining({ documentId: target.documentId, page: 4, excerpt: target.text }));
  });

  it('says while a change is saved, and shows a refusal', async () => {
    show(<Cctp.Saving />);
    const row = rowOf(doneAnalysis.requirements[2]!.text);
    expect(await within(row).findByRole('status')).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Couverte' }) as HTMLButtonElement).disabled).toBe(true);
    show(<Cctp.SaveRefused />);
    expect(await screen.findByText("La personne choisie n'est pas membre de l'entreprise qui répond.")).toBeTruthy();
  });

  it('has a state for each step of a run: empty, running with its progress, failed, nothing found', async () => {
    show(<Cctp.Empty />);
    expect(await screen.findByText("Aucune analyse du CCTP pour l'instant")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Analyser le CCTP' })).toBeTruthy();
    show(<Cctp.Running />);
    expect((await screen.findByRole('progressbar', { name: "Progression de l'analyse du CCTP" })).getAttribute('aria-valuenow')).toBe('30');
    expect(screen.getByRole('heading', { name: 'Historique des analyses' })).toBeTruthy();
    show(<Cctp.Failed />);
    expect(await screen.findByText("L'analyse a dépassé son temps limite.")).toBeTruthy();
    show(<Cctp.NothingFound />);
    expect(await screen.findByText('Aucune exigence trouvée')).toBeTruthy();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as workspaceStories from './MemoryWorkspaceView.stories';
import * as sectionStories from './SectionWorkspace.stories';
import { buyerPassage, memoryDemo, memoryStaffSection, memoryTenderId, memoryVersions, memoryWritten } from './memory-fixtures';
import { plainLines, quotedPassages } from './tiptap-text';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Workspace = composeStories(workspaceStories);
const Section = composeStories(sectionStories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the memory workspace', () => {
  it('offers to create the memory from the DCE analysis or blank', async () => {
    const user = userEvent.setup();
    show(<Workspace.Empty />);
    await user.click(
      await screen.findByRole('button', {
        name: "Créer à partir de l'analyse du DCE",
      }),
    );
    expect(Workspace.Empty.args.onCreate).toHaveBeenLastCalledWith('analysis');
    await user.click(screen.getByRole('button', { name: "Partir d'un mémoire vierge" }));
    expect(Workspace.Empty.args.onCreate).toHaveBeenLastCalledWith('blank');
  });

  it('says a DCE analysis is missing, with a link to it', async () => {
    show(<Workspace.NoAnalysis />);
    expect(await screen.findByText(/Aucune analyse du DCE terminée/)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Ouvrir l'analyse du DCE" }).getAttribute('href')).toBe(`/tender/dce-analyse/${memoryTenderId}`);
  });

  it('offers the Word export as a download of the memory', async () => {
    show(<Workspace.Ready />);
    const link = await screen.findByRole('link', { name: 'Exporter en Word' });
    expect(link.getAttribute('href')).toBe(`/api/memories/${memoryDemo._id}/export.docx`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('shows the outline with weights, statuses and the stale badge, the current section marked', async () => {
    const user = userEvent.setup();
    show(<Workspace.Ready />);
    const outline = await screen.findByRole('navigation', {
      name: 'Plan du mémoire',
    });
    const current = within(outline).getByRole('button', { current: true });
    expect(current.textContent).toContain('Finesse de structuration laser');
    expect(current.textContent).toContain('Poids du critère : 20 %');
    expect(current.textContent).toContain('À relire');
    const staff = within(outline).getByRole('button', {
      name: /Moyens humains/,
    });
    expect(staff.textContent).toContain('Données modifiées');
    expect(within(outline).getAllByText('Données modifiées')).toHaveLength(1);
    await user.click(staff);
    expect(Workspace.Ready.args.onSelect).toHaveBeenLastCalledWith(memoryStaffSection._id);
  });

  it('shows the section criterion, its requirements linked to the CCTP analysis, and inserts a quoted passage', async () => {
    const user = userEvent.setup();
    show(<Workspace.Ready />);
    const panel = await screen.findByRole('region', { name: 'Cette section' });
    expect(within(panel).getByText('Performances techniques du système — 40 %')).toBeTruthy();
    const links = within(panel).getAllByRole('link', {
      name: /Exigence \d dans l'analyse du CCTP/,
    });
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toBe(`/tender/cctp-analyse/${memoryTenderId}#cctp-requirements`);
    await user.click(
      within(panel).getByRole('button', {
        name: 'Insérer la citation dans le texte',
      }),
    );
    expect(Workspace.Ready.args.onInsertPassage).toHaveBeenLastCalledWith(buyerPassage);
  });

  it('updates a stale resource section on request', async () => {
    const user = userEvent.setup();
    show(<Workspace.Stale />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Mettre à jour depuis les données',
      }),
    );
    expect(Workspace.Stale.args.onRefresh).toHaveBeenLastCalledWith(memoryStaffSection._id);
    show(<Workspace.Refreshing />);
    expect(
      (
        (await screen.findByRole('button', {
          name: 'Mise à jour…',
        })) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('shows the analysis: total, each criterion out of its weight, reasons from their keys', async () => {
    show(<Workspace.Analysed />);
    const panel = await screen.findByRole('region', {
      name: 'Analyse du mémoire',
    });
    expect(within(panel).getByText(/Note estimée : 21,5 \/ 60/)).toBeTruthy();
    expect(within(panel).getByText('17,5 / 40')).toBeTruthy();
    expect(within(panel).getByText('Exigence non couverte : « Répétabilité de positionnement ± 2 µm » (CCTP.pdf, p. 4).')).toBeTruthy();
    expect(within(panel).getByText("Rien n'est encore rédigé pour ce critère.")).toBeTruthy();
    expect(within(panel).getByText('Noté par les règles')).toBeTruthy();
  });

  it('runs the analysis, then shows it running', async () => {
    const user = userEvent.setup();
    show(<Workspace.Ready />);
    await user.click(await screen.findByRole('button', { name: 'Analyser le mémoire' }));
    expect(Workspace.Ready.args.onAnalyse).toHaveBeenCalled();
    show(<Workspace.Analysing />);
    expect(
      (
        (await screen.findByRole('button', {
          name: 'Analyse en cours…',
        })) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('lists the versions, keeps one and restores one', async () => {
    const user = userEvent.setup();
    show(<Workspace.VersionsOpen />);
    const panel = await screen.findByRole('region', { name: 'Versions' });
    expect(within(panel).getByText(/Enregistrée à la main · 230 mots · manager/)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer une version' }));
    expect(Workspace.VersionsOpen.args.onKeepVersion).toHaveBeenCalled();
    const restores = within(panel).getAllByRole('button', {
      name: /Restaurer la version du/,
    });
    await user.click(restores[1]!);
    expect(Workspace.VersionsOpen.args.onRestore).toHaveBeenLastCalledWith(memoryVersions[1]!._id);
  });
});

describe('the section editor and its save status', () => {
  it('is a multi-line textbox named after the section, with a labelled toolbar', async () => {
    show(<Section.Idle />);
    const box = await screen.findByRole('textbox', { name: memoryWritten.title }, { timeout: 5000 });
    expect(box.getAttribute('aria-multiline')).toBe('true');
    expect(box.textContent).toContain('La machine proposée grave des pistes');
    const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme' });
    for (const name of ['Gras', 'Italique', 'Titre de niveau 2', 'Titre de niveau 3', 'Liste à puces', 'Liste numérotée', 'Insérer un tableau', 'Annuler', 'Rétablir']) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('announces where the save stands, politely', async () => {
    for (const [Story, words] of [
      [Section.Dirty, 'Modifications non enregistrées'],
      [Section.Saving, 'Enregistrement…'],
      [Section.Saved, 'Enregistré'],
    ] as const) {
      show(<Story />);
      const status = await screen.findByText(words);
      expect(status.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    }
  });

  it('on a conflict, shows both texts and the two ways out', async () => {
    const user = userEvent.setup();
    show(<Section.Conflict />);
    expect(await screen.findByText('Nos pistes descendent à 35 µm sur céramique.')).toBeTruthy();
    expect(screen.getAllByText('Ma nouvelle version : pistes de 40 µm.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Prendre leur version' }));
    expect(Section.Conflict.args.onTakeTheirs).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Garder mon texte' }));
    expect(Section.Conflict.args.onKeepMine).toHaveBeenCalled();
  });

  it('after a failure, keeps the text and retries on demand', async () => {
    const user = userEvent.setup();
    show(<Section.Failed />);
    expect(await screen.findByText(/Votre texte est conservé/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Réessayer maintenant' }));
    expect(Section.Failed.args.onRetry).toHaveBeenCalled();
  });

  it('a conflict says who saved: the user in another tab, or the colleague by name (issue 24)', async () => {
    show(<Section.ConflictBySelf />);
    expect(await screen.findByText(/Vous l'avez modifié dans un autre onglet ou appareil/)).toBeTruthy();
    expect(screen.queryByText(/Quelqu'un/)).toBeNull();
    show(<Section.ConflictByColleague />);
    expect(await screen.findByText(/Camille Martin a enregistré cette section/)).toBeTruthy();
  });

  it('a dead session keeps the text and says to sign in again', async () => {
    show(<Section.SessionEnded />);
    expect(await screen.findByText(/reconnectez-vous pour enregistrer/)).toBeTruthy();
  });

  it('offers back a text kept from an earlier visit: restore or discard', async () => {
    const user = userEvent.setup();
    show(<Section.Recovered />);
    expect(await screen.findByText(/conservé sur cet appareil/)).toBeTruthy();
    expect(screen.getAllByText('Ma nouvelle version : pistes de 40 µm.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Reprendre ce texte' }));
    expect(Section.Recovered.args.onRestore).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: "L'abandonner" }));
    expect(Section.Recovered.args.onDiscard).toHaveBeenCalled();
  });
});

describe('reading TipTap JSON', () => {
  it('finds the buyer passages and the lines of a document', () => {
    expect(quotedPassages(memoryWritten.content)).toEqual([buyerPassage]);
    expect(plainLines(memoryWritten.content)).toHaveLength(3);
    expect(plainLines(null)).toEqual([]);
  });
});

// Last: the catalogue's language is shared, switched to English here.
describe('in English', () => {
  it('has English words too', async () => {
    const en = { ...preview, initialGlobals: { theme: 'light', locale: 'en' } };
    const W = composeStories(workspaceStories, en);
    show(<W.Empty />);
    expect(
      await screen.findByRole('button', {
        name: 'Create from the DCE analysis',
      }),
    ).toBeTruthy();
    show(<W.Analysed />);
    expect(await screen.findByText('Estimated score: 21.5 / 60')).toBeTruthy();
    expect(screen.getByText('Requirement not covered: “Répétabilité de positionnement ± 2 µm” (CCTP.pdf, p. 4).')).toBeTruthy();
  });
});

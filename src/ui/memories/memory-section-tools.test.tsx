import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './MemorySectionTools.stories';
import { letterInsertContent, resumeInsertContent } from './MemorySectionTools';
import { memoryDemo, memoryWritten, requirementA, requirementB } from './memory-fixtures';
import { toolsEarlierMemory, toolsLetter, toolsMembers, toolsResumeConducteur } from './memory-tools-fixtures';
import { plainLines } from './tiptap-text';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Tools = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe("the section's details", () => {
  it('renames the section with Enter (Escape leaves it as it was) and sets its status and writer', async () => {
    const user = userEvent.setup();
    show(<Tools.Idle />);
    const title = screen.getByRole('textbox', { name: 'Titre de la section' }) as HTMLInputElement;
    expect(title.value).toBe(memoryWritten.title);
    await user.clear(title);
    await user.type(title, 'Brouillon abandonné{Escape}');
    expect(title.value).toBe(memoryWritten.title);
    expect(Tools.Idle.args.onRename).not.toHaveBeenCalled();
    await user.clear(title);
    await user.type(title, 'Structuration laser : finesse et répétabilité{Enter}');
    expect(Tools.Idle.args.onRename).toHaveBeenLastCalledWith('Structuration laser : finesse et répétabilité');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'À relire');
    expect(Tools.Idle.args.onStatus).toHaveBeenLastCalledWith('to_review');
    const writer = screen.getByRole('combobox', { name: 'Rédacteur' });
    expect(within(writer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Personne', ...toolsMembers.map((m) => m.username)]);
    await user.selectOptions(writer, 'Paul Employé');
    expect(Tools.Idle.args.onAssign).toHaveBeenLastCalledWith(toolsMembers[1]!._id);
  });

  it('waits while a change is on its way, and shows a conflict until closed', async () => {
    const user = userEvent.setup();
    show(<Tools.Saving />);
    expect((screen.getByRole('textbox', { name: 'Titre de la section' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Statut' }) as HTMLSelectElement).disabled).toBe(true);
    show(<Tools.Conflict />);
    expect(screen.getByText(/avant vous/).textContent).toContain('enregistrés sont affichés');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(Tools.Conflict.args.onDismiss).toHaveBeenCalled();
  });
});

describe('the outline', () => {
  it('adds a sub-section or a chapter after the open one, and deletes the open one after a confirmation', async () => {
    const user = userEvent.setup();
    show(<Tools.Idle />);
    const add = screen.getByRole('button', { name: 'Ajouter une section' }) as HTMLButtonElement;
    expect(add.disabled, 'no title yet').toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Titre de la nouvelle section/ }), 'Sécurité sur site');
    await user.click(add);
    expect(Tools.Idle.args.onAdd).toHaveBeenLastCalledWith('Sécurité sur site', 2);
    await user.type(screen.getByRole('textbox', { name: /Titre de la nouvelle section/ }), 'Environnement');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Niveau' }), 'Chapitre');
    await user.click(add);
    expect(Tools.Idle.args.onAdd).toHaveBeenLastCalledWith('Environnement', 1);

    await user.click(screen.getByRole('button', { name: 'Supprimer la section' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(memoryWritten.title);
    expect(Tools.Idle.args.onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer la section' }));
    expect(Tools.Idle.args.onDelete).toHaveBeenCalledTimes(1);
  });

  it("opens another of the tender's memories and makes a new one from an earlier one", async () => {
    const user = userEvent.setup();
    show(<Tools.Idle />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mémoire ouvert' }), 'Variante courte');
    expect(Tools.Idle.args.onOpen).toHaveBeenLastCalledWith('cccccccc-0000-4000-8000-000000000002');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nouveau mémoire' }), 'À partir de « Variante courte »');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(Tools.Idle.args.onCreate).toHaveBeenLastCalledWith('memory', 'cccccccc-0000-4000-8000-000000000002');
    // A memory written for another of the company's calls, named with that call.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nouveau mémoire' }), 'À partir de « Mémoire technique – groupe scolaire des Saules » (2025-MEY-014, Construction du groupe scolaire des Saules)');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(Tools.Idle.args.onCreate).toHaveBeenLastCalledWith('memory', toolsEarlierMemory._id);
  });
});

describe("the section's requirements", () => {
  it('shows each with its text, document and page; the box ticks it covered or back; the text covers one', async () => {
    const user = userEvent.setup();
    show(<Tools.Idle />);
    const [a, b] = memoryDemo.requirements;
    const boxA = screen.getByRole('checkbox', { name: `Exigence couverte : ${a!.text}` }) as HTMLInputElement;
    const boxB = screen.getByRole('checkbox', { name: `Exigence couverte : ${b!.text}` }) as HTMLInputElement;
    expect(boxA.checked).toBe(false);
    expect(boxA.closest('li')!.textContent).toContain('CCTP.pdf, p. 3');
    // The last analysis found A covered by the text; B is not.
    expect(boxA.closest('li')!.textContent).toContain('Couverte par le texte');
    expect(boxB.closest('li')!.textContent).not.toContain('Couverte par le texte');
    await user.click(boxB);
    expect(Tools.Idle.args.onTick).toHaveBeenLastCalledWith(expect.objectContaining({ _id: requirementB }), true);
    show(<Tools.Ticked />);
    const ticked = screen.getByRole('checkbox', { name: `Exigence couverte : ${b!.text}` }) as HTMLInputElement;
    expect(ticked.checked).toBe(true);
    await user.click(ticked);
    expect(Tools.Ticked.args.onTick).toHaveBeenLastCalledWith(expect.objectContaining({ _id: requirementB }), false);
    show(<Tools.Ticking />);
    expect((screen.getByRole('checkbox', { name: `Exigence couverte : ${b!.text}` }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('status', { name: "Enregistrement de l'exigence" }).closest('li')!.textContent).toContain(a!.text);
    void requirementA;
  });
});

describe('the team and references', () => {
  it('inserts a CV as a short profile with its source, and a reference with its own', async () => {
    const user = userEvent.setup();
    show(<Tools.Idle />);
    const panel = screen.getByRole('region', { name: 'Équipe et références' });
    expect(panel.textContent).toContain('Julien Moreau');
    expect(panel.textContent).toContain('SST');
    await user.click(within(panel).getByRole('button', { name: 'Insérer le CV de Julien Moreau' }));
    const inserted = (Tools.Idle.args.onInsert as unknown as { mock: { lastCall: [Record<string, unknown>[]] } }).mock.lastCall[0];
    const lines = plainLines({ type: 'doc', content: inserted });
    expect(lines[0]).toBe("Julien Moreau — Conducteur de travaux principal, 15 ans d'expérience");
    expect(lines).toContain("Certifications : SST (valide jusqu'au 10/12/2026), AIPR encadrant (valide jusqu'au 02/05/2027).");
    expect(lines).toContain('Réalisations : Réhabilitation du lycée Champollion — Région Auvergne-Rhône-Alpes, 2024.');
    expect(lines.at(-1)).toBe('Source : CV de Julien Moreau');
    expect(JSON.stringify(inserted.at(-1))).toContain('italic');
    await user.click(within(panel).getByRole('button', { name: 'Insérer la référence « Attestation – gymnase de Meylan »' }));
    expect(Tools.Idle.args.onInsert).toHaveBeenLastCalledWith(letterInsertContent(toolsLetter, ((key: string, vars: { title: string }) => (key === 'memory-letter_source' ? `Source : coffre-fort, attestation « ${vars.title} »` : key)) as never));
    await user.click(within(panel).getByRole('button', { name: 'Insérer la référence « Réhabilitation du lycée Champollion »' }));
    expect(plainLines({ type: 'doc', content: (Tools.Idle.args.onInsert as unknown as { mock: { lastCall: [unknown[]] } }).mock.lastCall[0] })).toEqual([
      'Réhabilitation du lycée Champollion — Région Auvergne-Rhône-Alpes, 2024 (Julien Moreau, Conducteur de travaux)',
      'Source : CV de Julien Moreau',
    ]);
  });

  it('leaves expired certifications out of the profile', () => {
    const t = (key: string, vars?: Record<string, unknown>) => `${key}:${JSON.stringify(vars ?? {})}`;
    const text = JSON.stringify(resumeInsertContent({ ...toolsResumeConducteur, certifications: [{ ...toolsResumeConducteur.certifications[0]!, validity: 'expired' }] }, t));
    expect(text).not.toContain('memory-cv_certifications');
  });
});

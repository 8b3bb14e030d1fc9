import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as listStories from './DceTemplatesView.stories';
import * as editorStories from './DceTemplatesEditorView.stories';
import { inUseWarning, moe, nameRefusal, voirie } from './dce-template-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const List = composeStories(listStories);
const Editor = composeStories(editorStories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, ...path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], story.args);
}

describe('the DCE templates list', () => {
  it('shows each template with its documents, the required ones, its use and its date; links to add and edit', async () => {
    const u = userEvent.setup();
    show(<List.Loaded />);
    const table = await screen.findByRole('table', { name: 'Modèles de DCE' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Modèle', 'Documents attendus', 'Utilisé par', 'Modifié le', 'Actions']);
    const row = within(table).getByRole('link', { name: voirie.name }).closest('tr')!;
    expect(within(row).getByText('6 documents')).toBeTruthy();
    expect(within(row).getByText(/dont 4 obligatoires/)).toBeTruthy();
    expect(within(row).getByText('RC · AE · CCAP · CCTP · DQE · PLANS')).toBeTruthy();
    expect(within(row).getByText("3 appels d'offres")).toBeTruthy();
    expect(within(row).getByText('3 févr. 2026')).toBeTruthy();
    expect(within(table).getByText('Aucun appel')).toBeTruthy();
    expect(within(table).getByRole('link', { name: `Modifier ${voirie.name}` }).getAttribute('href')).toBe(`/dce-templates/edit/${voirie._id}`);
    expect(screen.getByRole('link', { name: 'Nouveau modèle' }).getAttribute('href')).toBe('/dce-templates/add');
    await u.click(within(table).getByRole('button', { name: `Supprimer ${moe.name}` }));
    expect(arg(List.Loaded, 'onDelete')).toHaveBeenCalledWith(moe);
    await u.type(screen.getByLabelText('Rechercher'), 'v');
    expect(arg(List.Loaded, 'onSearch')).toHaveBeenCalledWith('v');
  });

  it('loading, empty, no match and failure', async () => {
    show(<List.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<List.Empty />);
    expect(await screen.findByText('Aucun modèle de DCE')).toBeTruthy();
    show(<List.NoMatch />);
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    show(<List.Failure />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(List.Failure, 'onRetry')).toHaveBeenCalled();
  });

  it('asks before deleting, saying what happens to the calls that use the template', async () => {
    show(<List.ConfirmDelete />);
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer le modèle « ${voirie.name} » ?` });
    expect(within(dialog).getByText(/3 appels d'offres l'utilisent : ils garderont leurs documents/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le modèle' }));
    expect(arg(List.ConfirmDelete, 'onConfirmDelete')).toHaveBeenCalled();
    show(<List.ConfirmDeleteUnused />);
    expect(within(await screen.findByRole('alertdialog')).queryByText(/l'utilise/)).toBeNull();
    show(<List.DeleteError />);
    expect(within(await screen.findByRole('alertdialog')).getByText('Ressource introuvable.')).toBeTruthy();
  });
});

describe('the DCE template form', () => {
  it('checks like the contract before sending: name, at least one document, codes and labels', async () => {
    const u = userEvent.setup();
    show(<Editor.Creating />);
    expect(await screen.findByRole('heading', { name: 'Nouveau modèle de DCE', level: 1 })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Ajoutez au moins un document attendu.');
    expect(arg(Editor.Creating, 'onSave')).not.toHaveBeenCalled();

    await u.type(screen.getByLabelText('Nom du modèle'), 'Fournitures');
    await u.click(screen.getByRole('button', { name: 'Ajouter RC : Règlement de la consultation' }));
    expect(screen.getByRole('button', { name: 'Ajouter RC : Règlement de la consultation' }).matches(':disabled')).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Ajouter un document' }));
    await u.type(screen.getByLabelText('Code du document 2'), 'rc');
    await u.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(screen.getByText('Ce code figure déjà plus haut dans la liste.')).toBeTruthy();
    expect(screen.getByText("L'intitulé est obligatoire (200 caractères au plus).")).toBeTruthy();
    expect(arg(Editor.Creating, 'onSave')).not.toHaveBeenCalled();

    await u.clear(screen.getByLabelText('Code du document 2'));
    await u.type(screen.getByLabelText('Code du document 2'), 'bpu-2');
    expect(screen.queryByText('Ce code figure déjà plus haut dans la liste.')).toBeNull();
    await u.type(screen.getByLabelText('Intitulé du document 2'), '  Bordereau des prix, lot 2 ');
    await u.click(screen.getByLabelText('Document 2 obligatoire'));
    await u.click(screen.getByRole('button', { name: 'Créer le modèle' }));
    expect(arg(Editor.Creating, 'onSave')).toHaveBeenCalledWith({
      name: 'Fournitures',
      description: '',
      documents: [
        { code: 'RC', label: 'Règlement de la consultation', required: true },
        { code: 'BPU-2', label: 'Bordereau des prix, lot 2', required: false },
      ],
    });
  }, 20_000);

  it('edits a template: starts from it, moves and removes rows, sends the new order', async () => {
    const u = userEvent.setup();
    show(<Editor.Editing />);
    expect(await screen.findByRole('heading', { name: `Modifier « ${voirie.name} »`, level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Nom du modèle') as HTMLInputElement).value).toBe(voirie.name);
    expect(screen.getByRole('button', { name: 'Monter le document 1' }).matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Descendre le document 6' }).matches(':disabled')).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Descendre le document 1' }));
    await u.click(screen.getByRole('button', { name: 'Retirer le document 6' }));
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The stories share one onSave mock: the last call is this test's.
    const sent = (arg(Editor.Editing, 'onSave') as { mock: { lastCall: [{ documents: { code: string }[] }] } }).mock.lastCall[0];
    expect(sent.documents.map((doc) => doc.code)).toEqual(['AE', 'RC', 'CCAP', 'CCTP', 'DQE']);
    expect(screen.getByRole('link', { name: 'Retour aux modèles' }).getAttribute('href')).toBe('/dce-templates');
  });

  it('a template in use: the server explains, confirming applies, cancelling keeps the form', async () => {
    const u = userEvent.setup();
    show(<Editor.InUseWarning />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Ce modèle est déjà utilisé' });
    expect(within(dialog).getByText(inUseWarning)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Appliquer la modification' }));
    expect(arg(Editor.InUseWarning, 'onConfirm')).toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(arg(Editor.InUseWarning, 'onCancelWarning')).toHaveBeenCalled();
    show(<Editor.Confirming />);
    expect(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /Appliquer la modification/ }).matches(':disabled')).toBe(true);
    show(<Editor.ConfirmError />);
    expect(within(await screen.findByRole('alertdialog')).getByText('Ressource introuvable.')).toBeTruthy();
  });

  it('a server refusal of the name (400 details): shown under it; the banner goes once the user types', async () => {
    const u = userEvent.setup();
    show(<Editor.CreateRefusedField />);
    const name = await screen.findByLabelText('Nom du modèle');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(nameRefusal.msg);
    expect(within(screen.getByRole('alert')).getByText(nameRefusal.msg)).toBeTruthy();
    expect(screen.getByLabelText('Description').getAttribute('aria-invalid')).toBeNull();
    await u.type(name, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(nameRefusal.msg)).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('a server refusal of the description: announced with the textarea', async () => {
    const msg = 'Le champ « Description » doit contenir au plus 2000 caractères.';
    show(<Editor.CreateRefusedField saveError={msg} saveErrorDetails={[{ field: 'description', msg }]} />);
    const description = await screen.findByLabelText('Description');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const described = (description.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(msg);
    expect(screen.getByLabelText('Nom du modèle').getAttribute('aria-invalid')).toBeNull();
  });

  it('saving locks the form; a refusal shows in the banner; loading, not found and load error', async () => {
    show(<Editor.Saving />);
    expect((await screen.findByLabelText('Nom du modèle')).matches(':disabled')).toBe(true);
    show(<Editor.CreateError />);
    expect(within(await screen.findByRole('alert')).getByText(/Le code « RC » figure déjà/)).toBeTruthy();
    show(<Editor.Loading />);
    expect((await screen.findAllByRole('status', { name: 'Chargement du modèle…' })).length).toBeGreaterThan(0);
    show(<Editor.NotFound />);
    expect(await screen.findByRole('heading', { name: 'Modèle introuvable', level: 1 })).toBeTruthy();
    show(<Editor.LoadError />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('in English', () => {
  it('list and warning', async () => {
    const en = { ...preview, initialGlobals: { theme: 'light', locale: 'en' } };
    const L = composeStories(listStories, en);
    show(<L.Loaded />);
    const table = await screen.findByRole('table', { name: 'DCE templates' });
    expect(within(table).getByText('3 calls for tenders')).toBeTruthy();
    expect(within(table).getByText('3 Feb 2026')).toBeTruthy();
    const E = composeStories(editorStories, en);
    show(<E.Creating />);
    expect(await screen.findByRole('button', { name: 'Add CCTP: Special technical clauses' })).toBeTruthy();
  });
});

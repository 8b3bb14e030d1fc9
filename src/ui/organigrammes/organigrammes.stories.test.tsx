import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './OrganigrammeView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Org = composeStories(stories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

const listOf = (name: string) => screen.getByRole('list', { name });

describe('organigramme view', () => {
  it('shows the company chart as a nested list for screen readers, with edit and delete for editors', async () => {
    show(<Org.Ready />);
    expect(await screen.findByRole('tab', { name: 'Global', selected: true })).toBeTruthy();
    const list = listOf('Organigramme « Global » en liste');
    const root = within(list).getAllByRole('listitem')[0]!;
    expect(root.textContent).toContain('Direction générale — Claire Durand');
    expect(
      within(root)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Direction technique — Philippe Garnier', 'Direction administrative et financière — Isabelle Moreau']);
    expect(screen.getByRole('button', { name: "Modifier l'organigramme" })).toBeTruthy();
    expect(screen.getByRole('button', { name: "Supprimer l'organigramme" })).toBeTruthy();
  });

  it('switches to the construction chart; employees read it without any editing button', async () => {
    show(<Org.ReadOnly />);
    expect(await screen.findByRole('tab', { name: 'Chantier', selected: true })).toBeTruthy();
    expect(listOf('Organigramme « Chantier » en liste').textContent).toContain("Chef d'équipe gros œuvre — Mehdi Saïdi");
    expect(screen.queryByRole('button', { name: "Modifier l'organigramme" })).toBeNull();
    expect(screen.queryByRole('button', { name: /Supprimer/ })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Global' }));
    expect(listOf('Organigramme « Global » en liste')).toBeTruthy();
  });

  it('offers to create a missing chart only to editors', async () => {
    show(<Org.Empty />);
    expect(await screen.findByText('Aucun organigramme « Global » pour le moment')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Créer l'organigramme" }));
    expect(Org.Empty.args.onReset).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Nouvel organigramme « Global »' })).toBeTruthy();
  });

  it('draws a new chart: a root, two positions under it and one below, then creates it', async () => {
    show(<Org.NewChart />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Intitulé du poste'), 'Directeur de travaux');
    await user.type(screen.getByLabelText('Nom de la personne'), 'Marc Lefèvre');
    await user.click(screen.getByRole('button', { name: 'Ajouter le poste' }));
    for (const [parent, title, name] of [
      ['Directeur de travaux (Marc Lefèvre)', 'Conducteur de travaux', 'Sophie Girard'],
      ['Directeur de travaux (Marc Lefèvre)', 'Responsable QSE', 'Nadia Benali'],
      ['Conducteur de travaux (Sophie Girard)', 'Chef de chantier', 'Paul Roux'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `Ajouter un poste sous ${parent}` }));
      await user.type(screen.getByLabelText('Intitulé du poste'), title);
      await user.type(screen.getByLabelText('Nom de la personne'), name);
      await user.click(screen.getByRole('button', { name: 'Ajouter le poste' }));
    }
    await user.click(screen.getByRole('button', { name: "Enregistrer l'organigramme" }));
    const [kind, positions, isNew] = vi.mocked(Org.NewChart.args.onSave!).mock.calls.at(-1)!;
    expect(kind).toBe('construction');
    expect(isNew).toBe(true);
    const byTitle = Object.fromEntries(positions.map((p: { title: string; _id: string }) => [p.title, p]));
    expect(positions.map((p: { title: string; parentId: string | null }) => [p.title, p.parentId])).toEqual([
      ['Directeur de travaux', null],
      ['Conducteur de travaux', byTitle['Directeur de travaux']._id],
      ['Responsable QSE', byTitle['Directeur de travaux']._id],
      ['Chef de chantier', byTitle['Conducteur de travaux']._id],
    ]);
  }, 30_000);

  it('requires a title and a name', async () => {
    show(<Org.NewChart />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter le poste' }));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
  });

  it('refuses a move under a subordinate, removes a position by handing its team to its superior, keeps the root', async () => {
    show(<Org.Editing />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Modifier ou déplacer Conducteur de travaux (Julien Martin)',
      }),
    );
    await user.selectOptions(screen.getByLabelText('Rattaché à'), "Chef d'équipe gros œuvre (Mehdi Saïdi)");
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(screen.getByRole('alert').textContent).toContain('Déplacement impossible');

    await user.selectOptions(screen.getByLabelText('Rattaché à'), 'Responsable QSE (Karim Haddad)');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(screen.queryByRole('alert')).toBeNull();

    expect(
      screen.queryByRole('button', {
        name: 'Retirer Directeur de travaux (Philippe Garnier)',
      }),
    ).toBeNull();
    await user.click(
      screen.getByRole('button', {
        name: 'Retirer Chef de chantier (Laurent Blanc)',
      }),
    );
    await user.click(screen.getByRole('button', { name: "Enregistrer l'organigramme" }));
    const [kind, positions, isNew] = vi.mocked(Org.Editing.args.onSave!).mock.calls.at(-1)!;
    expect([kind, isNew]).toEqual(['construction', false]);
    expect(positions.map((p: { _id: string; parentId: string | null }) => [p._id, p.parentId])).toEqual([
      ['ddt', null],
      ['qse', 'ddt'],
      ['cdt', 'qse'],
      ['ceq', 'cdt'],
    ]);
  }, 20_000);

  it('shows the success until acknowledged, and the server refusal inside the editor', async () => {
    show(<Org.Saved />);
    expect((await screen.findByRole('status')).textContent).toContain('Organigramme enregistré.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(Org.Saved.args.onReset).toHaveBeenCalled();
    show(<Org.SaveRefused />);
    expect((await screen.findByRole('alert')).textContent).toContain('Un poste ne peut pas dépendre de lui-même');
  });

  it('shows a lost update: what the other manager saved, what the user changed, and the two ways out', async () => {
    const user = userEvent.setup();
    show(<Org.Conflict />);
    const notice = await screen.findByRole('region', { name: 'L\'organigramme « Chantier » a changé entre-temps' });
    expect(within(notice).getByRole('alert').textContent).toContain("Quelqu'un a modifié cet organigramme depuis que vous l'avez ouvert");
    const [theirs, mine] = within(notice).getAllByRole('list');
    expect(within(theirs!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Poste ajouté : Coordinateur SPS — Inès Barbier', 'Poste modifié : Directeur de travaux — Philippe Garnier']);
    expect(within(mine!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(["Poste supprimé : Chef d'équipe gros œuvre — Mehdi Saïdi", 'Poste modifié : Chef de chantier — Lina Roux']);
    // No other change while the choice is pending.
    expect(screen.queryByRole('button', { name: "Modifier l'organigramme" })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Réappliquer mes changements et enregistrer' }));
    expect(Org.Conflict.args.onConflictMerge).toHaveBeenCalledTimes(1);
    await user.click(within(notice).getByRole('button', { name: 'Reprendre la version enregistrée' }));
    expect(Org.Conflict.args.onConflictReload).toHaveBeenCalledTimes(1);
  });
});

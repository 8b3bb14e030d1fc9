import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './LibraryView.stories';
import { blockDemolition, blockQuality, blockSafety } from './library-fixtures';

const Library = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

/** What a screen reader reads after a field's label: its helper or error texts. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (element.ownerDocument.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();

beforeAll(() => {
  setProjectAnnotations(preview);
});

const rowOf = (table: HTMLElement, title: string) => within(table).getByText(title).closest('tr')!;

describe('the company content library', () => {
  it('shows each block with its text, three tags then "+N", its owner, the review date and the overdue flag', async () => {
    show(<Library.Loaded />);
    const table = await screen.findByRole('table', { name: 'Blocs de la bibliothèque' });
    const safety = rowOf(table, blockSafety.title);
    expect(within(safety).getByText('À revoir')).toBeTruthy();
    expect(within(safety).getByText('Julien Martin')).toBeTruthy();
    expect(within(safety).getByText('20 sept. 2026')).toBeTruthy();
    expect(within(safety).getByText('Revu le 20 sept. 2025')).toBeTruthy();
    expect(within(safety).getByText('CPV 45000000-7')).toBeTruthy();
    const demolition = rowOf(table, blockDemolition.title);
    expect(within(demolition).queryByText('À revoir')).toBeNull();
    expect(within(demolition).getByText('Amiante')).toBeTruthy();
    expect(within(demolition).queryByText('Environnement')).toBeNull();
    expect(within(demolition).getByText('+2')).toBeTruthy();
    const quality = rowOf(table, blockQuality.title);
    expect(within(quality).getByText('Aucune revue prévue')).toBeTruthy();
  });

  it('the company tabs open on the library', async () => {
    show(<Library.Loaded />);
    const tabs = await screen.findByRole('navigation', { name: 'Pages de l’entreprise' });
    expect(within(tabs).getByRole('link', { name: 'Bibliothèque' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Bibliothèque' }).getAttribute('href')).toMatch(/\/companies\/.+\/library$/);
    expect(within(tabs).getByRole('link', { name: 'CV de l’équipe' }).getAttribute('aria-current')).toBeNull();
  });

  it('"À revoir seulement" filters; a block is marked as reviewed, edited or deleted by name', async () => {
    const user = userEvent.setup();
    show(<Library.Loaded />);
    await user.click(await screen.findByRole('checkbox', { name: 'À revoir seulement' }));
    expect(Library.Loaded.args.onDue).toHaveBeenCalledWith(true);
    await user.click(screen.getByRole('button', { name: `Marquer comme revu ${blockSafety.title}` }));
    expect(Library.Loaded.args.onReviewed).toHaveBeenCalledWith(blockSafety);
    await user.click(screen.getByRole('button', { name: `Modifier ${blockDemolition.title}` }));
    expect(Library.Loaded.args.onEdit).toHaveBeenCalledWith(blockDemolition);
    await user.click(screen.getByRole('button', { name: `Supprimer ${blockQuality.title}` }));
    expect(Library.Loaded.args.onDelete).toHaveBeenCalledWith(blockQuality);
  });

  it('the block being reviewed says so; the due filter shown checked', async () => {
    show(<Library.Reviewing />);
    const button = await screen.findByRole('button', { name: `Marquer comme revu ${blockSafety.title}` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    show(<Library.DueOnly />);
    expect(((await screen.findByRole('checkbox', { name: 'À revoir seulement' })) as HTMLInputElement).checked).toBe(true);
  });

  it('adding: title and text are needed; tags, CPV codes (checked) and the review date are sent', async () => {
    const user = userEvent.setup();
    show(<Library.AddDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau bloc' });
    await user.click(within(dialog.ownerDocument.body).getByRole('button', { name: 'Enregistrer' }));
    expect(descriptionOf(within(dialog).getByLabelText('Titre'))).toBe('Donnez un titre au bloc.');
    expect(descriptionOf(within(dialog).getByLabelText('Texte'))).toContain('Écrivez le texte du bloc.');
    expect(Library.AddDialog.args.onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Titre'), 'Gestion des déchets');
    await user.type(within(dialog).getByLabelText('Texte'), 'Tri à la source.{Enter}{Enter}- Bennes dédiées');
    await user.type(within(dialog).getByLabelText('Étiquettes'), 'Environnement{Enter}');
    const cpv = within(dialog).getByLabelText('Codes CPV');
    await user.type(cpv, '4500{Enter}');
    expect(within(dialog).getByText('Saisissez un code CPV de 8 chiffres, avec la clé éventuelle (45000000-7).')).toBeTruthy();
    await user.clear(cpv);
    await user.type(cpv, '90500000-2{Enter}');
    await user.type(within(dialog).getByLabelText('Prochaine revue'), '2027-11-24');
    await user.click(within(dialog.ownerDocument.body).getByRole('button', { name: 'Enregistrer' }));
    expect(Library.AddDialog.args.onSubmit).toHaveBeenCalledWith({
      title: 'Gestion des déchets',
      text: 'Tri à la source.\n\n- Bennes dédiées',
      tags: ['Environnement'],
      cpvCodes: ['90500000-2'],
      reviewDue: '2027-11-24',
    });
  });

  it('editing starts from the block: its text with paragraphs and list, tags, codes and review date', async () => {
    show(<Library.EditDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le bloc' });
    expect((within(dialog).getByLabelText('Titre') as HTMLInputElement).value).toBe(blockSafety.title);
    expect((within(dialog).getByLabelText('Texte') as HTMLTextAreaElement).value).toBe(
      "La sécurité est la première exigence de nos chantiers : chaque compagnon reçoit un accueil sécurité à son arrivée.\n\n- PPSPS remis sous 30 jours\n- Port des EPI contrôlé",
    );
    expect(within(dialog).getByText('QSE')).toBeTruthy();
    expect(within(dialog).getByText('45000000-7')).toBeTruthy();
    expect((within(dialog).getByLabelText('Prochaine revue') as HTMLInputElement).value).toBe('2026-09-20');
  });

  it('a server refusal lands under its field', async () => {
    show(<Library.SaveRefused />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau bloc' });
    expect(within(dialog).getAllByRole('alert')[0]!.textContent).toContain('Bloc non enregistré');
    expect(descriptionOf(within(dialog).getByLabelText('Titre'))).toBe('Le champ « Titre » doit contenir au plus 200 caractères.');
  });

  it('deleting asks first, naming the block', async () => {
    const user = userEvent.setup();
    show(<Library.ConfirmDelete />);
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer « ${blockDemolition.title} » ?` });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(Library.ConfirmDelete.args.onConfirmDelete).toHaveBeenCalled();
  });
});

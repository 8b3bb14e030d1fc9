import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './MemoryLibraryPanel.stories';
import { SaveToLibraryDialog, libraryInsertContent, librarySearchOf } from './MemoryLibraryPanel';
import { blockDemolition, blockSafety } from '../library/library-fixtures';
import { memorySections } from './memory-fixtures';
import { plainLines, quotedPassages } from './tiptap-text';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Library = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the library in the section panel', () => {
  it('lists the matching blocks with excerpt, tags and the overdue badge; insert hands the block over', async () => {
    const user = userEvent.setup();
    show(<Library.Loaded />);
    const panel = await screen.findByRole('region', { name: 'Bibliothèque' });
    expect(within(panel).getByRole('searchbox', { name: 'Rechercher dans la bibliothèque' })).toHaveProperty('value', 'sécurité');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Sécurité et prévention sur le chantier');
    expect(items[0]!.textContent).toContain('À revoir');
    expect(items[0]!.textContent).toContain('QSE');
    // Five tags: three shown, then "+2"; no overdue badge on a block not due.
    expect(items[1]!.textContent).toContain('+2');
    expect(items[1]!.textContent).not.toContain('À revoir');
    await user.click(within(panel).getByRole('button', { name: 'Insérer « Méthodologie de démolition » dans le texte' }));
    expect(Library.Loaded.args.onInsert).toHaveBeenLastCalledWith(blockDemolition);
    await user.type(within(panel).getByRole('searchbox'), 's');
    expect(Library.Loaded.args.onSearch).toHaveBeenLastCalledWith('sécurités');
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer dans la bibliothèque' }));
    expect(Library.Loaded.args.onSave).toHaveBeenCalled();
  });

  it('loading, nothing found, an empty library, and a failure with retry', async () => {
    const user = userEvent.setup();
    show(<Library.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la bibliothèque…' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bibliothèque' }).getAttribute('aria-busy')).toBe('true');
    show(<Library.NoneFound />);
    expect(await screen.findByText('Aucun bloc ne contient tous ces mots : modifiez la recherche.')).toBeTruthy();
    show(<Library.EmptyLibrary />);
    expect(await screen.findByText(/La bibliothèque de l’entreprise est vide/)).toBeTruthy();
    show(<Library.Failed />);
    expect(await screen.findByText('Le serveur ne répond pas. Réessayez dans un instant.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(Library.Failed.args.onRetry).toHaveBeenCalled();
  });

  it('starts its search from the significant words of the sub-criterion, else the criterion or the title', () => {
    expect(librarySearchOf(memorySections[1]!)).toBe('finesse structuration');
    expect(librarySearchOf({ title: 'Moyens humains', criterion: { name: 'Valeur technique : sécurité et prévention des risques' } })).toBe('sécurité prévention');
    expect(librarySearchOf({ title: 'Planning', criterion: null })).toBe('planning');
  });

  it('inserts the block with an italic source line, never as a blockquote the panel would list as the buyer’s', () => {
    const nodes = libraryInsertContent(blockSafety, 'Source : bibliothèque — Sécurité et prévention sur le chantier');
    const doc = { type: 'doc', content: nodes };
    expect(plainLines(doc)).toEqual([
      'La sécurité est la première exigence de nos chantiers : chaque compagnon reçoit un accueil sécurité à son arrivée.',
      'PPSPS remis sous 30 jours',
      'Port des EPI contrôlé',
      'Source : bibliothèque — Sécurité et prévention sur le chantier',
    ]);
    expect(nodes.at(-1)).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'Source : bibliothèque — Sécurité et prévention sur le chantier', marks: [{ type: 'italic' }] }] });
    expect(quotedPassages(doc)).toEqual([]);
  });
});

describe('save the section to the library', () => {
  it('the title starts as the section’s; an empty title is refused under the field; tags and title are sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    show(<SaveToLibraryDialog sectionTitle="Finesse de structuration laser" busy={false} error={null} onSubmit={onSubmit} onClose={vi.fn()} />);
    const title = await screen.findByLabelText('Titre du bloc');
    expect(title).toHaveProperty('value', 'Finesse de structuration laser');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    await user.type(title, 'Gravure laser fine');
    await user.type(screen.getByLabelText('Étiquettes'), 'Laser{Enter}');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenLastCalledWith({ title: 'Gravure laser fine', tags: ['Laser'] });
  });

  it('a refusal: its message on top, the field’s under its input', async () => {
    show(<Library.SaveRefused />);
    expect(await screen.findByText('La requête contient des données invalides.')).toBeTruthy();
    expect(screen.getByText('Le champ « Étiquettes » doit contenir au plus 60 caractères.')).toBeTruthy();
  });

  it('while sending: the fields and buttons wait', async () => {
    show(<Library.SaveSending />);
    expect((await screen.findByLabelText('Titre du bloc')).closest('fieldset')?.disabled).toBe(true);
  });
});

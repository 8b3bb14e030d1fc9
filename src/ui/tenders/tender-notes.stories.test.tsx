import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './TenderNotesCard.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Notes = composeStories(stories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the tender notes', () => {
  it('shows the notes and who wrote them last; edits them from the version read', async () => {
    const u = userEvent.setup();
    render(<Notes.Written />);
    expect(await screen.findByText(/Visite facultative : y aller quand même/)).toBeTruthy();
    expect(screen.getByText(/par Claire Martin$/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Modifier' }));
    const box = screen.getByRole('textbox', { name: "Notes de l'équipe" });
    await u.type(box, '\nRelancer le bureau de contrôle.');
    await u.click(screen.getByRole('button', { name: 'Enregistrer les notes' }));
    expect(arg(Notes.Written, 'onSave')).toHaveBeenCalledWith(expect.stringMatching(/Relancer le bureau de contrôle\.$/), 3);
    cleanup();
  });

  it('after a refused save, shows the text saved in between and saves the draft over its version', async () => {
    const u = userEvent.setup();
    render(<Notes.Conflict />);
    await u.click(await screen.findByRole('button', { name: 'Modifier' }));
    expect(screen.getByText(/Quelqu'un a modifié les notes/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Version enregistrée entre-temps' }).textContent).toMatch(/prévoir la DC4 du sous-traitant/);
    await u.click(screen.getByRole('button', { name: 'Enregistrer les notes' }));
    expect(arg(Notes.Conflict, 'onSave')).toHaveBeenCalledWith(expect.any(String), 4);
    cleanup();
  });

  it('invites to write when empty', async () => {
    render(<Notes.Empty />);
    expect(await screen.findByText(/Aucune note pour l'instant/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Écrire' })).toBeTruthy();
    cleanup();
  });
});

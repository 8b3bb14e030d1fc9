import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './MemoryCommentsPanel.stories';
import { commentRefusal, openThread, resolvedThread } from './comment-fixtures';
import { imageFilesOf } from './SectionEditorExtras';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Comments = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the comments panel', () => {
  it('shows the open thread (passage, authors, replies), hides the resolved one until asked', async () => {
    const user = userEvent.setup();
    show(<Comments.Ready />);
    const panel = await screen.findByRole('region', { name: 'Commentaires' });
    expect(panel.textContent).toContain('Préciser la durée de chaque phase');
    expect(panel.textContent).toContain('Paul Roux');
    expect(panel.textContent).not.toContain('filets de sécurité');
    await user.click(within(panel).getByRole('checkbox', { name: 'Afficher les fils résolus (1)' }));
    expect(panel.textContent).toContain('filets de sécurité');
    expect(panel.textContent).toContain('Compte supprimé');
    expect(within(panel).getByText('Résolu')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Rouvrir' }));
    expect(Comments.Ready.args.onResolve).toHaveBeenLastCalledWith(resolvedThread._id, false);
  });

  it('clicking the passage selects it in the text; reply, resolve; delete only where allowed', async () => {
    const user = userEvent.setup();
    show(<Comments.Ready />);
    const panel = await screen.findByRole('region', { name: 'Commentaires' });
    await user.click(within(panel).getByRole('button', { name: `Aller au passage commenté : ${openThread.quote}` }));
    expect(Comments.Ready.args.onOpen).toHaveBeenLastCalledWith(openThread._id);
    const reply = within(panel).getByRole('textbox', { name: 'Votre réponse' }) as HTMLTextAreaElement;
    expect(reply.maxLength).toBe(5000);
    await user.type(reply, 'Tableau complété.');
    await user.click(within(panel).getByRole('button', { name: 'Répondre' }));
    expect(Comments.Ready.args.onReply).toHaveBeenLastCalledWith(openThread._id, 'Tableau complété.');
    await user.click(within(panel).getByRole('button', { name: 'Résoudre' }));
    expect(Comments.Ready.args.onResolve).toHaveBeenLastCalledWith(openThread._id, true);
    // Claire wrote the open thread: she may delete it; Paul's resolved one has no delete button.
    await user.click(within(panel).getByRole('checkbox'));
    expect(within(panel).getAllByRole('button', { name: 'Supprimer le fil' })).toHaveLength(1);
  });

  it('a passage chosen opens the first comment form, focused; blank is not sent; Escape cancels', async () => {
    const user = userEvent.setup();
    show(<Comments.Drafting />);
    const panel = await screen.findByRole('region', { name: 'Commentaires' });
    expect(within(panel).getByText('bâchage quotidien des zones découvertes')).toBeTruthy();
    const body = within(panel).getByRole('textbox', { name: 'Votre commentaire' });
    expect(document.activeElement).toBe(body);
    const send = within(panel).getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(body, 'Ajouter la fréquence.');
    await user.click(send);
    expect(Comments.Drafting.args.onCreate).toHaveBeenLastCalledWith('Ajouter la fréquence.');
    await user.type(body, '{Escape}');
    expect(Comments.Drafting.args.onCancel).toHaveBeenCalled();
  });

  it('a refusal is said under the form; a load failure offers a retry; sending locks the buttons', async () => {
    const user = userEvent.setup();
    show(<Comments.Refused />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(commentRefusal);
    expect(screen.getByRole('textbox', { name: 'Votre commentaire' }).getAttribute('aria-invalid')).toBe('true');
    show(<Comments.Failed />);
    await user.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(Comments.Failed.args.onRetry).toHaveBeenCalled();
    show(<Comments.Sending />);
    const panel = await screen.findByRole('region', { name: 'Commentaires' });
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect((within(panel).getByRole('button', { name: 'Résoudre' }) as HTMLButtonElement).disabled).toBe(true);
    show(<Comments.Empty />);
    expect((await screen.findByRole('region', { name: 'Commentaires' })).textContent).toContain('Aucun commentaire sur cette section.');
  });
});

describe('images pasted or dropped', () => {
  it('only PNG, JPEG, WebP and GIF files are taken for upload', () => {
    const files = [new File(['x'], 'plan.png', { type: 'image/png' }), new File(['x'], 'notes.pdf', { type: 'application/pdf' }), new File(['x'], 'vue.webp', { type: 'image/webp' }), new File(['x'], 'logo.svg', { type: 'image/svg+xml' })];
    const transfer = { files } as unknown as DataTransfer;
    expect(imageFilesOf(transfer).map((f) => f.name)).toEqual(['plan.png', 'vue.webp']);
    expect(imageFilesOf(null)).toEqual([]);
  });
});

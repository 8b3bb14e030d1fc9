import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ChatView.stories';
import { extractiveMessage, llmMessage } from './chat-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Chat = composeStories(stories);
const show = (ui: ReactElement) => {
  cleanup();
  return render(ui);
};
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the chat with the documents', () => {
  it('shows each answer with its sources and how it was made; a source opens at its page; an answer goes to the notes', async () => {
    const u = userEvent.setup();
    show(<Chat.Answered />);
    expect(await screen.findByText(/Aucun modèle de langue n'est configuré/)).toBeTruthy();
    const answer = screen.getByRole('article', { name: 'Réponse à « Quelle est la date limite de remise des offres ? »' });
    expect(within(answer).getByText(/MERCREDI 15 JUILLET 2026 A 12:00/)).toBeTruthy();
    expect(within(answer).getByText('Extrait des documents')).toBeTruthy();
    await u.click(within(answer).getByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 1' }));
    expect(arg(Chat.Answered, 'onOpenCitation')).toHaveBeenCalledWith(extractiveMessage.citations[0]);
    await u.click(within(answer).getByRole('button', { name: 'Copier dans les notes' }));
    expect(arg(Chat.Answered, 'onCopyToNotes')).toHaveBeenCalledWith(extractiveMessage);
    // An answer that found nothing cites nothing and offers no copy.
    const none = screen.getByRole('article', { name: 'Réponse à « Quel est le prix du caviar à Moscou ? »' });
    expect(within(none).queryByRole('button', { name: 'Copier dans les notes' })).toBeNull();
  });

  it("says the plan leaves the model out when it does, not that none is configured", async () => {
    show(<Chat.ModelNotInPlan />);
    expect(await screen.findByText(/Votre formule n'inclut pas les réponses rédigées par un modèle de langue/)).toBeTruthy();
    expect(screen.queryByText(/Aucun modèle de langue n'est configuré/)).toBeNull();
  });

  it('numbers the sources of a written answer like its [n] markers', async () => {
    show(<Chat.WithModel />);
    const answer = await screen.findByRole('article', { name: `Réponse à « ${llmMessage.question} »` });
    expect(within(answer).getByText("Rédigé par l'IA")).toBeTruthy();
    expect(within(answer).getByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 11' }).textContent).toBe('[2] RC_2026FCSSA0025 v2.pdf, p. 11');
  });

  it('asks with Enter or a suggested question, not a blank one; Shift+Enter goes to the line', async () => {
    const u = userEvent.setup();
    show(<Chat.Empty />);
    await u.click(await screen.findByRole('button', { name: 'Une visite des lieux est-elle obligatoire ?' }));
    expect(arg(Chat.Empty, 'onAsk')).toHaveBeenLastCalledWith('Une visite des lieux est-elle obligatoire ?');
    const box = screen.getByRole('textbox', { name: 'Votre question' });
    await u.type(box, '   {Enter}');
    expect(arg(Chat.Empty, 'onAsk')).toHaveBeenCalledTimes(1);
    await u.type(box, 'Quelle est la durée{Shift>}{Enter}{/Shift}du marché ?{Enter}');
    expect(arg(Chat.Empty, 'onAsk')).toHaveBeenLastCalledWith('   Quelle est la durée\ndu marché ?');
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the answer as it streams, with a stop button; a failure offers a retry', async () => {
    const u = userEvent.setup();
    show(<Chat.Streaming />);
    expect(await screen.findByText('Non : la visite des lieux est facultative [1]. Les questions')).toBeTruthy();
    expect(screen.getByText('Rédaction de la réponse…')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Arrêter' }));
    expect(arg(Chat.Streaming, 'onCancel')).toHaveBeenCalled();
    show(<Chat.Asking />);
    expect(await screen.findByText('Recherche dans les documents…')).toBeTruthy();
    show(<Chat.Failed />);
    await u.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(arg(Chat.Failed, 'onRetry')).toHaveBeenCalled();
  });

  it('keeps "Envoyer" in its place, disabled, while a question is answered: the second click of a double click stops nothing', async () => {
    const u = userEvent.setup();
    // The stories share their callbacks: what earlier tests did is forgotten.
    arg(Chat.Asking, 'onCancel').mockClear();
    arg(Chat.Asking, 'onAsk').mockClear();
    show(<Chat.Asking />);
    const send = await screen.findByRole('button', { name: 'Envoyer' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await u.dblClick(send);
    expect(arg(Chat.Asking, 'onCancel')).not.toHaveBeenCalled();
    expect(arg(Chat.Asking, 'onAsk')).not.toHaveBeenCalled();
    // Stopping is its own button, beside it.
    expect(send.nextElementSibling?.textContent).toBe('Arrêter');
  });

  it('clears the conversation only once confirmed', async () => {
    const u = userEvent.setup();
    show(<Chat.Answered />);
    await u.click(await screen.findByRole('button', { name: 'Effacer la conversation' }));
    expect(arg(Chat.Answered, 'onClear')).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: "Confirmer l'effacement" }));
    expect(arg(Chat.Answered, 'onClear')).toHaveBeenCalled();
  });
});

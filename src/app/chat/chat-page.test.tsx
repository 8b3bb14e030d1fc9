import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { extractiveMessage } from '../../ui/chat/chat-fixtures';
import type { ChatMessage } from '../../ui/chat/ChatView';

// The chat page wired to its statechart and operations: what a person sees when they send.

const scrollIntoView = vi.fn();
const original = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = original;
  scrollIntoView.mockReset();
});

function chatOperations(history: ChatMessage[] = []) {
  const asked: string[] = [];
  const answers: ((message: ChatMessage) => void)[] = [];
  const operations = fakeOperations(
    { current: users.manager },
    {
      getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })),
      listTenderChat: fromPromise(async () => ({ message: '', data: { messages: history, mode: 'extractive' } })),
      askTenderChat: fromPromise(({ input }: { input: { question: string } }) => {
        asked.push(input.question);
        return new Promise((resolve) => answers.push((message) => resolve({ message: "Réponse tirée des documents de l'appel d'offres.", data: message })));
      }),
    },
  );
  return { operations, asked, answer: (message: ChatMessage) => answers.at(-1)!(message) };
}

describe('chat page', () => {
  it('a double click on "Envoyer" sends the question once, keeps it on screen and shows its answer', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const errors: unknown[] = [];
    const record = (event: PromiseRejectionEvent | ErrorEvent) => errors.push('reason' in event ? event.reason : event.error);
    window.addEventListener('unhandledrejection', record);
    window.addEventListener('error', record);
    const { operations, asked, answer } = chatOperations();
    await renderApp({ path: `/tender/chat/${tenderJeanMoulin._id}`, who: 'manager', operations });
    const box = await screen.findByRole('textbox', { name: 'Votre question' }, { timeout: 15_000 });
    await u.type(box, 'Quelle est la date limite de remise des offres ?');
    await u.dblClick(screen.getByRole('button', { name: 'Envoyer' }));
    // Asked once, still being answered: the second click stopped nothing.
    expect(asked).toEqual(['Quelle est la date limite de remise des offres ?']);
    expect(await screen.findByText('Recherche dans les documents…')).toBeTruthy();
    expect(screen.getByText('Quelle est la date limite de remise des offres ?')).toBeTruthy();
    answer(extractiveMessage);
    const article = await screen.findByRole('article', { name: 'Réponse à « Quelle est la date limite de remise des offres ? »' });
    expect(within(article).getByText(/MERCREDI 15 JUILLET 2026 A 12:00/)).toBeTruthy();
    expect(asked).toHaveLength(1);
    window.removeEventListener('unhandledrejection', record);
    window.removeEventListener('error', record);
    expect(errors).toEqual([]);
  });

  it('stopping an answer leaves the page usable, with no error', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const errors: unknown[] = [];
    const record = (event: PromiseRejectionEvent) => errors.push(event.reason);
    window.addEventListener('unhandledrejection', record);
    const { operations, asked } = chatOperations();
    await renderApp({ path: `/tender/chat/${tenderJeanMoulin._id}`, who: 'manager', operations });
    await u.type(await screen.findByRole('textbox', { name: 'Votre question' }, { timeout: 15_000 }), 'Les variantes sont-elles autorisées ?');
    await u.click(screen.getByRole('button', { name: 'Envoyer' }));
    await u.click(await screen.findByRole('button', { name: 'Arrêter' }));
    expect(screen.queryByText('Recherche dans les documents…')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    window.removeEventListener('unhandledrejection', record);
    expect(errors).toEqual([]);
    expect(asked).toEqual(['Les variantes sont-elles autorisées ?']);
  });

  it('scrolls the thread to the newest answer when it arrives', { timeout: 20_000 }, async () => {
    Element.prototype.scrollIntoView = scrollIntoView;
    const u = userEvent.setup();
    const { operations, answer } = chatOperations([{ ...extractiveMessage, _id: 'm-old', question: 'Le marché est-il alloti ?', answer: '« Le marché n’est pas alloti. » (RC.pdf, p. 4)' }]);
    await renderApp({ path: `/tender/chat/${tenderJeanMoulin._id}`, who: 'manager', operations });
    await u.type(await screen.findByRole('textbox', { name: 'Votre question' }, { timeout: 15_000 }), 'Quelle est la date limite de remise des offres ?');
    await u.click(screen.getByRole('button', { name: 'Envoyer' }));
    scrollIntoView.mockClear();
    answer(extractiveMessage);
    const article = await screen.findByRole('article', { name: 'Réponse à « Quelle est la date limite de remise des offres ? »' });
    // The newest exchange is what comes into view, from its start.
    expect(scrollIntoView).toHaveBeenCalled();
    const scrolled = scrollIntoView.mock.contexts.at(-1) as Element;
    expect(scrolled.contains(article)).toBe(true);
    expect(scrolled.textContent).not.toContain('Le marché est-il alloti ?');
    expect(scrollIntoView.mock.calls.at(-1)![0]).toMatchObject({ block: 'start' });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './AssistPanel.stories';
import { assistSuggestionText } from './assist-fixtures';
import { suggestionBlocks } from './assist-bridge';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Assist = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('the writing assistant', () => {
  it('with a model and a selection: every action is offered and asked', async () => {
    const user = userEvent.setup();
    show(<Assist.Idle />);
    for (const name of ['Rédiger un brouillon', 'Reformuler', 'Raccourcir', 'Développer', 'Traduire', 'Corriger le français']) expect(button(name).disabled).toBe(false);
    expect(screen.getByText('Sur le texte sélectionné (64 caractères).')).toBeTruthy();
    await user.click(button('Raccourcir'));
    expect(Assist.Idle.args.onAsk).toHaveBeenLastCalledWith('shorten');
  });

  it('without a model: the draft is a template, the other buttons are off and a sentence says why', async () => {
    const user = userEvent.setup();
    show(<Assist.WithoutModel />);
    expect(button('Brouillon modèle').disabled).toBe(false);
    for (const name of ['Reformuler', 'Raccourcir', 'Développer', 'Traduire', 'Corriger le français']) expect(button(name).disabled).toBe(true);
    expect(screen.getByText(/Aucun modèle de langue n'est configuré : le brouillon est un modèle à compléter/)).toBeTruthy();
    await user.click(button('Brouillon modèle'));
    expect(Assist.WithoutModel.args.onAsk).toHaveBeenLastCalledWith('draft');
  });

  it("when the company's plan leaves the model out, the sentence says so instead of 'not configured'", async () => {
    show(<Assist.ModelNotInPlan />);
    for (const name of ['Reformuler', 'Raccourcir', 'Développer', 'Traduire', 'Corriger le français']) expect(button(name).disabled).toBe(true);
    expect(screen.getByText(/Votre formule n'inclut pas le modèle de langue/)).toBeTruthy();
    expect(screen.queryByText(/n'est configuré/)).toBeNull();
  });

  it('shows the suggestion as it streams, politely announced, with a stop', async () => {
    const user = userEvent.setup();
    show(<Assist.Streaming />);
    const box = screen.getByTestId('assist-suggestion');
    expect(box.getAttribute('aria-live')).toBe('polite');
    expect(box.textContent).toContain('Notre système grave des pistes de 50 µm');
    expect(button('Rédiger un brouillon').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Accepter' })).toBeNull();
    await user.click(button('Arrêter'));
    expect(Assist.Streaming.args.onStop).toHaveBeenCalled();
  });

  it('a suggestion waits to be accepted or rejected, marked as the model\'s', async () => {
    const user = userEvent.setup();
    show(<Assist.Suggested />);
    const suggestion = screen.getByTestId('assist-suggestion');
    // The "### Répétabilité" of the text is a heading, as the editor will have it, never raw marks.
    expect(within(suggestion).getByRole('heading', { name: 'Répétabilité' })).toBeTruthy();
    expect(suggestion.textContent).not.toContain('#');
    expect(suggestion.textContent).toContain(assistSuggestionText.split('\n')[0]);
    expect(screen.getByText('Proposé par le modèle de langue : relisez avant d\'accepter.')).toBeTruthy();
    await user.click(button('Accepter'));
    expect(Assist.Suggested.args.onAccept).toHaveBeenCalled();
    await user.click(button('Rejeter'));
    expect(Assist.Suggested.args.onReject).toHaveBeenCalled();
  });

  it('a template draft is labelled as a template', () => {
    show(<Assist.TemplateSuggested />);
    // Its "### Exigences du CCTP à couvrir" reads as a heading, not as raw marks.
    const suggestion = screen.getByTestId('assist-suggestion');
    expect(within(suggestion).getByRole('heading', { name: 'Exigences du CCTP à couvrir' })).toBeTruthy();
    expect(suggestion.textContent).not.toContain('###');
    expect(screen.getByText('Modèle de brouillon (sans modèle de langue) : à compléter.')).toBeTruthy();
  });

  it('a failure says so with a retry; no model says what to do', async () => {
    const user = userEvent.setup();
    show(<Assist.Failed />);
    expect(screen.getByRole('alert').textContent).toContain('Le modèle de langue ne répond pas.');
    await user.click(button('Réessayer'));
    expect(Assist.Failed.args.onRetry).toHaveBeenCalled();
    show(<Assist.NeedsModel />);
    expect(screen.getByText(/Aucun modèle de langue n'est configuré : reformuler/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });
});

describe('a suggestion as editor blocks', () => {
  it('paragraphs, headings and list items', () => {
    expect(suggestionBlocks('Un.\nSuite.\n\n### Point\n\n- a\n- b\n\nFin.')).toEqual([
      { type: 'paragraph', content: [{ type: 'text', text: 'Un. Suite.' }] },
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Point' }] },
      { type: 'bulletList', content: ['a', 'b'].map((text) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] })) },
      { type: 'paragraph', content: [{ type: 'text', text: 'Fin.' }] },
    ]);
    expect(suggestionBlocks('  \n\n')).toEqual([]);
  });

  it('every depth of markdown heading, and bold, become nodes: no "#" or "**" left as text', () => {
    expect(suggestionBlocks('# Démarche\n\n#### Détail ##\n\nUn **point clé** ici.')).toEqual([
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Démarche' }] },
      { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Détail' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Un ' }, { type: 'text', text: 'point clé', marks: [{ type: 'bold' }] }, { type: 'text', text: ' ici.' }] },
    ]);
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './GoNoGoCard.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Card = composeStories(stories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the Go/No-Go card', () => {
  it('shows each criterion with its weight and rating, the weighted score, and passes a rating and a note on', async () => {
    const u = userEvent.setup();
    render(<Card.Filled />);
    expect((await screen.findByText('Score pondéré : 67 %')).tagName).toBe('OUTPUT');
    const technical = screen.getByRole('combobox', { name: 'Adéquation technique (Poids 5)' }) as HTMLSelectElement;
    expect(technical.value).toBe('3');
    // Keyboard: the select is reached and changed without a mouse.
    technical.focus();
    await u.selectOptions(technical, '4 — Très favorable');
    expect(arg(Card.Filled, 'onRate')).toHaveBeenCalledWith('technical_match', 4);
    await u.type(screen.getByRole('textbox', { name: 'Note sur « Risque »' }), 'x');
    expect(arg(Card.Filled, 'onNote')).toHaveBeenCalledWith('risk', 'x');
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Enregistrer la grille' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Décider No-go' }));
    expect(arg(Card.Filled, 'onOpen')).toHaveBeenCalledWith('no_go');
    cleanup();
  });

  it('lets a manager set the company weights, refusing all at 0 before sending', async () => {
    const u = userEvent.setup();
    render(<Card.ManagerWeights />);
    await u.click(await screen.findByText('Poids de la grille Go / No-Go', { selector: 'summary' }));
    const form = screen.getByRole('form', { name: 'Poids de la grille Go / No-Go' });
    const onSave = (Card.ManagerWeights.args.weightsForm as { props: { onSave: ReturnType<typeof vi.fn> } }).props.onSave;
    const risk = within(form).getByRole('spinbutton', { name: 'Risque' });
    await u.clear(risk);
    await u.type(risk, '7');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer les poids' }));
    expect(onSave).toHaveBeenCalledWith({ strategic_fit: 3, capacity: 2, technical_match: 5, references: 1, price: 4, risk: 7 });
    onSave.mockClear();
    for (const name of ['Adéquation stratégique', 'Capacité et charge', 'Adéquation technique', 'Références', 'Compétitivité prix', 'Risque']) {
      await u.clear(within(form).getByRole('spinbutton', { name }));
      await u.type(within(form).getByRole('spinbutton', { name }), '0');
    }
    await u.click(within(form).getByRole('button', { name: 'Enregistrer les poids' }));
    expect(within(form).getByText('Au moins un critère doit avoir un poids supérieur à 0.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    cleanup();
  });

  it('lets an employee rate but not decide', async () => {
    render(<Card.Employee />);
    expect(await screen.findByText('Seul un manager peut décider.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Décider Go' })).toBeNull();
    cleanup();
  });

  it('asks the no-go reason in a dialog and confirms it', async () => {
    const u = userEvent.setup();
    render(<Card.ChoosingNoGo />);
    const dialog = await screen.findByRole('dialog', { name: "Écarter cet appel d'offres (No-go)" });
    await u.type(within(dialog).getByRole('textbox', { name: /Motif de la décision/ }), 'H');
    expect(arg(Card.ChoosingNoGo, 'onReason')).toHaveBeenCalledWith('H');
    await u.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(arg(Card.ChoosingNoGo, 'onConfirm')).toHaveBeenCalled();
    cleanup();
  });

  it('shows the recorded decision with its reason, who and when', async () => {
    render(<Card.DecidedNoGo />);
    const decision = await screen.findByRole('region', { name: 'Décision' });
    expect(decision.textContent).toMatch(/Décision : No-go/);
    expect(decision.textContent).toMatch(/Plan de charge complet en juin/);
    expect(decision.textContent).toMatch(/Par Claire Martin, le 22 juin 2026, 10:40/);
    cleanup();
  });

  it('offers to start the response after a go', async () => {
    const u = userEvent.setup();
    render(<Card.DecidedGo />);
    await u.click(await screen.findByRole('button', { name: 'Démarrer la réponse' }));
    expect(arg(Card.DecidedGo, 'onStart')).toHaveBeenCalled();
    cleanup();
  });

  it('says when the grid could not be loaded and retries', async () => {
    const u = userEvent.setup();
    render(<Card.LoadFailed />);
    expect(await screen.findByText('Aucune réponse du serveur.')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(arg(Card.LoadFailed, 'onRetry')).toHaveBeenCalled();
    cleanup();
  });
});

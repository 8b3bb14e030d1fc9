import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './SavedSearchesCard.stories';
import { heatingSearch } from './saved-search-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Card = composeStories(stories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the saved searches card', () => {
  it('lists each search with its criteria in one line, its alerts, and lets its author change it', async () => {
    const u = userEvent.setup();
    render(<Card.Loaded />);
    const list = screen.getByRole('list', { name: 'Recherches enregistrées' });
    const [heating, schools] = within(list).getAllByRole('listitem');
    expect(heating!.textContent).toContain('Chauffage – Isère et Savoie');
    expect(heating!.textContent).toContain('CPV 45331000-6 · 38, 73');
    expect(schools!.textContent).toContain('réhabilitation école, rénovation école · Auvergne-Rhône-Alpes · ≥ 200\u202f000\u00a0€');
    expect(within(heating!).getByRole('checkbox', { name: 'Alertes' })).toHaveProperty('checked', true);
    // Not the employee's own: read only.
    expect(within(schools!).getByRole('checkbox', { name: 'Alertes' })).toHaveProperty('disabled', true);
    expect(within(schools!).queryByRole('button', { name: 'Modifier « Écoles – réhabilitation »' })).toBeNull();
    await u.click(within(heating!).getByRole('checkbox', { name: 'Alertes' }));
    expect(arg(Card.Loaded, 'onToggleAlerts')).toHaveBeenCalledWith(heatingSearch);
    await u.click(within(heating!).getByRole('button', { name: 'Voir les appels' }));
    expect(arg(Card.Loaded, 'onShow')).toHaveBeenCalledWith(heatingSearch);
    await u.click(within(heating!).getByRole('button', { name: 'Supprimer « Chauffage – Isère et Savoie »' }));
    expect(arg(Card.Loaded, 'onAskDelete')).toHaveBeenCalledWith(heatingSearch);
    cleanup();
  }, 30_000);

  it('the form sends the values typed; the amounts are checked before sending; a refusal shows under its field', async () => {
    const u = userEvent.setup();
    render(<Card.Creating />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle recherche enregistrée' });
    await u.type(within(dialog).getByLabelText('Nom'), 'Toitures');
    await u.type(within(dialog).getByLabelText('Montant minimum (€ HT)'), '500000');
    await u.type(within(dialog).getByLabelText('Montant maximum (€ HT)'), '1000');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(Card.Creating, 'onSave')).not.toHaveBeenCalled();
    await u.clear(within(dialog).getByLabelText('Montant maximum (€ HT)'));
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(Card.Creating, 'onSave')).toHaveBeenCalledWith({ name: 'Toitures', keywords: [], cpvCodes: [], departments: [], regions: [], buyers: [], amountMin: 500000, amountMax: null, alerts: false });
    cleanup();

    render(<Card.SaveRefused />);
    const refused = await screen.findByRole('dialog');
    expect(within(refused).getAllByText('Le montant minimum doit être inférieur ou égal au montant maximum.').length).toBeGreaterThanOrEqual(2);
    cleanup();
  }, 30_000);

  it('every state renders', () => {
    for (const [name, Story] of Object.entries(Card)) {
      render(<Story />);
      expect(document.body.textContent, name).toContain(name === 'Loading' ? '' : 'Recherches enregistrées');
      cleanup();
    }
  }, 60_000);
});

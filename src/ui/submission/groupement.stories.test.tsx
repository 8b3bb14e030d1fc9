import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './SubmissionStates.stories';
import { twoMemberGroupement } from '../../machines/groupement.fixtures';

// The groupement card of the submission folder (issue 26), state by state.
beforeAll(() => {
  setProjectAnnotations(preview);
});
const States = composeStories(stories);
const actions = (story: { args: unknown }) => (story.args as { groupementActions: Record<string, ReturnType<typeof vi.fn>> }).groupementActions;
beforeEach(() => {
  for (const Story of Object.values(States)) for (const spy of Object.values(actions(Story) ?? {})) spy.mockClear();
});
const card = () => screen.getByTestId('groupement');
function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the groupement card', () => {
  it('alone by default: a manager may answer in a groupement, an employee reads', async () => {
    show(<States.Preparing />);
    expect(within(card()).getByText("L'entreprise répond seule à cet appel d'offres.")).toBeTruthy();
    await userEvent.click(within(card()).getByRole('button', { name: 'Répondre en groupement' }));
    expect(actions(States.Preparing).onEdit).toHaveBeenCalled();
    show(<States.GroupedEmployee />);
    expect(within(card()).queryByRole('button')).toBeNull();
    expect(within(card()).getByText('Alpes Maintenance Industrielle')).toBeTruthy();
    expect(within(card()).getByText('Le groupement est saisi par un responsable de l\'entreprise.')).toBeTruthy();
  });

  it('grouped: its kind, the mandataire and each co-contractor with its share', () => {
    show(<States.Grouped />);
    const text = card().textContent ?? '';
    expect(text).toContain('Conjoint');
    expect(text).toContain('Votre entreprise — Fourniture et installation des équipements');
    expect(text).toContain('2 cotraitants');
    expect(text).toContain('SIRET 732 829 320 00074');
    expect(text).toContain('Prestations : Courants faibles');
    expect(text).toContain('Représenté par Claire Martin, Gérante');
  });

  it('the form: a member added, filled and removed; the groupement saved as entered', async () => {
    show(<States.GroupementEditing />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Solidaire/ }));
    expect(screen.queryByRole('checkbox', { name: /solidaire de chacun/ }), 'said of a groupement conjoint only').toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ajouter un cotraitant' }));
    const third = screen.getByRole('group', { name: 'Cotraitant n° 3' });
    await user.type(within(third).getByLabelText('Raison sociale'), 'Isère Froid');
    await user.click(within(third).getByRole('button', { name: /Retirer ce cotraitant/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer le groupement' }));
    expect(actions(States.GroupementEditing).onSave).toHaveBeenCalledWith({ kind: 'several', mandataireRole: twoMemberGroupement.mandataireRole, members: twoMemberGroupement.members });
  });

  it('a SIRET failing its key or a blank share of the work is said under its field, and nothing is sent', async () => {
    show(<States.GroupementNew />);
    const user = userEvent.setup();
    const first = screen.getByRole('group', { name: 'Cotraitant n° 1' });
    await user.type(within(first).getByLabelText('SIRET'), '12345678901234');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le groupement' }));
    expect(actions(States.GroupementNew).onSave).not.toHaveBeenCalled();
    expect(within(first).getByLabelText('SIRET').getAttribute('aria-invalid')).toBe('true');
    expect(within(first).getByLabelText('Prestations exécutées par ce cotraitant').getAttribute('aria-invalid')).toBe('true');
  });

  it('the server’s refusal under the member’s field', () => {
    show(<States.GroupementSaveFailed />);
    const second = screen.getByRole('group', { name: 'Cotraitant n° 2' });
    expect(within(second).getByText("Ce numéro SIRET n'est pas valide : vérifiez les 14 chiffres.")).toBeTruthy();
  });

  it('answering alone again is confirmed first', async () => {
    show(<States.Grouped />);
    await userEvent.click(within(card()).getByRole('button', { name: 'Répondre seul' }));
    expect(actions(States.Grouped).onClear).toHaveBeenCalled();
    show(<States.GroupementClearConfirm />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Répondre seul ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Répondre seul' }));
    expect(actions(States.GroupementClearConfirm).onConfirmClear).toHaveBeenCalled();
  });
});

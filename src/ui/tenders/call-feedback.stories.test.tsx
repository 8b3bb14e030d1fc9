import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as potentialStories from './PotentialTendersView.stories';
import { potentialGymnase, potentialJeanMoulin, potentialRoutes } from './tender-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Potential = composeStories(potentialStories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

type Spy = { mock: { calls: unknown[][] } };
const feedbackArg = (story: { args: unknown }, name: string) => (story.args as { feedback: Record<string, Spy> }).feedback[name]!;
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

describe('potential tenders: verdicts on calls', () => {
  it('each call has "Pertinent" and "Pas pertinent" buttons; the current verdict is pressed', async () => {
    show(<Potential.Feedback />);
    const row = rowOf(potentialJeanMoulin.tenderCall.title);
    const group = within(row).getByRole('group', { name: `Votre avis sur « ${potentialJeanMoulin.tenderCall.title} »` });
    expect(within(group).getByRole('button', { name: 'Pertinent' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Pas pertinent' }).getAttribute('aria-pressed')).toBe('false');
    const other = rowOf(potentialGymnase.tenderCall.title);
    expect(within(other).getByRole('button', { name: 'Pertinent' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(within(row).getByRole('button', { name: 'Pas pertinent' }));
    expect(feedbackArg(Potential.Feedback, 'onNotRelevant').mock.calls.at(-1)?.[0]).toMatchObject({ _id: potentialJeanMoulin._id });
    await userEvent.click(within(other).getByRole('button', { name: 'Pertinent' }));
    expect(feedbackArg(Potential.Feedback, 'onRelevant').mock.calls.at(-1)?.[0]).toMatchObject({ _id: potentialGymnase._id });
  });

  it('the verdicts are compact icon buttons, named and with a tooltip, on the line of "Pourquoi cet appel ?" (rows stay short at phone width)', async () => {
    show(<Potential.Feedback />);
    const row = rowOf(potentialGymnase.tenderCall.title);
    const group = within(row).getByRole('group', { name: `Votre avis sur « ${potentialGymnase.tenderCall.title} »` });
    for (const name of ['Pertinent', 'Pas pertinent']) {
      const button = within(group).getByRole('button', { name });
      // No visible words: the name is the button's label, and its tooltip says it.
      expect(button.textContent).toBe('');
      expect(button.getAttribute('title')).toBe(name);
    }
    // "Pourquoi cet appel ?" and the group are in one wrapping line, not one under the other.
    const why = within(row).getByText('Pourquoi cet appel ?').closest('details')!;
    expect(why.parentElement).toBe(group.parentElement);
  });

  it('says how many calls are set aside and leads to them', async () => {
    show(<Potential.Feedback />);
    expect(screen.getByText('2 appels écartés')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Afficher : 2 appels écartés' }));
    expect(feedbackArg(Potential.Feedback, 'onShowHidden').mock.calls.at(-1)).toEqual([true]);
  });

  it('the reason is required before a call is set aside; a common reason fills it in one click', async () => {
    show(<Potential.FeedbackAsking />);
    const dialog = await screen.findByRole('dialog', { name: 'Pourquoi cet appel n’est-il pas pertinent ?' });
    const save = within(dialog).getByRole('button', { name: 'Écarter l’appel' });
    await userEvent.click(save);
    expect(within(dialog).getByText('Indiquez pourquoi cet appel n’est pas pertinent.')).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: 'Raison' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('maxlength')).toBe('500');
    const onSave = feedbackArg(Potential.FeedbackAsking, 'onSaveReason');
    expect(onSave.mock.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hors de notre zone' }));
    expect((reason as HTMLTextAreaElement).value).toBe('Hors de notre zone');
    await userEvent.clear(reason);
    await userEvent.type(reason, '  Chantier en site occupé, pas pour nous  ');
    await userEvent.click(save);
    expect(onSave.mock.calls.at(-1)).toEqual(['Chantier en site occupé, pas pour nous']);
  });

  it('while the reason is saved the dialog and the verdict buttons wait', async () => {
    show(<Potential.FeedbackSaving />);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: /Écarter l’appel/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('textbox', { name: 'Raison' }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('a call just set aside: a banner says so and offers "Annuler"', async () => {
    show(<Potential.FeedbackHidden />);
    expect(screen.queryByText(potentialJeanMoulin.tenderCall.title, { selector: 'td *' })).toBeNull();
    expect(screen.getByText(`« ${potentialJeanMoulin.tenderCall.title} » ne figure plus dans vos appels potentiels.`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(feedbackArg(Potential.FeedbackHidden, 'onUndo').mock.calls).toHaveLength(1);
    expect(screen.getByText('1 appel écarté')).toBeTruthy();
  });

  it("shows the server's refusal", () => {
    show(<Potential.FeedbackFailed />);
    expect(screen.getByText('Votre avis n’a pas pu être enregistré')).toBeTruthy();
    expect(screen.getByText('Vous n’avez pas accès à cette entreprise.')).toBeTruthy();
  });

  it('the hidden list shows each call with its reason and "Rétablir"; buttons wait while one is restored', () => {
    show(<Potential.FeedbackHiddenList />);
    expect(screen.getByRole('table', { name: 'Appels écartés' })).toBeTruthy();
    const routes = rowOf(potentialRoutes.tenderCall.title);
    expect(within(routes).getByText('Écarté : Hors de notre zone')).toBeTruthy();
    const gym = rowOf(potentialGymnase.tenderCall.title);
    expect(within(gym).getByText('Écarté : Montant trop faible pour mobiliser une équipe')).toBeTruthy();
    const restore = within(gym).getByRole('button', { name: `Rétablir ${potentialGymnase.tenderCall.title}` }) as HTMLButtonElement;
    expect(restore.disabled).toBe(true);
    expect(within(gym).queryByRole('button', { name: 'Pertinent' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Revenir aux appels potentiels' })).toBeTruthy();
  });

  it('no call set aside: the hidden list says where they would be', () => {
    show(<Potential.FeedbackHiddenEmpty />);
    expect(screen.getByText('Aucun appel écarté')).toBeTruthy();
  });

  it('admins give no verdict', () => {
    show(<Potential.Admin />);
    expect(screen.queryByRole('button', { name: 'Pas pertinent' })).toBeNull();
  });
});

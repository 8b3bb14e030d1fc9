import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './KeyFactsPanel.stories';
import { memoryTenderId } from './memory-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Panel = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  render(ui);
}

const panel = async () => (await screen.findByRole('button', { name: "Points clés de l'appel" })).closest('section')!;
const terms = (section: HTMLElement) => within(section).queryAllByRole('term').map((term) => term.textContent);

describe('the key facts panel of the memory', () => {
  it('an employee: the checked facts with their state, the deadline with the days left, the criteria and their weights', async () => {
    show(<Panel.Employee />);
    const section = await panel();
    expect(terms(section)).toEqual(['Date limite de remise des offres', 'Visite du site', 'Critères de jugement', 'Pièces de candidature']);
    expect(within(section).getByText('dans 12 jours')).toBeTruthy();
    expect(within(section).getAllByText('Confirmé')).toHaveLength(3);
    expect(within(section).getByText('Corrigé')).toBeTruthy();
    expect(within(section).queryByText('À vérifier')).toBeNull();
    expect(within(section).getByText(/^Obligatoire · /)).toBeTruthy();
    expect(within(section).getByText('Performances techniques du système')).toBeTruthy();
    expect(within(section).getByText('Finesse de structuration laser')).toBeTruthy();
    expect(within(section).getByText('50 %')).toBeTruthy();
    expect(within(section).getByText(/^DC1, DC2, Extrait Kbis/)).toBeTruthy();
    // Nothing to check from here: employees do not open the analysis.
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('a manager: every fact, those not checked marked "À vérifier", with what the team sees and a link to check them', async () => {
    show(<Panel.Manager />);
    const section = await panel();
    expect(terms(section)).toHaveLength(6);
    expect(within(section).getAllByText('À vérifier')).toHaveLength(2);
    expect(within(section).getByText('dans 4 jours')).toBeTruthy();
    expect(within(section).getByText(/ne voient les points « À vérifier » qu'une fois confirmés ou corrigés/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: "Vérifier dans l'analyse du DCE" }).getAttribute('href')).toBe(`/tender/dce-analyse/${memoryTenderId}`);
  });

  it('says when the facts will appear; a manager without an analysis is sent to it', async () => {
    show(<Panel.EmployeeNothingChecked />);
    expect(within(await panel()).getByText("Les points clés apparaîtront quand un responsable aura vérifié l'analyse du DCE.")).toBeTruthy();
    show(<Panel.EmployeeNoAnalysis />);
    expect(within(await panel()).getByText("Les points clés apparaîtront quand un responsable aura vérifié l'analyse du DCE.")).toBeTruthy();
    show(<Panel.ManagerNoAnalysis />);
    const section = await panel();
    expect(within(section).getByText(/^Aucune analyse du DCE terminée/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: "Ouvrir l'analyse du DCE" })).toBeTruthy();
  });

  it('folds away and back', async () => {
    const user = userEvent.setup();
    show(<Panel.Employee />);
    const toggle = await screen.findByRole('button', { name: "Points clés de l'appel" });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    await user.click(toggle);
    expect(screen.getAllByRole('term')).toHaveLength(4);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as tenderStates from './TenderStates.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Tender = composeStories(tenderStates);

describe('tender guard states', () => {
  it('loading: a spinner and nothing of the page', async () => {
    render(<Tender.GuardLoading />);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('not found: the not-found page', async () => {
    render(<Tender.GuardNotFound />);
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" })).toBeTruthy();
  });

  it('redirecting: renders nothing', async () => {
    const { container } = render(<Tender.GuardRedirecting />);
    expect(container.textContent).toBe('');
  });

  it('allowed: the tender header, then the feature under it', async () => {
    render(<Tender.GuardAllowed />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Réhabilitation énergétique du groupe scolaire Jean-Moulin' })).toBeTruthy();
    expect(screen.getByText('2026-VDL-0142')).toBeTruthy();
    expect(screen.getByText(/Analyse du CCTP/)).toBeTruthy();
    expect(screen.getByText('En cours')).toBeTruthy();
    expect(screen.getByText('Date limite de remise des offres')).toBeTruthy();
    expect(screen.getByText(/Le contenu de la page/)).toBeTruthy();
  });

  it('allowed: the header names each feature', async () => {
    const { unmount } = render(<Tender.GuardAllowedWriting />);
    expect(await screen.findByText(/Rédaction assistée/)).toBeTruthy();
    expect(screen.getByText('Déposé')).toBeTruthy();
    unmount();
    render(<Tender.GuardAllowedDce />);
    expect(await screen.findByText(/Analyse du DCE/)).toBeTruthy();
  });
});

describe('response stepper', () => {
  const steps = () => within(screen.getByRole('list')).getAllByRole('listitem');

  it('idle: steps before the current one completed, the current one in progress, the rest waiting', async () => {
    render(<Tender.StepperIdle />);
    await screen.findByRole('heading', { name: 'Avancement de la réponse' });
    const items = steps();
    // The six steps of RESPONSE_STEPS, the contract's responseStep range.
    expect(items).toHaveLength(6);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null, null]);
    expect(within(items[0]!).getByRole('button').getAttribute('aria-label')).toBe('Étape 1 : Analyser le DCE (Terminé)');
    expect(within(items[2]!).getByRole('button').getAttribute('aria-label')).toBe('Étape 3 : Rédiger le mémoire technique (En cours)');
    expect(within(items[5]!).getByRole('button').getAttribute('aria-label')).toBe("Étape 6 : Déposer l'offre (À venir)");
    expect(screen.getByRole('button', { name: 'Étape suivante' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Étape précédente' }).hasAttribute('disabled')).toBe(false);
  });

  it('saving: every move is off while the step is saved', async () => {
    render(<Tender.StepperSaving />);
    const section = (await screen.findByRole('heading', { name: 'Avancement de la réponse' })).closest('section')!;
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Étape précédente' }).hasAttribute('disabled')).toBe(true);
    for (const item of steps()) expect(within(item).getByRole('button').hasAttribute('disabled')).toBe(true);
  });

  it('failure: says why the step was not saved', async () => {
    render(<Tender.StepperFailure />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("L'étape n'a pas pu être enregistrée");
    expect(alert.textContent).toContain("Vous n'avez pas accès à cet appel d'offres.");
    expect(within(alert).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('locked until work starts, and done once every step is completed', async () => {
    const { unmount } = render(<Tender.StepperLocked />);
    expect(await screen.findByText("Démarrez le travail sur cet appel d'offres pour avancer dans les étapes.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Étape suivante' }).hasAttribute('disabled')).toBe(true);
    unmount();
    render(<Tender.StepperAllDone />);
    expect(await screen.findByText('Toutes les étapes sont terminées.')).toBeTruthy();
    expect(steps().every((item) => item.getAttribute('aria-current') === null)).toBe(true);
    expect(screen.getByRole('button', { name: 'Étape suivante' }).hasAttribute('disabled')).toBe(true);
  });
});

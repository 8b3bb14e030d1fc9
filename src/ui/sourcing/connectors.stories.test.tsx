import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ConnectorsCard.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const S = composeStories(stories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name];
const item = async (name: string) => screen.findByRole('listitem', { name });

describe('notice connectors', () => {
  it('never run: says so, can be run now or turned off, no counts yet', async () => {
    show(<S.NeverRun />);
    const boamp = await item('BOAMP');
    expect(within(boamp).getByText('Jamais exécuté')).toBeTruthy();
    expect(within(boamp).queryByText(/reçus/)).toBeNull();
    await userEvent.click(within(boamp).getByRole('button', { name: 'Lancer maintenant — BOAMP' }));
    expect(arg(S.NeverRun, 'onRun')).toHaveBeenCalledWith('boamp');
  });

  it('running: busy, cannot be run again, says where it resumed from', async () => {
    show(<S.Running />);
    const ted = await item('TED (Journal officiel de l\'UE)');
    expect(within(ted).getByText('En cours')).toBeTruthy();
    expect(ted.getAttribute('aria-busy')).toBe('true');
    expect((within(ted).getByRole('button', { name: /^Lancer maintenant/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(ted).getByText('Reprend après le 2026-02-27 (128734-2026)')).toBeTruthy();
  });

  it('succeeded: the last run, its counts and the next run', async () => {
    show(<S.Succeeded />);
    const boamp = await item('BOAMP');
    expect(within(boamp).getByText('Réussi')).toBeTruthy();
    expect(within(boamp).getByText(/^1\s842 reçus · 1\s610 nouveaux · 196 mis à jour · 36 refusés$/)).toBeTruthy();
    expect(within(boamp).getByText(/^Dernière exécution : /)).toBeTruthy();
    expect(within(boamp).getByText(/^Prochaine exécution : /)).toBeTruthy();
    expect(within(boamp).queryByRole('alert')).toBeNull();
  });

  it('failed: the localised error, and it can be run again', async () => {
    show(<S.FailedWithError />);
    const decp = await item('DECP (attributions)');
    expect(within(decp).getByText('Échec')).toBeTruthy();
    const alert = within(decp).getByRole('alert');
    expect(alert.textContent).toContain('Dernière erreur');
    expect(alert.textContent).toContain('La source a répondu par une erreur (HTTP 503).');
    expect((within(decp).getByRole('button', { name: /^Lancer maintenant/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disabled: says so, has nothing to run, can be turned on again', async () => {
    show(<S.Disabled />);
    const ted = await item('TED (Journal officiel de l\'UE)');
    expect(within(ted).getByText('Désactivé')).toBeTruthy();
    expect(within(ted).queryByText(/^Prochaine exécution/)).toBeNull();
    expect(within(ted).queryByRole('button', { name: /^Lancer maintenant/ })).toBeNull();
    await userEvent.click(within(ted).getByRole('button', { name: 'Activer — TED (Journal officiel de l\'UE)' }));
    expect(arg(S.Disabled, 'onToggle')).toHaveBeenCalledWith('ted', true);
  });

  it("left out of the server's configuration: says so and why, and offers neither a run nor a switch", async () => {
    show(<S.Unavailable />);
    const decp = await item('DECP (attributions)');
    expect(within(decp).getByText('Désactivé par la configuration du serveur')).toBeTruthy();
    expect(within(decp).getByText(/ajoutez-le à la variable SOURCING_CONNECTORS/)).toBeTruthy();
    expect(within(decp).queryAllByRole('button')).toEqual([]);
  });

  it('loading and failure', async () => {
    show(<S.LoadFailed />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger les connecteurs.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(S.LoadFailed, 'onRetry')).toHaveBeenCalled();
    show(<S.Loading />);
    expect(screen.getByRole('region', { name: 'Connecteurs' }).getAttribute('aria-busy')).toBe('true');
  });
});

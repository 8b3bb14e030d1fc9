import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ImportsView.stories';
import { doneRun } from './import-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const S = composeStories(stories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name];

describe('notice imports', () => {
  it('the runs: file, who, status with a progress bar while running, and the counts', async () => {
    show(<S.Loaded />);
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Fichier', 'Lancé par', 'État', 'Nouveaux', 'Mis à jour', 'Inchangés', 'Annulés', 'Attribués', 'Refusés']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const running = rows[0]!;
    expect(within(running).getByText('ted-2026-03.zip')).toBeTruthy();
    expect(within(running).getByText('En cours, 42 %')).toBeTruthy();
    expect(within(running).getByRole('progressbar', { name: "Avancement de l'import de ted-2026-03.zip" }).getAttribute('aria-valuenow')).toBe('42');
    // Done and failed runs have no progress bar; the failure says why.
    expect(within(rows[1]!).queryByRole('progressbar')).toBeNull();
    expect(within(rows[1]!).getByText('Terminé')).toBeTruthy();
    expect(rows[1]!.querySelectorAll('td')[3]!.textContent).toBe('18');
    expect(within(rows[2]!).getByText("L'import a échoué. Importez le fichier à nouveau.")).toBeTruthy();
    expect(within(rows[2]!).getByText('Compte supprimé')).toBeTruthy();
    // A run of the scheduled fetch: the URL as its file, the fetch as who launched it, the server's answer as why it failed.
    expect(within(rows[3]!).getByText(/^https:\/\/boamp-datadila\.opendatasoft\.com\//)).toBeTruthy();
    expect(within(rows[3]!).getByText('Collecte programmée')).toBeTruthy();
    expect(within(rows[3]!).getByText('Le serveur de la source a répondu par une erreur (HTTP 503).')).toBeTruthy();
  });

  it('a run with refused notices opens their list', async () => {
    show(<S.Loaded />);
    await userEvent.click(await screen.findByRole('button', { name: 'Voir les 2 avis refusés de boamp-2024-mapa.json' }));
    expect(arg(S.Loaded, 'onShowRefused')).toHaveBeenCalledWith(doneRun);
    // No button where nothing was refused.
    expect(screen.queryByRole('button', { name: /decp-2024\.json/ })).toBeNull();
  });

  it('the refused notices: id, localised reason, detail and position', async () => {
    show(<S.RefusedNotices />);
    const dialog = await screen.findByRole('dialog', { name: 'Avis refusés de boamp-2024-mapa.json' });
    const items = within(within(dialog).getByRole('list', { name: 'Avis refusés' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Avis 24-12345')).toBeTruthy();
    expect(within(items[0]!).getByText('Avis sans objet ni intitulé.')).toBeTruthy();
    expect(within(items[0]!).getByText('boamp-2024-mapa.json#3')).toBeTruthy();
    expect(within(items[1]!).getByText('Avis sans identifiant')).toBeTruthy();
    expect(within(items[1]!).getByText('Unexpected token } in JSON at position 812')).toBeTruthy();
  });

  it('loading, empty and failure states of the runs', async () => {
    show(<S.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<S.Empty />);
    expect(await screen.findByText("Aucun import pour l'instant")).toBeTruthy();
    show(<S.Failure />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(S.Failure, 'onRetryRuns')).toHaveBeenCalled();
  });

  it('the upload: a picked file goes to the page; progress and cancel while it travels', async () => {
    show(<S.Loaded />);
    const input = (await screen.findByLabelText(/Déposez un export/)) as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.json,.jsonl,.ndjson,.xml,.zip');
    const file = new File(['{}'], 'boamp.json', { type: 'application/json' });
    await userEvent.upload(input, file);
    expect(arg(S.Loaded, 'onFile')).toHaveBeenCalledWith(file);

    show(<S.Uploading />);
    expect((await screen.findByRole('progressbar', { name: 'Envoi de boamp-2024-mapa.json' })).getAttribute('aria-valuenow')).toBe('64');
    expect(screen.getByText('Envoi… 64 %')).toBeTruthy();
    expect((screen.getByLabelText(/Déposez un export/) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(arg(S.Uploading, 'onCancel')).toHaveBeenCalled();
  });

  it('refusals are shown with their reason; only a failure worth it offers a retry', async () => {
    show(<S.Invalid />);
    expect((await screen.findByRole('alert')).textContent).toContain("Fichier non accepté : un export JSON, XML ou ZIP d'avis est attendu.");
    expect(screen.getByText('notices.csv')).toBeTruthy();
    show(<S.Refused />);
    expect(await screen.findByText("Échec de l'envoi")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    show(<S.UploadFailed />);
    expect((await screen.findByRole('alert')).textContent).toContain('Service indisponible.');
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(arg(S.UploadFailed, 'onRetry')).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(arg(S.UploadFailed, 'onDismiss')).toHaveBeenCalled();
  });
});

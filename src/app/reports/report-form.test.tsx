import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { ReportSubmission } from '../../machines/report-form.machine';
import { fakeOperations, renderApp, users } from '../app-test-harness';

describe('the floating report button', () => {
  it('files a report with the page address and a screenshot, toasts, closes and resets', async () => {
    const u = userEvent.setup({ applyAccept: false });
    let fail = true;
    const createReport = vi.fn(async (input: ReportSubmission) => {
      if (fail) throw { message: 'Erreur interne du serveur.', status: 500 };
      return { message: 'Merci, votre signalement a été envoyé.', data: input && null };
    });
    const operations = fakeOperations({ current: users.employee }, { createReport: fromPromise(({ input }) => createReport(input as ReportSubmission)) });
    await renderApp({ path: '/dashboard', who: 'employee', operations });
    await u.click(await screen.findByRole('button', { name: 'Signaler un problème' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signaler un problème' });

    // Required fields are named, nothing is sent.
    await u.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(createReport).not.toHaveBeenCalled();

    // Wrong files are refused with toasts.
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await u.upload(input, new File(['texte'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Type de fichier non accepté.')).toBeTruthy();
    await u.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('Fichier trop volumineux.')).toBeTruthy();

    const shot = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'capture.png', { type: 'image/png' });
    await u.upload(input, shot);
    expect(await within(dialog).findByText('capture.png')).toBeTruthy();
    await u.selectOptions(within(dialog).getByLabelText('Type'), 'bug');
    await u.type(within(dialog).getByLabelText('Titre'), 'Export bloqué');
    await u.type(within(dialog).getByLabelText('Description'), 'La page charge sans fin.');

    // A refusal: a banner in the form, which stays open and editable.
    await u.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(dialog).findByText('Erreur interne du serveur.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Titre') as HTMLInputElement).disabled).toBe(false);

    fail = false;
    await u.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await screen.findByText('Merci, votre signalement a été envoyé.')).toBeTruthy();
    expect(createReport).toHaveBeenLastCalledWith({
      type: 'bug',
      priority: 'medium',
      title: 'Export bloqué',
      description: 'La page charge sans fin.',
      currentUrl: window.location.href,
      screenshot: shot,
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again: a fresh form.
    await u.click(screen.getByRole('button', { name: 'Signaler un problème' }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText('Type') as HTMLSelectElement).value).toBe('feedback');
    expect((within(again).getByLabelText('Titre') as HTMLInputElement).value).toBe('');
    expect(within(again).queryByText('capture.png')).toBeNull();
  });
});

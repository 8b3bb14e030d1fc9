import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ReportFormView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Report = composeStories(stories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

describe('report form view', () => {
  it('closed: only the floating button, named for what it does', async () => {
    show(<Report.Closed />);
    expect(await screen.findByRole('button', { name: 'Signaler un problème' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('blank: feedback of medium priority, the screenshot hint, every field usable', async () => {
    show(<Report.Blank />);
    const dialog = await screen.findByRole('dialog', { name: 'Signaler un problème' });
    expect((within(dialog).getByLabelText('Type') as HTMLSelectElement).value).toBe('feedback');
    expect((within(dialog).getByLabelText('Priorité') as HTMLSelectElement).value).toBe('medium');
    expect(within(dialog).getByText('PNG, JPG ou GIF, 1 Mo maximum')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Titre'), 'A');
    expect(Report.Blank.args.onChange).toHaveBeenCalledWith('title', 'A');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(Report.Blank.args.onSubmit).toHaveBeenCalled();
  });

  it('missing fields are named under each one', async () => {
    show(<Report.MissingFields />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Ce champ est obligatoire.')).toHaveLength(3);
    expect(within(dialog).getByLabelText('Titre').getAttribute('aria-invalid')).toBe('true');
  });

  it('a chosen screenshot shows its preview and can be removed', async () => {
    show(<Report.WithScreenshot />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: "Aperçu de la capture d'écran" })).toBeTruthy();
    expect(within(dialog).getByText('export-bloque.png')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: "Retirer la capture d'écran" }));
    expect(Report.WithScreenshot.args.onRemoveScreenshot).toHaveBeenCalled();
  });

  it('submitting: every field and button is locked', async () => {
    show(<Report.Submitting />);
    const dialog = await screen.findByRole('dialog');
    for (const name of ['Type', 'Priorité', 'Titre', 'Description']) expect((within(dialog).getByLabelText(name) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: /Envoyer le signalement/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: "Retirer la capture d'écran" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('failure: a banner inside the form with the reason, fields unlocked', async () => {
    show(<Report.Failure />);
    const dialog = await screen.findByRole('dialog');
    const alert = within(dialog).getByRole('alert');
    expect(within(alert).getByText("Le signalement n'a pas pu être envoyé")).toBeTruthy();
    expect(within(alert).getByText('Erreur interne du serveur. Réessayez dans un instant.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Titre') as HTMLInputElement).disabled).toBe(false);
  });
});

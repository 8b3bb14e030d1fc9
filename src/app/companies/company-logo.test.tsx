import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users, type Who } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { lyon } from '../../ui/admin/admin-fixtures';
import type { CompanyRow } from '../../ui/admin/admin-types';
import { LOGO_MAX_BYTES } from '../../machines/company-logo.machine';

beforeAll(() => {
  // jsdom has no object URLs: the preview only needs one.
  if (typeof URL.createObjectURL !== 'function') URL.createObjectURL = () => 'blob:logo-preview';
  if (typeof URL.revokeObjectURL !== 'function') URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const id = users.manager.company!._id;
const plain: CompanyRow = { ...lyon, _id: id, name: 'BTP Lyon Rénovation', brandColor: null, logo: null };
const withLogo: CompanyRow = { ...plain, brandColor: '#c2410c', logo: { url: `/api/companies/${id}/logo?v=3`, version: 3 } };
type Call = (input: never) => Promise<{ message: string; data: CompanyRow }>;

async function showCompany(who: Who, company: CompanyRow, calls: Record<string, Call> = {}) {
  const operations = fakeOperations(
    { current: users[who as 'manager'] },
    {
      getCompany: fromPromise(async () => ({ message: '', data: company })),
      ...Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, fromPromise(({ input }) => call(input as never))])),
    },
  );
  await renderApp({ path: `/companies/${id}`, who, operations });
  await screen.findByRole('heading', { name: 'BTP Lyon Rénovation', level: 1 }, { timeout: 10_000 });
}

const png = (size = 4096) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });
const picker = () => screen.getByLabelText('Choisir un logo (PNG ou JPEG)') as HTMLInputElement;

describe('the company logo card', () => {
  it('an employee sees the logo and the colour, without controls', async () => {
    await showCompany('employee', withLogo);
    const img = screen.getByRole('img', { name: 'Logo de BTP Lyon Rénovation' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/api/companies/${id}/logo?v=3`);
    expect(screen.getByText('Couleur de la marque : #c2410c')).toBeTruthy();
    expect(screen.queryByLabelText('Choisir un logo (PNG ou JPEG)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer le logo' })).toBeNull();
  });

  it('a manager chooses a file, sees it previewed, uploads it, and the new logo is shown', async () => {
    const u = userEvent.setup();
    const upload = vi.fn(async (_: { id: string; logo: File }) => ({ message: 'Logo de l’entreprise enregistré.', data: withLogo }));
    await showCompany('manager', plain, { uploadCompanyLogo: upload as Call });
    expect(screen.getByText('Couleur de la marque : Couleur maison')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Logo de/ })).toBeNull();
    const file = png();
    await u.upload(picker(), file);
    expect(screen.getByRole('img', { name: 'Aperçu du nouveau logo' })).toBeTruthy();
    expect(screen.getByText('logo.png')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: 'Enregistrer le logo' }));
    expect(await screen.findByText('Logo de l’entreprise enregistré.')).toBeTruthy();
    expect(upload).toHaveBeenCalledWith({ id, logo: file });
    const img = screen.getByRole('img', { name: 'Logo de BTP Lyon Rénovation' });
    expect(img.getAttribute('src')).toBe(`/api/companies/${id}/logo?v=3`);
    expect(screen.getByRole('button', { name: 'Retirer le logo' })).toBeTruthy();
  });

  it('refuses a file over 2 MB or of another type before any upload, and shows the server’s refusal', async () => {
    // A drop is not filtered by the picker's accept list: the card checks the type itself.
    const u = userEvent.setup({ applyAccept: false });
    const upload = vi.fn(async () => {
      throw Object.assign(new Error('Type de fichier non accepté : envoyez une image PNG ou JPEG.'), { status: 415 });
    });
    await showCompany('manager', plain, { uploadCompanyLogo: upload as Call });
    await u.upload(picker(), png(LOGO_MAX_BYTES + 1));
    expect(screen.getByText('Fichier refusé')).toBeTruthy();
    expect(screen.getByText(/^Fichier trop volumineux\./)).toBeTruthy();
    await u.upload(picker(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByText(/^Type de fichier non accepté\. PNG ou JPEG/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer le logo' })).toBeNull();
    expect(upload).not.toHaveBeenCalled();

    await u.upload(picker(), png());
    await u.click(screen.getByRole('button', { name: 'Enregistrer le logo' }));
    expect(await screen.findByText('Le logo n’a pas été enregistré')).toBeTruthy();
    expect(screen.getByText('Type de fichier non accepté : envoyez une image PNG ou JPEG.')).toBeTruthy();
    // The file is kept: cancelling goes back to the initials.
    await u.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByText('Le logo n’a pas été enregistré')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Aperçu du nouveau logo' })).toBeNull();
  });

  it('removing asks first, then the initials come back', async () => {
    const u = userEvent.setup();
    const remove = vi.fn(async (_: { id: string }) => ({ message: 'Logo de l’entreprise supprimé.', data: { ...withLogo, logo: null } }));
    await showCompany('manager', withLogo, { deleteCompanyLogo: remove as Call });
    await u.click(screen.getByRole('button', { name: 'Retirer le logo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Retirer le logo ?' });
    expect(remove).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Retirer le logo' }));
    expect(await screen.findByText('Logo de l’entreprise supprimé.')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith({ id });
    expect(screen.queryByRole('img', { name: 'Logo de BTP Lyon Rénovation' })).toBeNull();
    expect(screen.getByText(/Pas encore de logo/)).toBeTruthy();
  });
});

describe('the brand colour in the company form', () => {
  it('refuses a malformed colour, saves a picked one lower-cased, and clears back to the house colour', async () => {
    const u = userEvent.setup();
    const update = vi.fn(async (input: { id: string; patch: { brandColor?: string | null } }) => ({
      message: 'Entreprise mise à jour.',
      data: { ...withLogo, brandColor: input.patch.brandColor ?? null },
    }));
    await showCompany('manager', withLogo, { updateCompany: update as Call });
    await u.click(screen.getByRole('button', { name: 'Modifier' }));
    const text = (await screen.findByLabelText('Couleur de la marque')) as HTMLInputElement;
    const picked = screen.getByLabelText('Choisir la couleur de la marque') as HTMLInputElement;
    expect(text.value).toBe('#c2410c');
    expect(picked.value).toBe('#c2410c');
    expect(screen.getByText(/colore les titres.*export Word/)).toBeTruthy();

    await u.clear(text);
    await u.type(text, '#12345');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Saisissez une couleur au format #rrvvbb, par exemple #1f6feb.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(update).not.toHaveBeenCalled();

    fireEvent.input(picked, { target: { value: '#1f6feb' } });
    expect(text.value).toBe('#1f6feb');
    await u.clear(text);
    await u.type(text, '#0A7F3C');
    expect(picked.value).toBe('#0a7f3c');
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Entreprise mise à jour.')).toBeTruthy();
    expect(update.mock.calls[0]![0].patch.brandColor).toBe('#0a7f3c');
    expect(screen.getByText('Couleur de la marque : #0a7f3c')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'Modifier' }));
    await u.click(await screen.findByRole('button', { name: 'Utiliser la couleur maison' }));
    expect((screen.getByLabelText('Couleur de la marque') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/gardent la couleur maison/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Couleur de la marque : Couleur maison');
    expect(update.mock.calls[1]![0].patch.brandColor).toBeNull();
  });
});

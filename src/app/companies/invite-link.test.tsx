import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { invites } from '../../ui/admin/admin-fixtures';
import type { InviteRow } from '../../ui/admin/admin-types';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
  vi.restoreAllMocks();
});

const manager = users.manager;
// Two pending invitations: one the signed-in manager sent, one a colleague sent.
const mine: InviteRow = { ...invites[0]!, _id: 'b1000000-0000-4000-8000-000000000001', email: 'lea.petit@btp-lyon.fr', invitedBy: { _id: manager._id, username: manager.username } };
const theirs: InviteRow = { ...invites[0]!, _id: 'b1000000-0000-4000-8000-000000000002', email: 'marc.roux@btp-lyon.fr', invitedBy: { _id: 'f0000000-0000-4000-8000-000000000009', username: 'Autre Gérant' } };
const page = <T,>(items: T[]) => ({ items, count: items.length, totalPages: 1 });
const link = 'http://localhost:8080/employee/sign-up?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

async function showPage(getInviteLink: (input: { id: string }) => Promise<{ message: string; data: { link: string } }>) {
  const operations = fakeOperations(
    { current: manager },
    {
      listCompanyUsers: fromPromise(async () => page([])),
      listInvites: fromPromise(async () => page([mine, theirs])),
      getInviteLink: fromPromise(({ input }) => getInviteLink(input as { id: string })),
    },
  );
  await renderApp({ path: '/company/users', who: 'manager', operations });
  return within(await screen.findByRole('table', { name: 'Invitations' }, { timeout: 10_000 }));
}

describe('copying the link of an invitation (a server without SMTP)', () => {
  it('is offered on the manager’s own pending invitations only, and puts the link in the clipboard', async () => {
    const u = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const getInviteLink = vi.fn(async () => ({ message: '', data: { link } }));
    const table = await showPage(getInviteLink);
    expect(table.queryByRole('button', { name: /Copier le lien.*marc\.roux/ })).toBeNull();
    await u.click(table.getByRole('button', { name: /Copier le lien.*lea\.petit/ }));
    expect(await screen.findByText("Lien d'invitation copié. Transmettez-le à lea.petit@btp-lyon.fr.")).toBeTruthy();
    expect(getInviteLink).toHaveBeenCalledWith({ id: mine._id });
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('shows the server’s refusal (the link went by email), and the link itself when the clipboard is refused', async () => {
    const u = userEvent.setup();
    const refused = Object.assign(new Error("Ce lien a été envoyé par e-mail et n'est pas conservé. Renvoyez l'invitation si la personne ne l'a pas reçu."), { status: 409 });
    const table = await showPage(async () => {
      throw refused;
    });
    await u.click(table.getByRole('button', { name: /Copier le lien.*lea\.petit/ }));
    expect(await screen.findByText(/envoyé par e-mail et n'est pas conservé/)).toBeTruthy();
    cleanup();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const again = await showPage(async () => ({ message: '', data: { link } }));
    await u.click(again.getByRole('button', { name: /Copier le lien.*lea\.petit/ }));
    expect(await screen.findByText(`Le lien n'a pas pu être copié : ${link}`)).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { camille, emails, invites, julie, lyon } from '../../ui/admin/admin-fixtures';
import type { ListQuery } from '../../machines/list.machine';

// The pages wired to their operations: what they ask the server, and what they do with the answers.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const page = <T,>(items: T[]) => ({ items, count: items.length, totalPages: 1 });

describe('admin users page', () => {
  it('asks for users, confirms a role change, sends it and reloads the list', async () => {
    const u = userEvent.setup();
    const listUsers = vi.fn(async (_: ListQuery<{ role: string; companyId: string }>) => page([camille, julie]));
    const updateUserRole = vi.fn(async ({ id, role }: { id: string; role: string }) => ({ message: 'Rôle modifié.', data: { ...julie, _id: id, role } }));
    const operations = fakeOperations(
      { current: users.admin },
      {
        listUsers: fromPromise(({ input }) => listUsers(input as ListQuery<{ role: string; companyId: string }>)),
        listCompanyNames: fromPromise(async () => ({ message: '', data: [{ _id: lyon._id, name: lyon.name }] })),
        updateUserRole: fromPromise(({ input }) => updateUserRole(input as { id: string; role: string })),
      },
    );
    await renderApp({ path: '/users', who: 'admin', operations });
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    expect(listUsers).toHaveBeenCalledWith({ page: 1, search: '', filters: { role: '', companyId: '' } });
    await u.selectOptions(within(table).getByLabelText('Rôle de Julie Bernard'), 'manager');
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Changer le rôle' }));
    expect(await screen.findByText('Rôle modifié.')).toBeTruthy();
    expect(updateUserRole).toHaveBeenCalledWith({ id: julie._id, role: 'manager' });
    expect(listUsers).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a failed action stays in the dialog with the server message', async () => {
    const u = userEvent.setup();
    const operations = fakeOperations(
      { current: users.admin },
      {
        listUsers: fromPromise(async () => page([camille])),
        listCompanyNames: fromPromise(async () => ({ message: '', data: [] })),
        setUserActive: fromPromise(async () => {
          throw { message: 'Utilisateur introuvable.', status: 404 };
        }),
      },
    );
    await renderApp({ path: '/users', who: 'admin', operations });
    await u.click(await screen.findByRole('button', { name: 'Désactiver Camille Martin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Désactiver ce compte ?' });
    await u.click(within(dialog).getByRole('button', { name: 'Désactiver' }));
    expect(await within(dialog).findByText('Utilisateur introuvable.')).toBeTruthy();
  });
});

describe('company users page', () => {
  it('manager: members of their company, invitations, and an invitation sent', async () => {
    const u = userEvent.setup();
    const listCompanyUsers = vi.fn(async (_: ListQuery<{ companyId: string }>) => page([camille, julie]));
    const createInvite = vi.fn(async (input: { email: string; role: string }) => ({ message: `Invitation envoyée à ${input.email}.`, data: invites[0]! }));
    const operations = fakeOperations(
      { current: users.manager },
      {
        listCompanyUsers: fromPromise(({ input }) => listCompanyUsers(input as ListQuery<{ companyId: string }>)),
        listInvites: fromPromise(async () => page(invites)),
        createInvite: fromPromise(({ input }) => createInvite(input as { email: string; role: string })),
      },
    );
    await renderApp({ path: '/company/users', who: 'manager', operations });
    expect(await screen.findByRole('table', { name: 'Invitations' })).toBeTruthy();
    expect(listCompanyUsers.mock.calls[0]![0].filters).toEqual({ companyId: users.manager.company._id });
    await u.type(screen.getByLabelText('Adresse e-mail'), 'lea@btp-lyon.fr');
    await u.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await screen.findByText('Invitation envoyée à lea@btp-lyon.fr.')).toBeTruthy();
    expect(createInvite).toHaveBeenCalledWith({ email: 'lea@btp-lyon.fr', role: 'employee' });
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('');
  });

  it('employee: the members only; invitations are never asked for', async () => {
    const listInvites = vi.fn(async () => page(invites));
    const operations = fakeOperations(
      { current: users.employee },
      { listCompanyUsers: fromPromise(async () => page([camille, julie])), listInvites: fromPromise(listInvites) },
    );
    await renderApp({ path: '/company/users', who: 'employee', operations });
    expect(await screen.findByRole('table', { name: 'Membres' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Invitations' })).toBeNull();
    expect(listInvites).not.toHaveBeenCalled();
  });
});

describe('company page', () => {
  it('an unknown company shows the not-found view', async () => {
    const operations = fakeOperations(
      { current: users.manager },
      {
        getCompany: fromPromise(async () => {
          throw { message: 'Entreprise introuvable.', status: 404 };
        }),
      },
    );
    await renderApp({ path: `/companies/${lyon._id}`, who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: 'Entreprise introuvable', level: 1 })).toBeTruthy();
  });
});

describe('dashboard page', () => {
  it('admin: platform counts and the five latest emails', async () => {
    const listOutboxEmails = vi.fn(async (_: ListQuery<{ kind: string; perPage: string }>) => page(emails));
    const operations = fakeOperations(
      { current: users.admin },
      {
        getDashboardSummary: fromPromise(async () => ({ message: '', data: { role: 'admin', emailVerified: true, platform: { users: 12, companies: 3, pendingInvites: 1, outboxEmails: 2 } } })),
        listOutboxEmails: fromPromise(({ input }) => listOutboxEmails(input as ListQuery<{ kind: string; perPage: string }>)),
      },
    );
    await renderApp({ path: '/dashboard', who: 'admin', operations });
    expect(await screen.findByRole('table', { name: 'Derniers e-mails' })).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(listOutboxEmails.mock.calls[0]![0].filters).toEqual({ kind: '', perPage: '5' });
  });
});

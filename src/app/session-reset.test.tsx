import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import type { Profile } from '../machines/types';
import { fakeOperations, renderApp, users } from './app-test-harness';
import { createResetRegistry } from './session-reset';

describe('reset registry', () => {
  it('runs every registered reset and bumps the generation; unregistered resets are left alone', () => {
    const registry = createResetRegistry();
    const cleared: string[] = [];
    registry.register(() => cleared.push('list'));
    const unregister = registry.register(() => cleared.push('gone'));
    unregister();
    let notified = 0;
    registry.subscribe(() => (notified += 1));
    registry.resetAll();
    expect(cleared).toEqual(['list']);
    expect(registry.generation()).toBe(1);
    expect(notified).toBe(1);
  });
});

describe('sign-out then sign-in as someone else', () => {
  it('shows nothing of the first user: header, menu and the page data they loaded', async () => {
    const a = users.manager;
    const b = users.employee;
    const accounts: { current: Profile | null; byEmail: Record<string, Profile> } = { current: null, byEmail: { [a.primaryEmail]: a, [b.primaryEmail]: b } };
    // The server answers A's own page for A only; for B it never answers, so anything of A on screen would be a leftover.
    const getUser = fromPromise(async ({ input }: { input: { id: string } }) => {
      if (accounts.current?._id !== a._id || input.id !== a._id) return new Promise<never>(() => {});
      return { message: '', data: { ...a, active: true, emailVerified: true } };
    });
    const app = await renderApp({ path: '/sign-in', who: 'anonymous', operations: fakeOperations(accounts, { getUser }) });
    const user = userEvent.setup();

    const signIn = async (email: string) => {
      await user.type(await screen.findByLabelText('Adresse e-mail', {}, { timeout: 4000 }), email);
      await user.type(screen.getByLabelText('Mot de passe'), 'a-long-password');
      await user.click(screen.getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(app.current()).toBe('/dashboard'), { timeout: 8000 });
    };

    await signIn(a.primaryEmail);
    act(() => app.location.navigate(`/users/${a._id}`));
    await waitFor(() => expect(within(document.querySelector('main')!).getAllByText(a.primaryEmail).length).toBeGreaterThan(0), { timeout: 4000 });
    // A manager sees the company part of the menu.
    expect(screen.getAllByRole('link', { name: "Fiche de l'entreprise" }).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Menu du profil' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(app.current()).toBe('/sign-in'), { timeout: 4000 });
    expect(document.body.textContent).not.toContain(a.username);
    // Not even A's address in the sign-in form.
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('');

    await signIn(b.primaryEmail);
    act(() => app.location.navigate(`/users/${a._id}`));
    await waitFor(() => expect(app.current()).toBe(`/users/${a._id}`));
    // A status of the page (its loading or its answer), not the app's live region, which is always there.
    await waitFor(() => expect(screen.getAllByRole('status').filter((element) => element.dataset.testid !== 'announcer')).not.toHaveLength(0), { timeout: 4000 });
    expect(document.body.textContent).not.toContain(a.primaryEmail);
    expect(document.body.textContent).not.toContain(a.username);
    expect(document.body.textContent).toContain(b.username);
  }, 20_000);
});

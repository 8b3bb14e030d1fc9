import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';

// The full-screen mémoire editor has no side menu: it offers its own way back (issue 24).
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

describe('the full-screen assisted writing page', () => {
  it('links back to its tender and to the tenders list', { timeout: 20_000 }, async () => {
    const ID = tenderJeanMoulin._id;
    const operations = fakeOperations({ current: users.manager }, { getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })), listMemories: fromPromise(async () => ({ memories: [], frames: [] })) });
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations });
    const back = await screen.findByRole('navigation', { name: 'Retour' }, { timeout: 15_000 });
    expect(within(back).getByRole('link', { name: "Retour à la fiche de l'appel d'offres" }).getAttribute('href')).toBe(`/tenders/${ID}`);
    expect(within(back).getByRole('link', { name: "Appels d'offres" }).getAttribute('href')).toBe('/company/tenders');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { potentialGymnase, potentialJeanMoulin } from '../../ui/tenders/tender-fixtures';
import type { PotentialRow } from '../../ui/tenders/tender-types';

// The potential tenders page wired to the verdict operations (issue 13): every answer reloads
// the list from the server, a call set aside can be taken back at once, or restored later.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

type Query = { filters: { hidden: string } };
type Verdict = { id: string; verdict: 'relevant' | 'not_relevant'; reason?: string };

/** A server keeping the company's verdicts: hidden calls leave the default list. */
function server(rows: PotentialRow[], who: 'manager' | 'employee' = 'manager') {
  const verdicts = new Map<string, { verdict: Verdict['verdict']; reason: string }>();
  const listPotentialTenders = vi.fn(async ({ filters }: Query) => {
    const hidden = filters.hidden === 'true';
    const items = rows.filter((r) => (verdicts.get(r._id)?.verdict === 'not_relevant') === hidden).map((r) => ({ ...r, feedback: verdicts.get(r._id) ?? null }));
    const hiddenCount = [...verdicts.values()].filter((v) => v.verdict === 'not_relevant').length;
    return { items, count: items.length, totalPages: items.length ? 1 : 0, extra: { hiddenCount } };
  });
  const setFeedback = vi.fn(async ({ id, verdict, reason }: Verdict) => {
    verdicts.set(id, { verdict, reason: reason ?? '' });
    return { message: 'Votre avis est enregistré.', data: null };
  });
  const deleteFeedback = vi.fn(async ({ id }: { id: string }) => {
    verdicts.delete(id);
    return { message: 'Votre avis est retiré.', data: null };
  });
  const operations = fakeOperations(
    { current: users[who] },
    {
      listPotentialTenders: fromPromise(({ input }) => listPotentialTenders(input as Query)),
      setTenderCallFeedback: fromPromise(({ input }) => setFeedback(input as Verdict)),
      deleteTenderCallFeedback: fromPromise(({ input }) => deleteFeedback(input as { id: string })),
    },
  );
  return { operations, listPotentialTenders, setFeedback, deleteFeedback };
}

const title = potentialJeanMoulin.tenderCall.title;
const rowOf = (table: HTMLElement, text: string) => within(table).queryByText(text)?.closest('tr') ?? null;

describe('potential tenders page: verdicts', () => {
  it('sets a call aside with its reason, takes it back, restores it from the hidden list; "Pertinent" toggles', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const { operations, listPotentialTenders, setFeedback, deleteFeedback } = server([{ ...potentialJeanMoulin }, { ...potentialGymnase }]);
    await renderApp({ path: '/potential-tenders', who: 'manager', operations });
    const table = await screen.findByRole('table', { name: "Appels d'offres potentiels" }, { timeout: 15_000 });
    const row = await waitFor(() => rowOf(table, title)!);

    await u.click(within(row).getByRole('button', { name: 'Pertinent' }));
    expect(setFeedback).toHaveBeenLastCalledWith({ id: potentialJeanMoulin._id, verdict: 'relevant', reason: undefined });
    await waitFor(() => expect(within(rowOf(screen.getByRole('table'), title)!).getByRole('button', { name: 'Pertinent' }).getAttribute('aria-pressed')).toBe('true'));
    await u.click(within(rowOf(screen.getByRole('table'), title)!).getByRole('button', { name: 'Pertinent' }));
    expect(deleteFeedback).toHaveBeenLastCalledWith({ id: potentialJeanMoulin._id });
    await waitFor(() => expect(within(rowOf(screen.getByRole('table'), title)!).getByRole('button', { name: 'Pertinent' }).getAttribute('aria-pressed')).toBe('false'));

    await u.click(within(rowOf(screen.getByRole('table'), title)!).getByRole('button', { name: 'Pas pertinent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pourquoi cet appel n’est-il pas pertinent ?' });
    await u.click(within(dialog).getByRole('button', { name: 'Montant trop faible' }));
    await u.click(within(dialog).getByRole('button', { name: 'Écarter l’appel' }));
    expect(setFeedback).toHaveBeenLastCalledWith({ id: potentialJeanMoulin._id, verdict: 'not_relevant', reason: 'Montant trop faible' });
    await waitFor(() => expect(rowOf(screen.getByRole('table'), title)).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('1 appel écarté')).toBeTruthy();

    // "Annuler" takes it back.
    await u.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(deleteFeedback).toHaveBeenLastCalledWith({ id: potentialJeanMoulin._id });
    await waitFor(() => expect(rowOf(screen.getByRole('table'), title)).not.toBeNull());
    expect((await screen.findAllByText('Votre avis est retiré.')).length).toBeGreaterThan(0);
    expect(screen.queryByText('1 appel écarté')).toBeNull();

    // Set aside again, then found in the hidden list and restored from there.
    await u.click(within(rowOf(screen.getByRole('table'), title)!).getByRole('button', { name: 'Pas pertinent' }));
    const again = await screen.findByRole('dialog');
    await u.type(within(again).getByRole('textbox', { name: 'Raison' }), 'Pas notre métier');
    await u.click(within(again).getByRole('button', { name: 'Écarter l’appel' }));
    await u.click(await screen.findByRole('button', { name: 'Afficher : 1 appel écarté' }));
    await waitFor(() => expect(listPotentialTenders).toHaveBeenLastCalledWith(expect.objectContaining({ filters: expect.objectContaining({ hidden: 'true' }) })));
    const hidden = await screen.findByRole('table', { name: 'Appels écartés' });
    const hiddenRow = await waitFor(() => rowOf(hidden, title)!);
    expect(within(hiddenRow).getByText('Écarté : Pas notre métier')).toBeTruthy();
    await u.click(within(hiddenRow).getByRole('button', { name: `Rétablir ${title}` }));
    expect(await screen.findByText('Aucun appel écarté')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Revenir aux appels potentiels' }));
    await waitFor(() => expect(rowOf(screen.getByRole('table'), title)).not.toBeNull());
  });

  it("shows the server's refusal of a reason in its dialog", { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const { operations, setFeedback } = server([{ ...potentialJeanMoulin }], 'employee');
    setFeedback.mockImplementationOnce(async () => {
      throw { message: 'La raison compte 500 caractères au plus.', status: 400 };
    });
    await renderApp({ path: '/potential-tenders', who: 'employee', operations });
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const row = await waitFor(() => rowOf(table, title)!);
    await u.click(within(row).getByRole('button', { name: 'Pas pertinent' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Hors de notre zone' }));
    await u.click(within(dialog).getByRole('button', { name: 'Écarter l’appel' }));
    expect(await within(dialog).findByText('La raison compte 500 caractères au plus.')).toBeTruthy();
    // The call stays in the list (behind the dialog, hidden from the accessibility tree).
    expect(rowOf(screen.getByRole('table', { hidden: true }), title)).not.toBeNull();
    // Another reason: the old refusal goes; this one is saved.
    await u.click(within(dialog).getByRole('button', { name: 'Pas notre métier' }));
    expect(within(dialog).queryByText('La raison compte 500 caractères au plus.')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Écarter l’appel' }));
    expect(setFeedback).toHaveBeenLastCalledWith({ id: potentialJeanMoulin._id, verdict: 'not_relevant', reason: 'Pas notre métier' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('1 appel écarté')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

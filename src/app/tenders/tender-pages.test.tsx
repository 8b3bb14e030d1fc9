import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { doneAnalysis, history, members } from '../../ui/cctp-analyses/cctp-fixtures';
import type { Profile } from '../../machines/types';
import type { Tender } from '../../ui/tenders/TenderDetailsView';

// The tender details page and the guarded tender pages wired to their operations.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const ID = tenderJeanMoulin._id;
type Patch = { answeredLots?: number[]; responseStep?: number; status?: string };

function tenderOperations(
  tender: Tender,
  updateTender: (input: { id: string; patch: Patch }) => Promise<unknown>,
  reopenTender?: (input: { id: string; reason: string }) => Promise<unknown>,
  current: Profile = users.manager,
  more: Parameters<typeof fakeOperations>[1] = {},
) {
  const getTender = vi.fn(async (_: { id: string }) => ({ message: '', data: tender }));
  const getHistory = vi.fn(async () => ({ message: '', data: [{ _id: 'h1', from: null, to: tender.status, changedAt: tender.createdAt, changedBy: null, reason: null }] }));
  const operations = fakeOperations(
    { current },
    {
      getTender: fromPromise(({ input }) => getTender(input as { id: string })),
      getTenderStatusHistory: fromPromise(() => getHistory()),
      getTenderLots: fromPromise(async () => ({ message: '', data: { lots: tender.tenderCall.lots.map((l) => ({ ...l, answered: tender.answeredLots.includes(l.number) })), tenderCall: tender.tenderCall, company: tender.company } })),
      updateTender: fromPromise(({ input }) => updateTender(input as { id: string; patch: Patch })),
      ...(reopenTender ? { reopenTender: fromPromise(({ input }) => reopenTender(input as { id: string; reason: string })) } : {}),
      ...more,
    },
  );
  return { operations, getTender, getHistory };
}

describe('tender details page', () => {
  // The first render of the file loads the lazy layout and page modules.
  it('loads the tender, starts the response once confirmed, shows the saved status and reloads the history', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const notStarted: Tender = { ...tenderJeanMoulin, status: 'not_started', responseStep: 0 };
    const updateTender = vi.fn(async ({ patch }: { id: string; patch: Patch }) => ({ message: 'Statut mis à jour.', data: { ...notStarted, ...patch } }));
    const { operations, getTender, getHistory } = tenderOperations(notStarted, updateTender);
    await renderApp({ path: `/tenders/${ID}`, who: 'manager', operations });
    await screen.findByRole('heading', { level: 1, name: 'Réhabilitation énergétique du groupe scolaire Jean-Moulin' }, { timeout: 15_000 });
    expect(getTender).toHaveBeenCalledWith({ id: ID });
    await u.click(screen.getByRole('button', { name: 'Démarrer la réponse' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer de « Non démarré » à « En cours » ?' });
    expect(updateTender).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Démarrer la réponse' }));
    expect(await screen.findByText('Statut mis à jour.')).toBeTruthy();
    expect(updateTender).toHaveBeenCalledWith({ id: ID, patch: { status: 'in_progress' } });
    await waitFor(() => expect(getHistory).toHaveBeenCalledTimes(2));
    // Now in progress: the next statuses, and the analysis pages open.
    const group = screen.getByRole('group', { name: 'Changer le statut' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Marquer comme déposé', 'Mettre en attente', 'Non conforme']);
    expect(screen.getByRole('link', { name: 'Analyse du DCE' }).getAttribute('href')).toBe(`/tender/dce-analyse/${ID}`);
  });

  it('a decision is sent only once confirmed; a 409 stays in the dialog with the server message', async () => {
    const u = userEvent.setup();
    const submitted: Tender = { ...tenderJeanMoulin, status: 'submitted' };
    const updateTender = vi.fn(async () => {
      throw { message: "Ce changement de statut n'est pas possible depuis le statut actuel.", status: 409 };
    });
    const { operations } = tenderOperations(submitted, updateTender);
    await renderApp({ path: `/tenders/${ID}`, who: 'manager', operations });
    await u.click(await screen.findByRole('button', { name: 'Gagné' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer de « Déposé » à « Gagné » ?' });
    expect(updateTender).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Gagné' }));
    expect(await within(dialog).findByText("Ce changement de statut n'est pas possible depuis le statut actuel.")).toBeTruthy();
    expect(updateTender).toHaveBeenCalledTimes(1);
    await u.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a manager reopens a submitted tender with a reason: sent through reopenTender, the stepper back at the submission step', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const submitted: Tender = { ...tenderJeanMoulin, status: 'submitted', responseStep: 6 };
    const reopenTender = vi.fn(async (_: { id: string; reason: string }) => ({ message: 'Le dossier est de nouveau en cours.', data: { ...submitted, status: 'in_progress', responseStep: 5 } }));
    const { operations, getHistory } = tenderOperations(submitted, vi.fn(), reopenTender);
    await renderApp({ path: `/tenders/${ID}`, who: 'manager', operations });
    await u.click(await screen.findByRole('button', { name: 'Rouvrir le dossier' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rouvrir ce dossier déposé ?' });
    // Without a reason nothing is sent, and the field says why.
    await u.click(within(dialog).getByRole('button', { name: 'Rouvrir le dossier' }));
    expect(await within(dialog).findByText('Indiquez pourquoi le dossier déposé est rouvert.')).toBeTruthy();
    expect(reopenTender).not.toHaveBeenCalled();
    await u.type(within(dialog).getByRole('textbox', { name: 'Raison de la réouverture' }), ' Erreur dans le bordereau ');
    await u.click(within(dialog).getByRole('button', { name: 'Rouvrir le dossier' }));
    expect(await screen.findByText('Le dossier est de nouveau en cours.')).toBeTruthy();
    expect(reopenTender).toHaveBeenCalledWith({ id: ID, reason: 'Erreur dans le bordereau' });
    await waitFor(() => expect(getHistory).toHaveBeenCalledTimes(2));
    expect(within(screen.getByRole('group', { name: 'Changer le statut' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Marquer comme déposé', 'Mettre en attente', 'Non conforme']);
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain("Déposer l'offre");
  });

  it('an employee is not offered the reopening', { timeout: 20_000 }, async () => {
    const { operations } = tenderOperations({ ...tenderJeanMoulin, status: 'submitted' }, vi.fn(), undefined, users.employee);
    await renderApp({ path: `/tenders/${ID}`, who: 'employee', operations });
    const group = await screen.findByRole('group', { name: 'Changer le statut' }, { timeout: 5000 });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Gagné', 'Perdu', 'Non conforme']);
  });

  it('saves the lots answered and the response step through updateTender', async () => {
    const u = userEvent.setup();
    const updateTender = vi.fn(async ({ patch }: { id: string; patch: Patch }) => ({ message: 'Appel d’offres mis à jour.', data: { ...tenderJeanMoulin, ...patch } }));
    const { operations } = tenderOperations(tenderJeanMoulin, updateTender);
    await renderApp({ path: `/tenders/${ID}`, who: 'manager', operations });
    await u.click(await screen.findByRole('checkbox', { name: 'Lot 3 : Chauffage, ventilation' }, { timeout: 5000 }));
    await waitFor(() => expect(updateTender).toHaveBeenCalledWith({ id: ID, patch: { answeredLots: [1, 2, 3] } }));
    await waitFor(() => expect(screen.getByText('3 lot(s) sur 3 retenu(s) pour la réponse')).toBeTruthy());
    await u.click(screen.getByRole('button', { name: 'Étape suivante' }));
    await waitFor(() => expect(updateTender).toHaveBeenCalledWith({ id: ID, patch: { responseStep: 3 } }));
  });

  it("another company's tender (404) shows the not-found page", async () => {
    const operations = fakeOperations(
      { current: users.employee },
      {
        getTender: fromPromise(async () => {
          throw { message: "Cet appel d'offres est introuvable.", status: 404 };
        }),
      },
    );
    await renderApp({ path: `/tenders/${ID}`, who: 'employee', operations });
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" })).toBeTruthy();
  });
});

describe('guarded tender pages', () => {
  it('a not_started tender sends the user to its details page, replacing the address', async () => {
    const { operations } = tenderOperations({ ...tenderJeanMoulin, status: 'not_started' }, vi.fn());
    const app = await renderApp({ path: `/tender/chat/${ID}`, who: 'manager', operations });
    await waitFor(() => expect(app.current()).toBe(`/tenders/${ID}`));
    expect(app.location.history).not.toContain(`/tender/chat/${ID}`);
    expect(await screen.findByRole('button', { name: 'Démarrer la réponse' })).toBeTruthy();
  });

  it('the CCTP page takes the tender id, opens the newest analysis, and a covered requirement updates the coverage', async () => {
    const u = userEvent.setup();
    const update = vi.fn(async (input: { reqId: string; status?: string }) => ({
      message: 'Exigence mise à jour.',
      data: { ...doneAnalysis.requirements.find((r) => r._id === input.reqId)!, status: input.status as 'covered' },
    }));
    const { operations, getTender } = tenderOperations(tenderJeanMoulin, vi.fn(), undefined, users.employee, {
      listCctpAnalyses: fromPromise(async () => ({ message: '', data: { history: [history.done], current: doneAnalysis } })),
      listCompanyMembers: fromPromise(async () => ({ message: '', data: members })),
      updateCctpRequirement: fromPromise(({ input }) => update(input as { reqId: string; status?: string })),
    });
    await renderApp({ path: `/tender/cctp-analyse/${ID}`, who: 'employee', operations });
    expect(await screen.findByText('3 exigences traitées sur 11 (27 %)')).toBeTruthy();
    expect(getTender).toHaveBeenCalledWith({ id: ID });
    expect(screen.getByRole('heading', { level: 1, name: 'Réhabilitation énergétique du groupe scolaire Jean-Moulin' })).toBeTruthy();
    const row = screen.getByRole('listitem', { name: 'Vitesse de structuration : ≥ 10 cm²/min' });
    await u.click(within(row).getByRole('button', { name: 'Couverte' }));
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: doneAnalysis._id, reqId: doneAnalysis.requirements[4]!._id, status: 'covered' }));
    expect(await screen.findByText('4 exigences traitées sur 11 (36 %)')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Couverte' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('assisted writing opens full screen, without the side menu', async () => {
    const { operations } = tenderOperations(tenderJeanMoulin, vi.fn(), undefined, users.employee, { listMemories: fromPromise(async () => ({ memories: [], frames: [] })) });
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'employee', operations });
    expect(await screen.findByRole('heading', { level: 2, name: 'Rédaction du mémoire technique' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /menu/i })).toBeNull();
  });

  it('a tender that cannot be read shows the not-found page; DCE analysis stays closed to employees', async () => {
    const operations = fakeOperations(
      { current: users.manager },
      {
        getTender: fromPromise(async () => {
          throw { message: "Cet appel d'offres est introuvable.", status: 404 };
        }),
      },
    );
    await renderApp({ path: `/tender/dce-analyse/${ID}`, who: 'manager', operations });
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" })).toBeTruthy();
    cleanup();
    const app = await renderApp({ path: `/tender/dce-analyse/${ID}`, who: 'employee' });
    await waitFor(() => expect(app.current()).toBe('/not-found'));
  });
});

describe('company tenders list', () => {
  it('opens filtered on the status named in the address (the dashboard pipeline links there)', async () => {
    const list = vi.fn(async (_: unknown) => ({ items: [], count: 0, totalPages: 0 }));
    const operations = fakeOperations({ current: users.manager }, { listMyCompanyTenders: fromPromise(({ input }) => list(input)) });
    await renderApp({ path: '/company/tenders?status=submitted', who: 'manager', operations });
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(list.mock.calls[0]![0]).toMatchObject({ filters: { status: 'submitted' } });
    expect((await screen.findByRole('combobox', { name: 'Statut' })).textContent).toContain('Déposé');
  });
});

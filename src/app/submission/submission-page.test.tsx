import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { depositedSubmission, insuranceDocument, preparingSubmission, readySubmission, submissionTenderId, urssafDocument, withInsurance } from '../../machines/submission.fixtures';
import type { DepositInput, SetPieceInput, Submission } from '../../machines/submission.machine';
import type { ListQuery } from '../../machines/list.machine';

// The submission folder page wired to its operations: /tenders/:tenderId/submission.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

type VaultQuery = ListQuery<{ companyId: string; kind: string; validity: string }>;

function submissionOperations(who: 'manager' | 'employee', folder: Submission) {
  const getSubmission = vi.fn(async (_: { tenderId: string }) => folder);
  const setSubmissionPiece = vi.fn(async (_: SetPieceInput) => ({ message: 'Pièce ajoutée au dossier.', data: withInsurance }));
  const clearSubmissionPiece = vi.fn(async () => ({ message: 'Pièce retirée du dossier.', data: preparingSubmission }));
  const depositSubmission = vi.fn(async (_: DepositInput) => ({ message: 'Dépôt enregistré : le dossier est figé tel que déposé.', data: depositedSubmission }));
  const listCompanyDocuments = vi.fn(async ({ filters }: VaultQuery) => {
    const items = [insuranceDocument, urssafDocument].filter((doc) => doc.kind === filters.kind);
    return { items, count: items.length, totalPages: 1 };
  });
  const operations = fakeOperations(
    { current: users[who] },
    {
      getSubmission: fromPromise(({ input }) => getSubmission(input as { tenderId: string })),
      setSubmissionPiece: fromPromise(({ input }) => setSubmissionPiece(input as SetPieceInput)),
      clearSubmissionPiece: fromPromise(() => clearSubmissionPiece()),
      depositSubmission: fromPromise(({ input }) => depositSubmission(input as DepositInput)),
      listCompanyDocuments: fromPromise(({ input }) => listCompanyDocuments(input as VaultQuery)),
    },
  );
  return { operations, getSubmission, setSubmissionPiece, depositSubmission, listCompanyDocuments };
}

const pieceCard = (code: string) => document.querySelector<HTMLElement>(`[data-piece="${code}"]`)!;

describe('submission folder page', () => {
  it('an employee takes the insurance certificate from the vault and uploads the AE; each answer shows the new folder; no deposit', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { operations, getSubmission, setSubmissionPiece, listCompanyDocuments } = submissionOperations('employee', preparingSubmission);
    await renderApp({ path: `/tenders/${submissionTenderId}/submission`, who: 'employee', operations });
    await screen.findByRole('heading', { level: 1, name: 'Dossier de réponse' }, { timeout: 15_000 });
    expect(document.title).toBe('Soumissio — Dossier de réponse');
    expect(getSubmission).toHaveBeenCalledWith({ tenderId: submissionTenderId });
    // The vault of the employee's company, one call per kind the pieces take.
    await waitFor(() => expect(listCompanyDocuments.mock.calls.map(([query]) => query.filters.kind)).toEqual(['kbis', 'urssaf', 'insurance']));
    expect(listCompanyDocuments.mock.calls[0]![0].filters.companyId).toBe(users.employee.company._id);

    const insurance = within(pieceCard('INSURANCE'));
    await user.selectOptions(await insurance.findByRole('combobox', { name: /Choisir dans le coffre-fort/ }), insuranceDocument._id);
    await user.click(insurance.getByRole('button', { name: 'Utiliser ce document' }));
    expect(setSubmissionPiece).toHaveBeenCalledWith({ tenderId: submissionTenderId, code: 'INSURANCE', companyDocumentId: insuranceDocument._id });
    await waitFor(() => expect(within(pieceCard('INSURANCE')).getByText('Conforme')).toBeTruthy());
    expect(screen.getByText('Pièce ajoutée au dossier.').getAttribute('aria-live')).toBe('polite');

    const file = new File(['%PDF-1.7'], 'AE signé.pdf', { type: 'application/pdf' });
    await user.upload(within(pieceCard('AE')).getByLabelText(/Déposer un fichier/), file);
    await waitFor(() => expect(setSubmissionPiece).toHaveBeenLastCalledWith({ tenderId: submissionTenderId, code: 'AE', file }));

    expect(screen.getByText('Le dépôt est enregistré par un responsable de l’entreprise.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer le dépôt' })).toBeNull();
  });

  it('a manager records the deposit with its acknowledgement: the record replaces the button and takes the focus', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { operations, depositSubmission } = submissionOperations('manager', readySubmission);
    await renderApp({ path: `/tenders/${submissionTenderId}/submission`, who: 'manager', operations });
    await screen.findByText('Prêt à déposer', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le dépôt' });
    const ack = new File(['%PDF-1.7'], 'AR PLACE.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Choisir l'accusé de réception/), ack);
    const date = within(dialog).getByLabelText('Date du dépôt');
    await user.clear(date);
    await user.type(date, '2026-12-14');
    const time = within(dialog).getByLabelText(/Heure du dépôt/);
    await user.clear(time);
    await user.type(time, '10:42');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(depositSubmission).toHaveBeenCalledWith({ tenderId: submissionTenderId, depositedAt: '2026-12-14T09:42:00.000Z', acknowledgement: ack });
    const record = await screen.findByRole('heading', { level: 2, name: 'Dépôt enregistré' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(record));
    expect(screen.getByText('Dépôt enregistré : le dossier est figé tel que déposé.')).toBeTruthy();
    expect(screen.getByText('Déposé')).toBeTruthy();
    expect(screen.queryByLabelText(/Déposer un fichier/)).toBeNull();
  });
});

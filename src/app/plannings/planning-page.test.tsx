import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import type { Planning } from '../../machines/planning.machine';
import type { GanttChartProps } from '../../ui/plannings/GanttChart';

// The planning page wired to its statechart and operations (the chart itself needs a browser).
vi.mock('../../ui/plannings/GanttChart', () => ({
  default: ({ label }: GanttChartProps) => <div role="group" aria-label={label} />,
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const ID = tenderJeanMoulin._id;
const planning = (tasks: Planning['tasks']): Planning => ({
  _id: 'p1',
  tenderId: ID,
  companyId: tenderJeanMoulin.company._id,
  tasks,
  keyDates: { questionsDeadline: null, siteVisitDate: null, submissionDeadline: tenderJeanMoulin.tenderCall.submissionDeadline },
  version: 1,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
});

function planningOperations(overrides: Record<string, unknown>) {
  return fakeOperations(
    { current: users.manager },
    {
      getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })),
      ...overrides,
    },
  );
}

describe('planning page', () => {
  it('offers to start a planning on planning-not_found, creates it and shows "saved" for 2 s only', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const created = planning([{ _id: 't1', name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-27', done: false, milestone: false }]);
    const createPlanning = vi.fn(async (_: unknown) => ({ message: 'Planning créé.', data: created }));
    const operations = planningOperations({
      getTenderPlanning: fromPromise(async () => {
        throw { message: "Cet appel d'offres n'a pas encore de planning.", msgType: 'planning-not_found', status: 404 };
      }),
      createPlanning: fromPromise(({ input }) => createPlanning(input)),
    });
    await renderApp({ path: `/tenders/${ID}/planning`, who: 'manager', operations });
    await screen.findByRole('heading', { name: "Cet appel d'offres n'a pas encore de planning" }, { timeout: 15_000 });
    // The not-found answer is the empty state, not an error.
    expect(screen.queryByRole('alert')).toBeNull();
    for (const box of screen.getAllByRole('checkbox')) if ((box as HTMLInputElement).checked) await u.click(box);
    await u.type(screen.getByLabelText('Tâche'), 'Analyse du DCE');
    await u.type(screen.getByLabelText('Début'), '2026-11-24');
    await u.type(screen.getByLabelText('Fin'), '2026-11-27');
    await u.click(screen.getByRole('button', { name: 'Créer le planning' }));
    expect(createPlanning).toHaveBeenCalledWith({ tenderId: ID, tasks: [{ name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-27', done: false, milestone: false }] });
    const table = await screen.findByRole('table', { name: 'Tâches du planning, dans l’ordre' });
    expect(within(table).getByText('Analyse du DCE')).toBeTruthy();
    expect(screen.getByText('Planning créé.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Planning créé.')).toBeNull(), { timeout: 3000 });
  });

  it('keeps the list and shows the refusal when a write fails', async () => {
    const u = userEvent.setup();
    const loaded = planning([{ _id: 't1', name: 'Chiffrage', startDate: '2026-11-30', endDate: '2026-12-04', done: false, milestone: false }]);
    const operations = planningOperations({
      getTenderPlanning: fromPromise(async () => ({ message: '', data: loaded })),
      deletePlanningTask: fromPromise(async () => {
        throw { message: "Cette tâche n'existe pas ou a été supprimée.", msgType: 'planning-task_not_found', status: 404 };
      }),
    });
    await renderApp({ path: `/tenders/${ID}/planning`, who: 'manager', operations });
    await u.click(await screen.findByRole('button', { name: 'Supprimer « Chiffrage »' }, { timeout: 5000 }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toContain("Cette tâche n'existe pas ou a été supprimée.");
    expect(within(screen.getByRole('table', { name: 'Tâches du planning, dans l’ordre' })).getByText('Chiffrage')).toBeTruthy();
  });
});

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './PlanningView.stories';
import type { GanttChartProps } from './GanttChart';

// jsdom draws no SVG layout: the chart is replaced by its accessible frame and the bars' names.
vi.mock('./GanttChart', () => ({
  default: ({ label, tasks }: GanttChartProps) => (
    <div role="group" aria-label={label}>
      {tasks.map((task) => task.name).join(', ')}
    </div>
  ),
}));

beforeAll(() => {
  setProjectAnnotations(preview);
});
// The stories' spies (storybook's fn) are shared between tests: each test counts its own calls.
beforeEach(() => {
  for (const value of Object.values(stories.default.args)) (value as { mockClear?: () => void }).mockClear?.();
});

const Planning = composeStories(stories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

describe('the planning view', () => {
  it('lists the tasks in order with their days written the French way, and draws the chart', async () => {
    show(<Planning.Ready />);
    const table = await screen.findByRole('table', { name: 'Tâches du planning, dans l’ordre' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Analyse du DCE',
      'Visite de siteJalon',
      'Rédaction du mémoire technique',
      'Chiffrage',
      'Relecture et signature',
      'Dépôt sur la plateformeJalon',
    ]);
    expect(within(rows[0]!).getByText('23/11/2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('26/11/2026')).toBeTruthy();
    expect((within(rows[0]!).getByRole('checkbox', { name: '« Analyse du DCE » est faite' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole('group', { name: 'Diagramme de Gantt du planning' })).toBeTruthy();
  });

  it('suggests only the key dates that are not milestones yet, each addable in one click', async () => {
    const u = userEvent.setup();
    show(<Planning.Ready />);
    const card = screen.getByRole('heading', { name: 'Dates clés' }).closest('section')!;
    expect(within(card).getByText('Date limite des questions')).toBeTruthy();
    expect(within(card).queryByText('Visite de site')).toBeNull();
    expect(within(card).queryByText('Remise des offres')).toBeNull();
    await u.click(within(card).getByRole('button', { name: 'Ajouter « Date limite des questions » comme jalon' }));
    expect(Planning.Ready.args.onAddTask).toHaveBeenCalledWith({ name: 'Date limite des questions', startDate: '2026-12-03', endDate: '2026-12-03', done: false, milestone: true });
  });

  it('adds all the missing key dates at once through the whole-list update, keeping the tasks', async () => {
    const u = userEvent.setup();
    show(<Planning.NoTasks />);
    await u.click(screen.getByRole('button', { name: 'Ajouter toutes les dates clés' }));
    expect(Planning.NoTasks.args.onReplaceTasks).toHaveBeenCalledWith([
      { name: 'Visite de site', startDate: '2026-11-29', endDate: '2026-11-29', done: false, milestone: true },
      { name: 'Date limite des questions', startDate: '2026-12-03', endDate: '2026-12-03', done: false, milestone: true },
      { name: 'Remise des offres', startDate: '2026-12-11', endDate: '2026-12-11', done: false, milestone: true },
    ]);
  });

  it('refuses an end before the start in the add form, then adds a valid task', async () => {
    const u = userEvent.setup();
    show(<Planning.Ready />);
    const form = screen.getByRole('form', { name: 'Ajouter une tâche' });
    await u.type(within(form).getByLabelText('Tâche'), 'Chiffrage du lot 2');
    await u.type(within(form).getByLabelText('Début'), '2026-12-04');
    await u.type(within(form).getByLabelText('Fin'), '2026-12-01');
    await u.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
    expect(within(form).getByText('La date de fin ne peut pas précéder la date de début.')).toBeTruthy();
    expect(Planning.Ready.args.onAddTask).not.toHaveBeenCalled();
    await u.clear(within(form).getByLabelText('Fin'));
    await u.type(within(form).getByLabelText('Fin'), '2026-12-08');
    await u.click(within(form).getByRole('button', { name: 'Ajouter la tâche' }));
    expect(Planning.Ready.args.onAddTask).toHaveBeenCalledWith({ name: 'Chiffrage du lot 2', startDate: '2026-12-04', endDate: '2026-12-08', done: false, milestone: false });
  });

  it('counts a task name\'s characters against the 200 allowed and says when the limit is reached (issue 24)', async () => {
    const u = userEvent.setup();
    show(<Planning.Ready />);
    const form = screen.getByRole('form', { name: 'Ajouter une tâche' });
    const name = within(form).getByLabelText('Tâche');
    expect(name.getAttribute('aria-describedby')).toBeTruthy();
    await u.type(name, 'Chiffrage');
    expect(within(form).getByText('9 / 200 caractères')).toBeTruthy();
    await u.clear(name);
    await u.click(name);
    await u.paste('x'.repeat(250));
    expect((name as HTMLInputElement).value).toHaveLength(200);
    expect(within(form).getByText("200 / 200 caractères : limite atteinte, la suite n'est pas prise")).toBeTruthy();
  });

  it('edits a task inline and ticks one as done through the single-task update', async () => {
    const u = userEvent.setup();
    show(<Planning.Ready />);
    await u.click(screen.getByRole('button', { name: 'Modifier « Chiffrage »' }));
    const form = screen.getByRole('form', { name: 'Modifier « Chiffrage »' });
    await u.clear(within(form).getByLabelText('Tâche'));
    await u.type(within(form).getByLabelText('Tâche'), 'Chiffrage DPGF');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(Planning.Ready.args.onUpdateTask).toHaveBeenCalledWith('t4', { name: 'Chiffrage DPGF', startDate: '2026-11-27', endDate: '2026-12-07', milestone: false });
    await u.click(screen.getByRole('checkbox', { name: '« Relecture et signature » est faite' }));
    expect(Planning.Ready.args.onUpdateTask).toHaveBeenLastCalledWith('t5', { done: true });
  });

  it('deletes a task only once confirmed', async () => {
    const u = userEvent.setup();
    show(<Planning.Ready />);
    await u.click(screen.getByRole('button', { name: 'Supprimer « Chiffrage »' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette tâche ?' });
    expect(Planning.Ready.args.onDeleteTask).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(Planning.Ready.args.onDeleteTask).toHaveBeenCalledWith('t4');
  });

  it('shows the success message while the flag is set and a refused save without losing the list', () => {
    show(<Planning.Saved />);
    expect(screen.getByRole('status').textContent).toContain('Tâche mise à jour.');
    show(<Planning.SaveRefused />);
    expect(screen.getByRole('alert').textContent).toContain('La date de fin ne peut pas précéder la date de début.');
    expect(screen.getAllByRole('row')).toHaveLength(7);
  });

  it('shows a lost update: what the other user saved, what the user changed, and the two ways out', async () => {
    const u = userEvent.setup();
    show(<Planning.Conflict />);
    const notice = screen.getByRole('region', { name: 'Ce planning a changé entre-temps' });
    expect(within(notice).getByRole('alert').textContent).toContain("Quelqu'un a modifié ce planning depuis que vous l'avez ouvert");
    const lists = within(notice).getAllByRole('list');
    expect(within(lists[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ajoutée : Réunion de lancement', 'Modifiée : Chiffrage']);
    expect(within(lists[1]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Ajoutée : Visite de site', 'Ajoutée : Date limite des questions', 'Supprimée : Relecture et signature']);
    // The list is not edited further until the choice is made.
    expect(screen.getByRole('button', { name: 'Supprimer « Chiffrage »' }).hasAttribute('disabled')).toBe(true);
    await u.click(within(notice).getByRole('button', { name: 'Réappliquer mes changements et enregistrer' }));
    expect(Planning.Conflict.args.onConflictMerge).toHaveBeenCalledTimes(1);
    await u.click(within(notice).getByRole('button', { name: 'Reprendre la version enregistrée' }));
    expect(Planning.Conflict.args.onConflictReload).toHaveBeenCalledTimes(1);
  });

  it('starts a planning with a first task and the ticked key dates', async () => {
    const u = userEvent.setup();
    show(<Planning.Empty />);
    expect(screen.getByRole('heading', { name: "Cet appel d'offres n'a pas encore de planning" })).toBeTruthy();
    await u.click(screen.getByRole('checkbox', { name: 'Date limite des questions — 03/12/2026' }));
    await u.type(screen.getByLabelText('Tâche'), 'Analyse du DCE');
    await u.type(screen.getByLabelText('Début'), '2026-11-24');
    await u.type(screen.getByLabelText('Fin'), '2026-11-27');
    await u.click(screen.getByRole('button', { name: 'Créer le planning' }));
    expect(Planning.Empty.args.onCreate).toHaveBeenCalledWith([
      { name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-27', done: false, milestone: false },
      { name: 'Visite de site', startDate: '2026-11-29', endDate: '2026-11-29', done: false, milestone: true },
      { name: 'Remise des offres', startDate: '2026-12-11', endDate: '2026-12-11', done: false, milestone: true },
    ]);
  });
});

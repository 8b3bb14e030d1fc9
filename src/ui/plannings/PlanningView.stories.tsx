import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import type { PlanningTask } from '../../machines/planning.machine';
import type { KeyDate } from '../../machines/planning-rules';
import { PlanningView } from './PlanningView';

const task = (id: string, name: string, startDate: string, endDate: string, extra: Partial<PlanningTask> = {}): PlanningTask => ({ _id: id, name, startDate, endDate, done: false, milestone: false, ...extra });

/** A response planning as a bid manager draws it (the demo seed's shape). */
export const planningTasks: PlanningTask[] = [
  task('t1', 'Analyse du DCE', '2026-11-23', '2026-11-26', { done: true }),
  task('t2', 'Visite de site', '2026-11-29', '2026-11-29', { milestone: true }),
  task('t3', 'Rédaction du mémoire technique', '2026-11-27', '2026-12-07'),
  task('t4', 'Chiffrage', '2026-11-27', '2026-12-07'),
  task('t5', 'Relecture et signature', '2026-12-08', '2026-12-09'),
  task('t6', 'Dépôt sur la plateforme', '2026-12-11', '2026-12-11', { milestone: true }),
];
export const keyDates: KeyDate[] = [
  { kind: 'visit', day: '2026-11-29' },
  { kind: 'questions', day: '2026-12-03' },
  { kind: 'submission', day: '2026-12-11' },
];

const meta = {
  title: 'Views/Planning',
  component: PlanningView,
  args: {
    tender: { state: 'loaded', id: 'tender-1', reference: '26-101245', title: 'Réhabilitation thermique du groupe scolaire Jean-Moulin' },
    planning: { state: 'ready', tasks: planningTasks, saving: false, error: null, success: null },
    keyDates,
    onRetryTender: fn(),
    onRetry: fn(),
    onCreate: fn(),
    onAddTask: fn(),
    onReplaceTasks: fn(),
    onUpdateTask: fn(),
    onDeleteTask: fn(),
    onConflictReload: fn(),
    onConflictMerge: fn(),
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof PlanningView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const TenderLoading: Story = { args: { tender: { state: 'loading' } } };
export const TenderError: Story = { args: { tender: { state: 'failure', error: 'Erreur interne du serveur. Réessayez dans un instant.' } } };
export const Loading: Story = { args: { planning: { state: 'loading' } }, parameters: { machineStates: ['planning.loading'] } };
export const LoadError: Story = { args: { planning: { state: 'failure', error: 'Aucune réponse du serveur.' } }, parameters: { machineStates: ['planning.loadFailure'] } };
/** No planning yet: the key dates are offered as milestones, ticked. */
export const Empty: Story = { args: { planning: { state: 'empty', creating: false, error: null } }, parameters: { machineStates: ['planning.empty.idle'] } };
export const Creating: Story = { args: { planning: { state: 'empty', creating: true, error: null } }, parameters: { machineStates: ['planning.empty.creating'] } };
export const CreateRefused: Story = { args: { planning: { state: 'empty', creating: false, error: 'La date de fin ne peut pas précéder la date de début.' } } };
/** The planning: every key date is a milestone already but the questions deadline. */
export const Ready: Story = { parameters: { machineStates: ['planning.ready.edit.idle', 'planning.ready.notice.quiet'] } };
export const NoTasks: Story = { args: { planning: { state: 'ready', tasks: [], saving: false, error: null, success: null } } };
/** A write under way (whole list, one task added, one changed, one deleted): the controls wait. */
export const Saving: Story = {
  args: { planning: { state: 'ready', tasks: planningTasks, saving: true, error: null, success: null } },
  parameters: { machineStates: ['planning.ready.edit.updating', 'planning.ready.edit.addingTask', 'planning.ready.edit.updatingTask', 'planning.ready.edit.deletingTask'] },
};
/** For 2 s after a successful write. */
export const Saved: Story = {
  args: { planning: { state: 'ready', tasks: planningTasks, saving: false, error: null, success: 'Tâche mise à jour.' } },
  parameters: { machineStates: ['planning.ready.notice.success'] },
};
export const SaveRefused: Story = { args: { planning: { state: 'ready', tasks: planningTasks, saving: false, error: 'La date de fin ne peut pas précéder la date de début.', success: null } } };
/** A whole-list save refused because someone saved first (lost update): both sides' changes, take theirs or merge. */
export const Conflict: Story = {
  args: {
    planning: {
      state: 'ready',
      tasks: planningTasks,
      saving: true,
      error: "Quelqu'un a modifié ce planning depuis que vous l'avez ouvert : rien n'a été enregistré. Comparez ses changements aux vôtres.",
      success: null,
      conflict: {
        theirs: { added: ['Réunion de lancement'], removed: [], changed: ['Chiffrage'] },
        mine: { added: ['Visite de site', 'Date limite des questions'], removed: ['Relecture et signature'], changed: [] },
      },
    },
  },
  parameters: { machineStates: ['planning.ready.edit.conflict'] },
};

import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowLeft, CalendarPlus, Diamond, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import type { PlanningTask, PlanningTaskInput, PlanningTaskUpdates } from '../../machines/planning.machine';
import { TASK_NAME_MAX } from '../../../rules/planning';
import { missingKeyDates, taskProblem, type KeyDate, type TaskDraft, type TaskProblem } from '../../machines/planning-rules';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Checkbox } from '../components/Checkbox';
import { ConflictNotice } from '../components/ConflictNotice';
import { ConfirmDialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { Skeleton } from '../components/Skeleton';
import { WidgetBoundary } from '../components/WidgetBoundary';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { localeOf } from '../format';
import { PageHeading } from '../components/ListFrame';
import { TenderLoadState, type TenderHeader } from '../tenders/TenderLoadState';
import { LoadFailed } from '../components/LoadFailed';

// The chart and its library are fetched only when a planning with tasks is shown.
const GanttChart = lazy(() => import('./GanttChart'));

export type PlanningViewProps = {
  tender: TenderHeader;
  planning:
    | { state: 'loading' }
    | { state: 'failure'; error: string }
    | { state: 'empty'; creating: boolean; error: string | null }
    | { state: 'ready'; tasks: PlanningTask[]; saving: boolean; error: string | null; success: string | null; conflict?: PlanningConflictView | null };
  /** The call's key dates (questions, site visit, submission), suggested as milestones. */
  keyDates: KeyDate[];
  onRetryTender: () => void;
  onRetry: () => void;
  onCreate: (tasks: PlanningTaskInput[]) => void;
  onAddTask: (task: PlanningTaskInput) => void;
  /** Several tasks at the end at once: the whole list is sent (the spec's update). */
  onReplaceTasks: (tasks: PlanningTaskInput[]) => void;
  onUpdateTask: (taskId: string, updates: PlanningTaskUpdates) => void;
  onDeleteTask: (taskId: string) => void;
  /** A whole-list save refused because someone saved first: take their planning… */
  onConflictReload: () => void;
  /** …or reapply the user's changes onto it and save again. */
  onConflictMerge: () => void;
};

/** Task names by kind of change. */
export type TaskChanges = { added: string[]; removed: string[]; changed: string[] };
/** A lost update: what the other user saved and what the user's refused list changed, both since the list it was drawn from. */
export type PlanningConflictView = { theirs: TaskChanges; mine: TaskChanges };

/** A calendar day as the user's language writes it (fr: 23/11/2026). */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const EMPTY_DRAFT: TaskDraft = { name: '', startDate: '', endDate: '', milestone: false };

const asInput = (draft: TaskDraft): PlanningTaskInput => ({
  name: draft.name.trim(),
  startDate: draft.startDate,
  endDate: draft.milestone ? draft.startDate : draft.endDate,
  done: false,
  milestone: draft.milestone,
});

/** A key date as the milestone task it suggests. */
const milestoneOf = (date: KeyDate, name: string): PlanningTaskInput => ({ name, startDate: date.day, endDate: date.day, done: false, milestone: true });

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' });

export function PlanningView(props: PlanningViewProps) {
  const { t } = useTranslation();
  const { tender } = props;
  if (tender.state !== 'loaded') return <TenderLoadState tender={tender} contentLabel={t('planning-loading')} errorTitle={t('planning-tender_error')} onRetry={props.onRetryTender} />;
  return (
    <div className={stack}>
      <Link href={`/tenders/${tender.id}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg.muted', fontSize: 'sm', alignSelf: 'flex-start' })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('planning-back')}
      </Link>
      <PageHeading title={t('planning-title')} description={`${tender.reference} · ${tender.title}`} />
      <PlanningBody {...props} />
    </div>
  );
}

function PlanningBody(props: PlanningViewProps) {
  const { t } = useTranslation();
  const { planning } = props;
  if (planning.state === 'loading') return <Skeleton lines={6} label={t('planning-loading')} widths={['100%', '96%', '88%', '94%', '82%', '90%']} />;
  if (planning.state === 'failure') {
    return (
      <LoadFailed title={t('planning-load_error')} message={planning.error} onRetry={props.onRetry} />
    );
  }
  if (planning.state === 'empty') return <StartPlanning {...props} creating={planning.creating} error={planning.error} />;
  return <ReadyPlanning {...props} planning={planning} />;
}

/** No planning yet: the key dates, ticked, and an optional first task. */
function StartPlanning(props: PlanningViewProps & { creating: boolean; error: string | null }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(props.keyDates.map((date) => date.kind)));
  const [draft, setDraft] = useState<TaskDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<TaskProblem | null>(null);
  const hasDraft = draft.name.trim() !== '' || draft.startDate !== '' || draft.endDate !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = hasDraft ? taskProblem(draft) : null;
    setProblem(found);
    if (found) return;
    const milestones = props.keyDates.filter((date) => chosen.has(date.kind)).map((date) => milestoneOf(date, t(`planning-key_${date.kind}`)));
    props.onCreate([...(hasDraft ? [asInput(draft)] : []), ...milestones]);
  };

  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('planning-empty_title')}</CardTitle>
        <CardDescription>{t('planning-empty_text')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} noValidate className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          {props.error ? <Alert status="error" title={t('planning-save_error')}>{props.error}</Alert> : null}
          <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{t('planning-key_dates')}</legend>
            {props.keyDates.map((date) => (
              <Checkbox
                key={date.kind}
                label={`${t(`planning-key_${date.kind}`)} — ${formatDay(date.day, i18n.language)}`}
                checked={chosen.has(date.kind)}
                disabled={props.creating}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(date.kind);
                  else next.delete(date.kind);
                  setChosen(next);
                }}
              />
            ))}
          </fieldset>
          <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{t('planning-first_task')}</legend>
            <TaskFields draft={draft} problem={problem} disabled={props.creating} onChange={setDraft} />
          </fieldset>
          <div>
            <Button type="submit" disabled={props.creating} aria-busy={props.creating || undefined}>
              <CalendarPlus size={16} aria-hidden="true" />
              {t('planning-create')}
            </Button>
          </div>
        </form>
      </CardBody>
    </CardRoot>
  );
}

/** Name, first day, last day and the milestone box of a task being written. */
function TaskFields({ draft, problem, disabled, onChange }: { draft: TaskDraft; problem: TaskProblem | null; disabled: boolean; onChange: (draft: TaskDraft) => void }) {
  const { t } = useTranslation();
  const errorOf = (field: TaskProblem['field']) => (problem?.field === field ? t(problem.key, { first: '01/01/2000', last: '31/12/2100', max: TASK_NAME_MAX }) : undefined);
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr' }, gap: '3', alignItems: 'start' })}>
      <TextField
        label={t('planning-task_name')}
        value={draft.name}
        maxLength={TASK_NAME_MAX}
        disabled={disabled}
        error={errorOf('name')}
        // The field stops at the limit (a paste is cut): the counter says so instead of silence.
        helperText={t(draft.name.length >= TASK_NAME_MAX ? 'planning-name_counter_full' : 'planning-name_counter', { count: draft.name.length, max: TASK_NAME_MAX })}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
      />
      <TextField
        type="date"
        label={t('planning-task_start')}
        value={draft.startDate}
        min="2000-01-01"
        max="2100-12-31"
        disabled={disabled}
        error={errorOf('startDate')}
        onChange={(e) => onChange({ ...draft, startDate: e.target.value, endDate: draft.milestone ? e.target.value : draft.endDate })}
      />
      <TextField
        type="date"
        label={t('planning-task_end')}
        value={draft.milestone ? draft.startDate : draft.endDate}
        min="2000-01-01"
        max="2100-12-31"
        disabled={disabled || draft.milestone}
        error={errorOf('endDate')}
        onChange={(e) => onChange({ ...draft, endDate: e.target.value })}
      />
      <div className={css({ gridColumn: { md: '1 / -1' } })}>
        <Checkbox label={t('planning-task_milestone')} checked={draft.milestone} disabled={disabled} onChange={(e) => onChange({ ...draft, milestone: e.target.checked, endDate: e.target.checked ? draft.startDate : draft.endDate })} />
      </div>
    </div>
  );
}

type Ready = Extract<PlanningViewProps['planning'], { state: 'ready' }>;

function ReadyPlanning(props: PlanningViewProps & { planning: Ready }) {
  const { t, i18n } = useTranslation();
  const { planning } = props;
  const tableId = useId();
  const [deleting, setDeleting] = useState<PlanningTask | null>(null);
  const missing = missingKeyDates(props.keyDates, planning.tasks);
  const milestoneName = (date: KeyDate) => t(`planning-key_${date.kind}`);

  const changeLines = (changes: TaskChanges) => [
    ...changes.added.map((name) => t('planning-conflict_added', { name })),
    ...changes.removed.map((name) => t('planning-conflict_removed', { name })),
    ...changes.changed.map((name) => t('planning-conflict_changed', { name })),
  ];

  return (
    <>
      {planning.conflict ? (
        <ConflictNotice
          title={t('planning-conflict_title')}
          text={`${planning.error ?? ''} ${t('planning-conflict_text')}`.trim()}
          sections={[
            { heading: t('planning-conflict_theirs'), lines: changeLines(planning.conflict.theirs) },
            { heading: t('planning-conflict_mine'), lines: changeLines(planning.conflict.mine) },
          ]}
          emptyLabel={t('planning-conflict_none')}
          reloadLabel={t('planning-conflict_reload')}
          mergeLabel={t('planning-conflict_merge')}
          onReload={props.onConflictReload}
          onMerge={props.onConflictMerge}
        />
      ) : null}
      {/* Kept in view under the header while the user works further down; "saved" goes away after 2 s. */}
      {planning.success || (planning.error && !planning.conflict) ? (
        <div className={css({ position: 'sticky', top: '16', zIndex: 'sticky', display: 'flex', flexDirection: 'column', gap: '2' })}>
          {planning.success ? <Alert status="success">{planning.success}</Alert> : null}
          {planning.error && !planning.conflict ? <Alert status="error" title={t('planning-save_error')}>{planning.error}</Alert> : null}
        </div>
      ) : null}
      {missing.length > 0 ? (
        <CardRoot>
          <CardHeader>
            <CardTitle>{t('planning-key_dates')}</CardTitle>
            <CardDescription>{t('planning-key_dates_text')}</CardDescription>
          </CardHeader>
          <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 })}>
              {missing.map((date) => (
                <li key={date.kind} className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
                  <span>
                    <strong>{milestoneName(date)}</strong> — {formatDay(date.day, i18n.language)}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={planning.saving}
                    aria-label={t('planning-add_key_date_named', { name: milestoneName(date) })}
                    onClick={() => props.onAddTask(milestoneOf(date, milestoneName(date)))}
                  >
                    <Diamond size={14} aria-hidden="true" />
                    {t('planning-add_key_date')}
                  </Button>
                </li>
              ))}
            </ul>
            {missing.length > 1 ? (
              <div>
                <Button
                  size="sm"
                  disabled={planning.saving}
                  onClick={() => props.onReplaceTasks([...planning.tasks.map(({ _id, name, startDate, endDate, done, milestone }) => ({ _id, name, startDate, endDate, done, milestone })), ...missing.map((date) => milestoneOf(date, milestoneName(date)))])}
                >
                  {t('planning-add_all_key_dates')}
                </Button>
              </div>
            ) : null}
          </CardBody>
        </CardRoot>
      ) : null}

      {planning.tasks.length > 0 ? (
        <CardRoot>
          <CardHeader>
            <CardTitle>{t('planning-chart_title')}</CardTitle>
            <CardDescription>{t('planning-chart_hint')}</CardDescription>
          </CardHeader>
          <CardBody>
            <WidgetBoundary title={t('planning-chart_error_title')} description={t('planning-chart_error_text')} retryLabel={t('page-retry')} resetKey={planning.tasks}>
              <Suspense fallback={<Skeleton lines={4} label={t('planning-chart_loading')} widths={['90%', '70%', '80%', '60%']} />}>
                <GanttChart
                  tasks={planning.tasks}
                  language={i18n.language}
                  label={t('planning-chart_label')}
                  describedBy={`${tableId}-caption`}
                  readOnly={planning.saving}
                  onDatesChange={(taskId, startDate, endDate) => props.onUpdateTask(taskId, { startDate, endDate })}
                />
              </Suspense>
            </WidgetBoundary>
          </CardBody>
        </CardRoot>
      ) : null}

      <section aria-labelledby={`${tableId}-caption`} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id={`${tableId}-caption`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('planning-tasks')}
        </h2>
        {planning.tasks.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>{t('planning-no_tasks')}</p>
        ) : (
          <Table caption={t('planning-tasks_caption')} busy={planning.saving}>
            <TableHead>
              <TableRow>
                <TableHeader>{t('planning-task_name')}</TableHeader>
                <TableHeader>{t('planning-task_start')}</TableHeader>
                <TableHeader>{t('planning-task_end')}</TableHeader>
                <TableHeader>{t('planning-task_done')}</TableHeader>
                <TableHeader>
                  <span className={css({ srOnly: true })}>{t('planning-actions')}</span>
                </TableHeader>
              </TableRow>
            </TableHead>
            <tbody>
              {planning.tasks.map((task) => (
                // Keyed by what the edit form changes: the server's answer closes the form, a refusal keeps the user's draft.
                <TaskRow key={`${task._id}|${task.name}|${task.startDate}|${task.endDate}|${task.milestone}`} task={task} saving={planning.saving} onUpdate={props.onUpdateTask} onDelete={() => setDeleting(task)} />
              ))}
            </tbody>
          </Table>
        )}
      </section>

      {/* A fresh form once the task is in the list; a refused one keeps what was typed. */}
      <AddTask key={planning.tasks.length} saving={planning.saving} onAdd={props.onAddTask} />

      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('planning-delete_title')}
        description={t('planning-delete_text', { name: deleting?.name ?? '' })}
        confirmLabel={t('planning-delete')}
        busy={false}
        error={null}
        onConfirm={() => {
          if (deleting) props.onDeleteTask(deleting._id);
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function TaskRow({ task, saving, onUpdate, onDelete }: { task: PlanningTask; saving: boolean; onUpdate: PlanningViewProps['onUpdateTask']; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<TaskDraft | null>(null);
  const [problem, setProblem] = useState<TaskProblem | null>(null);

  if (draft) {
    const save = (event: FormEvent) => {
      event.preventDefault();
      const found = taskProblem(draft);
      setProblem(found);
      if (found) return;
      const input = asInput(draft);
      const unchanged = input.name === task.name && input.startDate === task.startDate && input.endDate === task.endDate && input.milestone === task.milestone;
      if (unchanged) setDraft(null);
      else onUpdate(task._id, { name: input.name, startDate: input.startDate, endDate: input.endDate, milestone: input.milestone });
    };
    return (
      <TableRow>
        <TableCell colSpan={5}>
          <form onSubmit={save} noValidate aria-label={t('planning-edit_named', { name: task.name })} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <TaskFields draft={draft} problem={problem} disabled={saving} onChange={setDraft} />
            <div className={css({ display: 'flex', gap: '2' })}>
              <Button type="submit" size="sm" disabled={saving}>
                {t('planning-save')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDraft(null)}>
                {t('dialog-cancel')}
              </Button>
            </div>
          </form>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow>
      {/* A readable width for names on narrow screens: the table scrolls sideways rather than cutting words. */}
      <TableCell className={css({ minW: '44' })}>
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
          <span className={css({ fontWeight: 'medium', textDecoration: task.done ? 'line-through' : undefined, overflowWrap: 'break-word' })}>{task.name}</span>
          {task.milestone ? <Badge tone="warning">{t('planning-milestone')}</Badge> : null}
        </span>
      </TableCell>
      <TableCell className={css({ whiteSpace: 'nowrap' })}>{formatDay(task.startDate, i18n.language)}</TableCell>
      <TableCell className={css({ whiteSpace: 'nowrap' })}>{formatDay(task.endDate, i18n.language)}</TableCell>
      <TableCell>
        <input
          type="checkbox"
          aria-label={t('planning-done_named', { name: task.name })}
          checked={task.done}
          disabled={saving}
          onChange={(event) => onUpdate(task._id, { done: event.target.checked })}
          className={css({ w: '4', h: '4', accentColor: 'accent.default' })}
        />
      </TableCell>
      <TableCell>
        <span className={css({ display: 'inline-flex', gap: '1' })}>
          <Button
            size="icon"
            variant="ghost"
            disabled={saving}
            aria-label={t('planning-edit_named', { name: task.name })}
            onClick={() => {
              setProblem(null);
              setDraft({ name: task.name, startDate: task.startDate, endDate: task.endDate, milestone: task.milestone });
            }}
          >
            <Pencil size={16} aria-hidden="true" />
          </Button>
          <Button size="icon" variant="ghost" disabled={saving} aria-label={t('planning-delete_named', { name: task.name })} onClick={onDelete}>
            <Trash2 size={16} aria-hidden="true" />
          </Button>
        </span>
      </TableCell>
    </TableRow>
  );
}

function AddTask({ saving, onAdd }: { saving: boolean; onAdd: (task: PlanningTaskInput) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TaskDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<TaskProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = taskProblem(draft);
    setProblem(found);
    if (found) return;
    onAdd(asInput(draft));
  };
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle>{t('planning-add_title')}</CardTitle>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} noValidate aria-label={t('planning-add_title')} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <TaskFields draft={draft} problem={problem} disabled={saving} onChange={setDraft} />
          <div>
            <Button type="submit" disabled={saving}>
              <Plus size={16} aria-hidden="true" />
              {t('planning-add')}
            </Button>
          </div>
        </form>
      </CardBody>
    </CardRoot>
  );
}

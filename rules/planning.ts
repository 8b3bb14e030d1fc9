// The planning's rules for one task, those the contract's schema cannot say (docs/decisions.md,
// "Planning rules"). The server refuses a task that breaks them, naming each field in its error's
// details (server/domains/plannings/rules.ts); the form shows the first one before sending
// (src/machines/planning-rules.ts). Each issue is a catalogue key with its field and variables, for
// each side to word its own way.

/** The calendar the planning accepts (the contract's PlanningDate), in Paris days. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** The contract's PlanningTaskInput.name maxLength. */
export const TASK_NAME_MAX = 200;

export type PlanningTask = { name: string; startDate: string; endDate: string; milestone?: boolean };
export type TaskField = 'name' | 'startDate' | 'endDate';
export type TaskIssueKey = 'planning-name_required' | 'planning-name_length' | 'planning-date_out_of_range' | 'planning-end_before_start' | 'planning-milestone_one_day';
export type TaskIssue = { field: TaskField; key: TaskIssueKey; vars: Record<string, string | number> };

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const inCalendar = (value: string) => isCalendarDay(value) && value >= FIRST_DAY && value <= LAST_DAY;

/**
 * Every rule a task breaks, in the order the form names them: a name that is not only spaces and
 * fits, days inside the calendar, then an end not before the start, and a milestone on one day
 * (these two only once both days are valid).
 */
export function taskIssues(task: PlanningTask): TaskIssue[] {
  const issues: TaskIssue[] = [];
  const name = task.name.trim();
  if (!name) issues.push({ field: 'name', key: 'planning-name_required', vars: {} });
  else if (name.length > TASK_NAME_MAX) issues.push({ field: 'name', key: 'planning-name_length', vars: { max: TASK_NAME_MAX } });
  const startValid = inCalendar(task.startDate);
  const endValid = inCalendar(task.endDate);
  if (!startValid) issues.push({ field: 'startDate', key: 'planning-date_out_of_range', vars: { first: FIRST_DAY, last: LAST_DAY } });
  if (!endValid) issues.push({ field: 'endDate', key: 'planning-date_out_of_range', vars: { first: FIRST_DAY, last: LAST_DAY } });
  if (startValid && endValid) {
    if (task.endDate < task.startDate) issues.push({ field: 'endDate', key: 'planning-end_before_start', vars: {} });
    else if (task.milestone && task.endDate !== task.startDate) issues.push({ field: 'endDate', key: 'planning-milestone_one_day', vars: {} });
  }
  return issues;
}

import type { components } from '../../../openapi/schema';
import type { FieldIssue } from '../../http/error-handler';

type TaskInput = components['schemas']['PlanningTaskInput'];
export type TaskFields = Pick<TaskInput, 'name' | 'startDate' | 'endDate'> & { milestone?: boolean };

/** The calendar the planning accepts (the contract's PlanningDate). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The rules the schema cannot say, for one task as it will be stored: a name that is not only
 * spaces, days inside the calendar, an end not before the start, and a milestone on one day.
 * `at` prefixes the fields named in the details (e.g. "tasks.2").
 */
export function taskIssues(task: TaskFields, at: string): FieldIssue[] {
  const field = (name: string) => (at ? `${at}.${name}` : name);
  const issues: FieldIssue[] = [];
  if (!task.name.trim()) issues.push({ field: field('name'), key: 'planning-name_required', vars: {} });
  let datesValid = true;
  for (const name of ['startDate', 'endDate'] as const) {
    const value = task[name];
    if (!isCalendarDay(value) || value < FIRST_DAY || value > LAST_DAY) {
      issues.push({ field: field(name), key: 'planning-date_out_of_range', vars: { first: FIRST_DAY, last: LAST_DAY } });
      datesValid = false;
    }
  }
  if (datesValid && task.endDate < task.startDate) issues.push({ field: field('endDate'), key: 'planning-end_before_start', vars: {} });
  else if (datesValid && task.milestone && task.endDate !== task.startDate) issues.push({ field: field('endDate'), key: 'planning-milestone_one_day', vars: {} });
  return issues;
}

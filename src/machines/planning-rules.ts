// The planning's rules as the form checks them before sending: the same as the server's
// (server/domains/plannings/rules.ts), which stays the boundary. Days are Paris calendar days.

import { dayIn } from '../../rules/calendar';

export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

/** The contract's PlanningTaskInput.name maxLength: the input stops there and the rule says why. */
export const TASK_NAME_MAX = 200;

export type TaskDraft = { name: string; startDate: string; endDate: string; milestone: boolean };
/** An i18n key of the catalogue (the server's keys) and the field it concerns. */
export type TaskProblem = { field: 'name' | 'startDate' | 'endDate'; key: string };

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= FIRST_DAY && value <= LAST_DAY;
}

/** The first rule a draft breaks, or null when it may be sent. */
export function taskProblem(task: TaskDraft): TaskProblem | null {
  if (!task.name.trim()) return { field: 'name', key: 'planning-name_required' };
  if (task.name.trim().length > TASK_NAME_MAX) return { field: 'name', key: 'planning-name_length' };
  if (!isCalendarDay(task.startDate)) return { field: 'startDate', key: 'planning-date_out_of_range' };
  if (!isCalendarDay(task.endDate)) return { field: 'endDate', key: 'planning-date_out_of_range' };
  if (task.endDate < task.startDate) return { field: 'endDate', key: 'planning-end_before_start' };
  if (task.milestone && task.endDate !== task.startDate) return { field: 'endDate', key: 'planning-milestone_one_day' };
  return null;
}


export type KeyDateKind = 'questions' | 'visit' | 'submission';
export type KeyDate = { kind: KeyDateKind; day: string };
export type KeyDateSources = { questionsDeadline: string | null; siteVisitDate: string | null; submissionDeadline: string };

/** The call's key dates as Paris days, in the order of the calendar. */
export function keyDatesOf(sources: KeyDateSources): KeyDate[] {
  const dates: KeyDate[] = [];
  if (sources.questionsDeadline) dates.push({ kind: 'questions', day: dayIn(sources.questionsDeadline) });
  if (sources.siteVisitDate) dates.push({ kind: 'visit', day: dayIn(sources.siteVisitDate) });
  dates.push({ kind: 'submission', day: dayIn(sources.submissionDeadline) });
  return dates.sort((a, b) => a.day.localeCompare(b.day));
}

/** The key dates no milestone of the planning sits on yet: the ones worth suggesting. */
export function missingKeyDates(keyDates: KeyDate[], tasks: { startDate: string; milestone: boolean }[]): KeyDate[] {
  const milestoneDays = new Set(tasks.filter((task) => task.milestone).map((task) => task.startDate));
  return keyDates.filter((date) => !milestoneDays.has(date.day));
}

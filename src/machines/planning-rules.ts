// The planning's rules as the form checks them before sending (rules/planning.ts, which the server
// applies too and which stays the boundary), and the call's key dates the form offers as
// milestones. Days are Paris calendar days.

import { dayIn } from '../../rules/calendar';
import { taskIssues, type TaskIssue } from '../../rules/planning';

export type TaskDraft = { name: string; startDate: string; endDate: string; milestone: boolean };

/** The field and catalogue key the form shows; it words the variables itself (dates as the user reads them). */
export type TaskProblem = Pick<TaskIssue, 'field' | 'key'>;

/** The first rule a draft breaks, or null when it may be sent. */
export function taskProblem(task: TaskDraft): TaskProblem | null {
  const [first] = taskIssues(task);
  return first ? { field: first.field, key: first.key } : null;
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

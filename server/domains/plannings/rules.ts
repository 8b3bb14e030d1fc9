import type { FieldIssue } from '../../http/error-handler';
import { taskIssues as brokenRules, type PlanningTask } from '../../../rules/planning';

/**
 * The planning's rules (rules/planning.ts) as the error's details name them: every issue of one
 * task as it will be stored, each field prefixed with `at` (e.g. "tasks.2.endDate").
 */
export function taskIssues(task: PlanningTask, at: string): FieldIssue[] {
  return brokenRules(task).map((issue) => ({ ...issue, field: at ? `${at}.${issue.field}` : issue.field }));
}

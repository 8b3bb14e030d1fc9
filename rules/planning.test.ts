import { describe, expect, it } from 'vitest';
import { FIRST_DAY, LAST_DAY, TASK_NAME_MAX, taskIssues, type PlanningTask } from './planning';

const task = (fields: Partial<PlanningTask> = {}): PlanningTask => ({ name: 'Visite de site', startDate: '2026-03-02', endDate: '2026-03-06', milestone: false, ...fields });
const outOfRange = (field: 'startDate' | 'endDate') => ({ field, key: 'planning-date_out_of_range', vars: { first: FIRST_DAY, last: LAST_DAY } });

describe('taskIssues', () => {
  it('accepts a named task over real days, and a milestone on one day', () => {
    expect(taskIssues(task())).toEqual([]);
    expect(taskIssues(task({ startDate: '2026-03-06', milestone: true }))).toEqual([]);
    expect(taskIssues(task({ startDate: FIRST_DAY, endDate: LAST_DAY, milestone: undefined }))).toEqual([]);
  });

  it('wants a name that is not only spaces, within the contract length once trimmed', () => {
    expect(taskIssues(task({ name: '   ' }))).toEqual([{ field: 'name', key: 'planning-name_required', vars: {} }]);
    expect(taskIssues(task({ name: ` ${'x'.repeat(TASK_NAME_MAX)} ` }))).toEqual([]);
    expect(taskIssues(task({ name: 'x'.repeat(TASK_NAME_MAX + 1) }))).toEqual([{ field: 'name', key: 'planning-name_length', vars: { max: 200 } }]);
  });

  it('wants real calendar days between the first and the last day, each date named', () => {
    expect(taskIssues(task({ startDate: '2026-02-30' }))).toEqual([outOfRange('startDate')]);
    expect(taskIssues(task({ endDate: '2026-3-6' }))).toEqual([outOfRange('endDate')]);
    expect(taskIssues(task({ startDate: '1999-12-31', endDate: '2101-01-01' }))).toEqual([outOfRange('startDate'), outOfRange('endDate')]);
  });

  it('wants an end not before the start, and a milestone on one day, once both days are valid', () => {
    expect(taskIssues(task({ endDate: '2026-03-01' }))).toEqual([{ field: 'endDate', key: 'planning-end_before_start', vars: {} }]);
    expect(taskIssues(task({ milestone: true }))).toEqual([{ field: 'endDate', key: 'planning-milestone_one_day', vars: {} }]);
    // A milestone ending before it starts is named once, for the order of its days.
    expect(taskIssues(task({ endDate: '2026-03-01', milestone: true }))).toEqual([{ field: 'endDate', key: 'planning-end_before_start', vars: {} }]);
    expect(taskIssues(task({ startDate: '2026-02-30', endDate: '2026-01-01', milestone: true }))).toEqual([outOfRange('startDate')]);
  });

  it('names every broken rule, in the order the form shows them', () => {
    expect(taskIssues(task({ name: '', startDate: '2026-13-01' })).map((issue) => issue.key)).toEqual(['planning-name_required', 'planning-date_out_of_range']);
  });
});

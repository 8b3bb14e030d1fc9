// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_DAY, LAST_DAY, TASK_NAME_MAX, taskIssues, type TaskIssueKey } from '../../rules/planning';
import { loadContract } from '../../server/openapi/contract';

type Schemas = Record<string, { description?: string; properties?: Record<string, { maxLength?: number }> }>;
const schemas = () => (loadContract() as unknown as { components: { schemas: Schemas } }).components.schemas;
const catalogue = (language: 'fr' | 'en') => JSON.parse(readFileSync(`locales/${language}/translation.json`, 'utf8')) as Record<string, string>;

describe('the planning rules and the contract', () => {
  it('keep the calendar and the name length of the contract', () => {
    expect(schemas().PlanningDate!.description).toContain(`from ${FIRST_DAY} to ${LAST_DAY}`);
    expect(schemas().PlanningTaskInput!.properties!.name!.maxLength).toBe(TASK_NAME_MAX);
    expect(schemas().PlanningTaskUpdates!.properties!.name!.maxLength).toBe(TASK_NAME_MAX);
  });

  it('word every issue in both languages, with the variables it gives', () => {
    const issues = [
      ...taskIssues({ name: '', startDate: '2026-02-30', endDate: '2026-03-01' }),
      ...taskIssues({ name: 'x'.repeat(TASK_NAME_MAX + 1), startDate: '2026-03-02', endDate: '2026-03-01' }),
      ...taskIssues({ name: 'Remise des offres', startDate: '2026-03-02', endDate: '2026-03-03', milestone: true }),
    ];
    const keys: TaskIssueKey[] = ['planning-name_required', 'planning-name_length', 'planning-date_out_of_range', 'planning-end_before_start', 'planning-milestone_one_day'];
    expect(new Set(issues.map((issue) => issue.key))).toEqual(new Set(keys));
    for (const language of ['fr', 'en'] as const) {
      const messages = catalogue(language);
      for (const issue of issues) {
        const message = messages[issue.key];
        expect(message, `${language}: ${issue.key}`).toBeTruthy();
        expect([...message!.matchAll(/{{(\w+)}}/g)].map(([, name]) => name).sort(), `${language}: ${issue.key}`).toEqual(Object.keys(issue.vars).sort());
      }
    }
  });
});

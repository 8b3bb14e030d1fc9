import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { humaniseWait } from '../../server/http/error-handler';
import { labelKeys } from '../../server/http/field-labels';
import { catalogue } from '../../server/i18n';
import { loadContract, type Schema } from '../../server/openapi/contract';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

// Issue 10: a refusal names the field as the form does ("Nom de la tâche"), never by its path
// ("task.name"); the details keep the path so that the client can put the message under its input.

let ctx: TestContext;
let manager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, lang: string) =>
  ctx.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${manager.token}`, 'accept-language': lang } });

const task = (name: string) => ({ name, startDate: '2026-11-24', endDate: '2026-11-27' });

describe('a limit says how long to wait as people do', () => {
  it('in seconds under a minute, minutes rounded up, then hours (fr and en)', () => {
    expect(humaniseWait('fr', 895)).toBe('dans 15 minutes');
    expect(humaniseWait('en', 895)).toBe('in 15 minutes');
    expect(humaniseWait('fr', 40)).toBe('dans 40 secondes');
    expect(humaniseWait('en', 61)).toBe('in 2 minutes');
    expect(humaniseWait('fr', 3 * 3600)).toBe('dans 3 heures');
  });
});

describe('validation messages name fields by their label', () => {
  it('a task name over 200 characters: the label in fr and en, the path in details', async () => {
    const tender = await insertTender(ctx, manager.companyId!);
    const created = await send('POST', '/api/plannings', { tenderId: tender.id, tasks: [task('Analyse')] }, 'fr');
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { planning: { _id: string } }).planning._id;
    for (const [lang, msg] of [
      ['fr', 'Le champ « Nom de la tâche » doit contenir au plus 200 caractères.'],
      ['en', 'The field “Task name” must have at most 200 characters.'],
    ] as const) {
      const res = await send('POST', `/api/plannings/${id}/tasks`, { task: task('x'.repeat(201)) }, lang);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).msg).toBe(msg);
      expect(errorOf(res).details).toEqual([{ field: 'task.name', msg }]);
    }
  });

  it('an item of a list is named with its position, counted from 1', async () => {
    const tender = await insertTender(ctx, manager.companyId!);
    const res = await send('POST', '/api/plannings', { tenderId: tender.id, tasks: [task('Analyse'), task('Chiffrage'), task('y'.repeat(201))] }, 'fr');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: 'tasks.2.name', msg: 'Le champ « Nom de la tâche (n° 3) » doit contenir au plus 200 caractères.' }]);
  });

  it('every field of every request in the contract has a label in both languages', () => {
    const fields = new Set<string>();
    const walk = (schema: Schema | undefined, path: string) => {
      if (!schema || typeof schema !== 'object') return;
      for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const part of (schema[key] as Schema[] | undefined) ?? []) walk(part, path);
      for (const [name, sub] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
        const field = path ? `${path}.${name}` : name;
        fields.add(field);
        walk(sub, field);
      }
      if (schema.items) walk(schema.items as Schema, `${path}.0`);
    };
    for (const operations of Object.values(loadContract().paths)) {
      for (const operation of Object.values(operations)) {
        for (const media of Object.values(operation.requestBody?.content ?? {})) walk(media.schema, '');
        for (const parameter of operation.parameters ?? []) fields.add(parameter.name);
      }
    }
    expect(fields.size).toBeGreaterThan(50);
    for (const lng of ['fr', 'en'] as const) {
      const texts = catalogue(lng).texts;
      const missing = [...fields].filter((field) => !labelKeys(field).some((key) => key in texts));
      expect(missing, lng).toEqual([]);
    }
  });
});

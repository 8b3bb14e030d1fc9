// Inputs that used to reach the database or the date functions and end in a 500: each must be a
// 400 (or 415) with a localised message, refused before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { companies, companyDocuments, plannings, tenderCalls } from '../../server/db/schema';
import { createTestApp, createUser, errorOf, multipart, rowCount, type TestContext } from './context';
import { insertTender, pdf } from './documents-fixtures';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let tenderId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  manager = await createUser(ctx, 'manager');
  tenderId = (await insertTender(ctx, manager.companyId!)).id;
});
afterAll(async () => ctx?.close());

const call = (token: string, request: InjectOptions, lang = 'en') =>
  ctx.app.inject({ ...request, headers: { authorization: `Bearer ${token}`, 'accept-language': lang, ...request.headers } });

const callInput = (overrides: Record<string, unknown> = {}) => ({
  reference: `HOSTILE-${Math.random().toString(36).slice(2, 8)}`,
  title: 'Nettoyage des locaux',
  buyer: 'Ville de Grenoble',
  submissionDeadline: '2027-03-01T12:00:00Z',
  ...overrides,
});

/** A refusal in both languages: 400 with a msg from the catalogue, never the raw cause. */
async function expectRefused(token: string, request: InjectOptions, status = 400) {
  for (const lang of ['fr', 'en']) {
    const res = await call(token, request, lang);
    expect(res.statusCode, `${request.method} ${request.url} (${lang}): ${res.body}`).toBe(status);
    const body = errorOf(res);
    expect(body.msg).toBeTruthy();
    expect(body.msg).not.toMatch(/\{\{|[a-z]+-[a-z_]+$/);
    expect(body.msgType).toMatch(/^(common|validation)-/);
  }
}

describe('multipart bodies that the parser cannot read', () => {
  it('without a boundary: 400', async () => {
    await expectRefused(manager.token, {
      method: 'POST',
      url: `/api/companies/${manager.companyId}/documents`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'kind=kbis',
    });
    expect(await rowCount(ctx.db, companyDocuments)).toBe(0);
  });

  it('cut off in the middle of a part: 400, nothing stored', async () => {
    const form = multipart([{ name: 'kind', value: 'kbis' }, { name: 'title', value: 'Extrait Kbis' }, { name: 'file', filename: 'kbis.pdf', type: 'application/pdf', data: pdf() }]);
    const truncated = form.payload.subarray(0, form.payload.length - 60);
    await expectRefused(manager.token, { method: 'POST', url: `/api/companies/${manager.companyId}/documents`, headers: form.headers, payload: truncated });
    const fieldsOnly = multipart([{ name: 'username', value: 'Nouveau nom' }]);
    await expectRefused(manager.token, { method: 'PATCH', url: '/api/users/profile', headers: fieldsOnly.headers, payload: fieldsOnly.payload.subarray(0, fieldsOnly.payload.length - 10) });
    expect(await rowCount(ctx.db, companyDocuments)).toBe(0);
  });
});

describe('NUL bytes', () => {
  it('in a JSON body, at any depth: 400 naming the field', async () => {
    const res = await call(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ title: 'Nettoyage\u0000 des locaux' }) }, 'en');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.[0]?.field).toBe('title');
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ lots: [{ number: 1, title: 'Lot\u0000 1' }] }) });
    await expectRefused(manager.token, { method: 'POST', url: '/api/plannings', payload: { tenderId, tasks: [{ name: 'Visite\u0000', startDate: '2027-01-04', endDate: '2027-01-05' }] } });
    expect(await rowCount(ctx.db, tenderCalls)).toBe(1);
    expect(await rowCount(ctx.db, plannings)).toBe(0);
  });

  it('in a search, a path parameter or a form field: 400', async () => {
    await expectRefused(admin.token, { method: 'GET', url: '/api/users?search=a%00b' });
    await expectRefused(manager.token, { method: 'GET', url: `/api/companies/${manager.companyId}/users?search=%00` });
    await expectRefused(manager.token, { method: 'GET', url: '/api/invites/token/abc%00def' });
    const form = multipart([{ name: 'kind', value: 'kbis' }, { name: 'title', value: 'Kbis\u0000' }, { name: 'file', filename: 'kbis.pdf', type: 'application/pdf', data: pdf() }]);
    await expectRefused(manager.token, { method: 'POST', url: `/api/companies/${manager.companyId}/documents`, ...form });
    const named = multipart([{ name: 'kind', value: 'kbis' }, { name: 'title', value: 'Kbis' }, { name: 'file', filename: 'kb\u0000is.pdf', type: 'application/pdf', data: pdf() }]);
    await expectRefused(manager.token, { method: 'POST', url: `/api/companies/${manager.companyId}/documents`, ...named });
    expect(await rowCount(ctx.db, companyDocuments)).toBe(0);
  });
});

describe('path parameters declared on the path item', () => {
  it('are validated like the operation\'s own: a malformed task id is a 400, not a database error', async () => {
    await expectRefused(manager.token, { method: 'DELETE', url: '/api/plannings/x/tasks/y' });
    await expectRefused(manager.token, { method: 'PATCH', url: `/api/plannings/${tenderId}/tasks/%00`, payload: { name: 'Visite' } });
  });
});

describe('addresses the router refuses', () => {
  it.each([
    ['a broken %-escape', '/api/users/%E0%A4%A', 400],
    ['a path segment over 100 characters', `/api/users/${'x'.repeat(200)}`, 414],
  ])('%s: a localised refusal with the security headers', async (_, url, status) => {
    await expectRefused(manager.token, { method: 'GET', url }, status);
    const res = await call(manager.token, { method: 'GET', url });
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('page numbers', () => {
  it.each(['1e20', 'Infinity', '-Infinity', 'NaN', '9007199254740993', '1.5'])('page=%s: 400', async (page) => {
    await expectRefused(admin.token, { method: 'GET', url: `/api/companies?page=${page}` });
    await expectRefused(manager.token, { method: 'GET', url: `/api/tenders/my-company?page=${page}` });
  });

  it('the largest page a list can have still answers (empty)', async () => {
    const res = await call(admin.token, { method: 'GET', url: '/api/companies?page=1000000&perPage=100' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ companies: [] });
  });
});

describe('dates that are not on the calendar', () => {
  it.each([
    ['year 0', '0000-06-01T12:00:00Z'],
    ['a leap second', '2026-12-31T23:59:60Z'],
    ['year 10000 through an offset', '9999-12-31T23:30:00-01:00'],
    ['the 30th of February', '2027-02-30T12:00:00Z'],
  ])('%s in a date-time: 400', async (_, when) => {
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ submissionDeadline: when }) });
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ siteVisit: { date: when, mandatory: true } }) });
  });

  it.each(['0000-01-01', '2027-02-29', '2026-13-01'])('%s as a date: 400', async (day) => {
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ publicationDate: day }) });
    const form = multipart([{ name: 'kind', value: 'kbis' }, { name: 'title', value: 'Kbis' }, { name: 'validUntil', value: day }, { name: 'file', filename: 'kbis.pdf', type: 'application/pdf', data: pdf() }]);
    await expectRefused(manager.token, { method: 'POST', url: `/api/companies/${manager.companyId}/documents`, ...form });
    await expectRefused(manager.token, { method: 'POST', url: '/api/plannings', payload: { tenderId, tasks: [{ name: 'Visite', startDate: day, endDate: day }] } });
    expect(await rowCount(ctx.db, companyDocuments)).toBe(0);
  });

  it('year 1 and year 9999 are real dates: accepted and read back', async () => {
    const res = await call(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ publicationDate: '0001-01-01', submissionDeadline: '9999-12-31T23:59:59Z' }) });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { details: { _id: string } }).details._id;
    const read = await call(admin.token, { method: 'GET', url: `/api/tenderCalls/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ tenderCall: { publicationDate: '0001-01-01', submissionDeadline: '9999-12-31T23:59:59.000Z' } });
    expect(await rowCount(ctx.db, companies)).toBeGreaterThan(0);
  });
});

// Issue 24: shapes that used to end in a 500 from the stack or the database.
describe('deep nesting, lone surrogates, integers past the columns', () => {
  /** A JSON text nested `levels` deep (arrays, or objects under key "a"), as a client could send it. */
  const nested = (levels: number, kind: 'array' | 'object' = 'array') => (kind === 'array' ? '['.repeat(levels) + ']'.repeat(levels) : '{"a":'.repeat(levels) + '1' + '}'.repeat(levels));

  async function blankMemory() {
    const created = await call(manager.token, { method: 'POST', url: `/api/tenders/${tenderId}/memories`, payload: { from: 'blank', title: 'Mémoire hostile' } });
    expect(created.statusCode, created.body).toBe(201);
    const memory = (created.json() as { details: { _id: string; sections: { _id: string; version: number }[] } }).details;
    return { id: memory._id, section: memory.sections[0]! };
  }

  it('5,000 levels in a body, at the root or in a field: 400 with a localised msg, on any JSON operation', async () => {
    const deep = nested(5_000, 'object');
    expect(deep.length).toBeGreaterThan(25_000);
    const { id, section } = await blankMemory();
    await expectRefused(manager.token, { method: 'PATCH', url: `/api/memories/${id}/sections/${section._id}`, headers: { 'content-type': 'application/json' }, payload: `{"version":${section.version},"content":${deep}}` });
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', headers: { 'content-type': 'application/json' }, payload: nested(20_000) });
    await expectRefused(manager.token, { method: 'POST', url: '/api/plannings', headers: { 'content-type': 'application/json' }, payload: `{"tenderId":"${tenderId}","tasks":${nested(5_000)}}` });
    const res = await call(manager.token, { method: 'POST', url: '/api/users/login', headers: { 'content-type': 'application/json' }, payload: nested(5_000, 'object') });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msgType).toBe('validation-too_deep');
    expect(errorOf(res).msg).toBe('The field “a” is nested too deeply (more than 100 levels).');
  });

  it('a rich text as deep as an editor writes (nested lists) is still saved', async () => {
    const { id, section } = await blankMemory();
    // Fifteen lists one inside the other (4 JSON levels each: list, content, item, content), past
    // 64 JSON levels and within the editor's own 40 levels of nodes.
    let node: Record<string, unknown> = { type: 'paragraph', content: [{ type: 'text', text: 'Fond', marks: [{ type: 'bold' }] }] };
    for (let i = 0; i < 15; i++) node = { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Niveau ${i}` }] }, node] }] };
    const res = await call(manager.token, { method: 'PATCH', url: `/api/memories/${id}/sections/${section._id}`, payload: { version: section.version, content: { type: 'doc', content: [node] } } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a lone UTF-16 surrogate in a memory\'s content, a key or a title: 400, nothing written', async () => {
    const { id, section } = await blankMemory();
    const url = `/api/memories/${id}/sections/${section._id}`;
    const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
    await expectRefused(manager.token, { method: 'PATCH', url, payload: { version: section.version, content: doc('Notre méthode \ud800') } });
    await expectRefused(manager.token, { method: 'PATCH', url, payload: { version: section.version, content: doc('\udfff fin') } });
    await expectRefused(manager.token, { method: 'PATCH', url, payload: { version: section.version, content: { type: 'doc', ['k\ud83d']: 1 } } });
    await expectRefused(manager.token, { method: 'PATCH', url, payload: { version: section.version, title: 'Titre \udc00' } });
    await expectRefused(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ title: 'Nettoyage \ud800' }) });
    // A whole pair (an emoji) is text like any other; the version the refusals named is still the
    // section's: none of them wrote.
    const saved = await call(manager.token, { method: 'PATCH', url, payload: { version: section.version, content: doc('Chantier 🏗️ propre') } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.stringify(saved.json())).toContain('🏗️');
  });

  it.each([2147483648, -2147483649, 9007199254740991])('version = %s: 400 (the column is a 32-bit integer)', async (version) => {
    const { id, section } = await blankMemory();
    await expectRefused(manager.token, { method: 'PATCH', url: `/api/memories/${id}/sections/${section._id}`, payload: { version, title: 'Méthodologie' } });
    await expectRefused(manager.token, { method: 'PATCH', url: `/api/memories/${id}`, payload: { version, title: 'Mémoire' } });
    await expectRefused(admin.token, { method: 'GET', url: `/api/companies?page=${version}` });
  });

  it('2147483647 is a version like another (a conflict, not a refusal); amounts declared past 32 bits still pass', async () => {
    const { id, section } = await blankMemory();
    const res = await call(manager.token, { method: 'PATCH', url: `/api/memories/${id}/sections/${section._id}`, payload: { version: 2147483647, title: 'Méthodologie' } });
    expect(res.statusCode, res.body).toBe(409);
    const big = await call(admin.token, { method: 'POST', url: '/api/tenderCalls', payload: callInput({ estimatedAmount: 90_000_000_000 }) });
    expect(big.statusCode, big.body).toBe(201);
  });
});

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

// Property-based fuzzing of the whole contract: for every operation of openapi.yaml, requests are
// generated from its own schemas (path, query, JSON or multipart body), mostly plausible and
// salted with hostile values (NUL, lone surrogates, huge numbers, int4 and safe-integer edges,
// Infinity, year 0, leap seconds, long strings, wrong types, bodies nested 150 to 5,000 deep), and sent
// as company A's manager, A's employee or anonymous. No answer may be a 5xx, and company B's rows
// and files must be exactly as they were at the start.
// FUZZ_RUNS sets the runs per operation (a few in CI; `npm run fuzz` runs many).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { InjectOptions } from 'fastify';
import { loadContract, type Operation, type Parameter, type Schema } from '../../server/openapi/contract';
import {
  companies,
  companyDocuments,
  invitations,
  organigrammes,
  planningTasks,
  plannings,
  reports,
  tenderDocuments,
  tenderStatusChanges,
  tenders,
  users,
} from '../../server/db/schema';
import { createTestApp, createUser, filesUnder, multipart, signToken, tinyPng, type TestContext } from './context';
import { insertCompanyDoc, insertTender, insertTenderDoc, pdf } from './documents-fixtures';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 4));
/** A fixed seed in CI (same requests each run); a long run draws one, printed in the test's name; FUZZ_SEED replays. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.FUZZ_RUNS ? Math.floor(Math.random() * 2 ** 31) : 20261123;

const contract = loadContract();
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => {
      // Path-item parameters apply to every operation of the path.
      const shared = ((item as { parameters?: Parameter[] }).parameters ?? []).filter((p) => !(op.parameters ?? []).some((o) => o.name === p.name && o.in === p.in));
      return { path, method: method.toUpperCase() as InjectOptions['method'] & string, op: { ...op, parameters: [...shared, ...(op.parameters ?? [])] } };
    }),
);

// ---------------------------------------------------------------------------------------------
// Hostile values, mixed into every generated value.

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e20',
  '-1',
  '9007199254740993',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '2026-12-31T23:59:60Z',
  '2027-02-30',
  '9999-12-31T23:30:00-01:00',
  '1969-12-31T23:59:59.999999999+14:00',
  'x'.repeat(5_000),
  "'; drop table users; --",
  '<style>*{display:none}</style>',
  '../../etc/passwd',
  '%00',
  '',
  ' ',
  '\ud800',
  'fin \udfff',
  'a\ud83d',
  '2147483648',
  '\u202e🏗️',
  'null',
  '__proto__',
];
const hostileString = fc.constantFrom(...hostileStrings);
/** The edges of the int4 columns and of JavaScript's safe integers. */
const integerEdges = [2147483647, 2147483648, -2147483648, -2147483649, 9007199254740991, -9007199254740991];
/** A value nested `levels` deep (objects under "a", or arrays), as no form writes but a client can send. */
const nestedValue = (levels: number, kind: 'object' | 'array' = 'object') => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
};
/** 5,000 levels as JSON text: JSON.stringify itself would overflow the test's stack. */
const DEEP_TEXT = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, [], {}, [null], { __proto__: { admin: true } }, { constructor: 'x' }, { 'k\ud800': 1 }, nestedValue(150), nestedValue(101, 'array')),
  fc.constantFrom(...integerEdges),
);

// ---------------------------------------------------------------------------------------------
// Schema → arbitrary, for the keywords the contract's request schemas use.

/** Ids a request may name: the world's (A's and B's), plus unknown ones. */
const idPool: string[] = [];
const idArb = () => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...idPool) }, { weight: 1, arbitrary: fc.uuid() });

const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2110-12-31T00:00:00Z'), noInvalidDate: true });

function stringArb(s: Schema): fc.Arbitrary<unknown> {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 60, 400);
  switch (s.format) {
    case 'uuid':
      return idArb();
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return day.map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= max);
    default:
  }
  if (typeof s.pattern === 'string' && s.pattern.startsWith('^')) {
    return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, max));
  }
  return fc.string({ minLength: Math.min(min, max), maxLength: max, unit: 'grapheme' });
}

function typedArb(s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: (s.minimum as number | undefined) ?? -1_000, max: (s.maximum as number | undefined) ?? 1_000_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(...integerEdges) },
      );
    case 'number':
      return fc.double({ min: (s.minimum as number | undefined) ?? -1e6, max: (s.maximum as number | undefined) ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      const minLength = (s.minItems as number | undefined) ?? 0;
      return fc.array(schemaArb(items, depth + 1), { minLength: Math.min(minLength, 4), maxLength: Math.max(Math.min(minLength, 4), Math.min((s.maxItems as number | undefined) ?? 4, 4)) });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = ((s.required as string[] | undefined) ?? []).filter((k) => k in properties);
      const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, schemaArb(v, depth + 1)]));
      const record = fc.record(model, { requiredKeys: required });
      // Now and then a field the schema does not know.
      return fc.tuple(record, fc.option(fc.tuple(fc.constantFrom('role', 'companyId', 'isAdmin', '__proto__', 'x\u0000', 'x\udc00'), hostileValue), { freq: 8 })).map(([r, extra]) => {
        const out: Record<string, unknown> = { ...r };
        if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
        return out;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Plausible values (valid most of the time) with hostile ones mixed in at every level. */
function schemaArb(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  let base: fc.Arbitrary<unknown>;
  if (depth > 6) base = fc.constant(null);
  else if (s.const !== undefined) base = fc.constant(s.const);
  else if (Array.isArray(s.enum)) base = fc.constantFrom(...(s.enum as unknown[]));
  else if (Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) base = fc.oneof(...((s.oneOf ?? s.anyOf) as Schema[]).map((branch) => schemaArb({ ...s, oneOf: undefined, anyOf: undefined, ...branch }, depth + 1)));
  else if (Array.isArray(s.type)) base = fc.oneof(...(s.type as string[]).map((t) => typedArb(s, t, depth)));
  else if (typeof s.type === 'string') base = typedArb(s, s.type, depth);
  else if (s.properties) base = typedArb(s, 'object', depth);
  else base = fc.jsonValue({ maxDepth: 2 });
  return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: hostileValue });
}

const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A query or path value as the client would write it. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.map(String).join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v));

// ---------------------------------------------------------------------------------------------
// Requests of one operation.

type Caller = 'managerA' | 'employeeA' | 'anonymous';
type Generated = { caller: Caller; request: InjectOptions };

function bodyArb(op: Operation): fc.Arbitrary<Partial<InjectOptions>> {
  const content = op.requestBody?.content ?? {};
  const json = content['application/json']?.schema;
  const form = content['multipart/form-data']?.schema;
  if (json) {
    return fc.oneof(
      { weight: 8, arbitrary: schemaArb(json).map((payload) => ({ payload: JSON.stringify(payload) ?? 'null', headers: { 'content-type': 'application/json' } })) },
      { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '\u0000', '[]', '1e999', '['.repeat(5_000) + ']'.repeat(5_000), DEEP_TEXT).map((payload) => ({ payload, headers: { 'content-type': 'application/json' } })) },
    );
  }
  if (form) {
    const properties = (form.properties ?? {}) as Record<string, Schema>;
    const fileFields = Object.keys(properties).filter((k) => properties[k]?.format === 'binary');
    const fieldSchema = { ...form, properties: Object.fromEntries(Object.entries(properties).filter(([k]) => !fileFields.includes(k))) };
    const file = fc.constantFrom(tinyPng, pdf(), randomBytes(64), Buffer.alloc(0));
    const fileName = fc.constantFrom('Pièce.pdf', 'a\u0000.pdf', 'x'.repeat(300) + '.png', '../../evil.png', 'photo.png');
    return fc
      .tuple(schemaArb(fieldSchema), fc.subarray(fileFields), file, fileName, fc.constantFrom('whole', 'whole', 'whole', 'truncated', 'no-boundary'))
      .map(([fields, withFiles, data, filename, shape]) => {
        const parts = [
          ...Object.entries(fields && typeof fields === 'object' && !Array.isArray(fields) ? fields : { junk: fields }).map(([name, value]) => ({ name, value: asText(value) })),
          ...withFiles.map((name) => ({ name, filename, type: 'application/octet-stream', data })),
        ];
        const body = multipart(parts);
        if (shape === 'truncated') return { payload: body.payload.subarray(0, Math.max(1, body.payload.length - 30)), headers: body.headers };
        if (shape === 'no-boundary') return { payload: body.payload, headers: { 'content-type': 'multipart/form-data' } };
        return body;
      });
  }
  return fc.constant({});
}

function requestArb(path: string, method: string, op: Operation): fc.Arbitrary<Generated> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathArb = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, schemaArb(p.schema ?? {})])));
  const queryArb = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, schemaArb(p.schema ?? {})])),
    { requiredKeys: [] },
  );
  return fc.record({ caller: fc.constantFrom<Caller>('managerA', 'managerA', 'employeeA', 'anonymous'), pathValues: pathArb, query: queryArb, body: bodyArb(op) }).map(({ caller, pathValues, query, body }) => {
    // encodeURIComponent throws on a lone surrogate: a client would send U+FFFD.
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(asText(pathValues[name]).replace(loneSurrogate, '\ufffd')));
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, asText(v)])).toString();
    return { caller, request: { method: method as 'GET', url: search ? `${url}?${search}` : url, ...body } };
  });
}

/**
 * Requests of one operation in each shape of issue 24: every query parameter at an integer edge
 * or as the UTF-8 of a lone surrogate; a JSON body nested 5,000 deep (at the root, in each field),
 * with a lone surrogate in each field and in a key, with each field at each integer edge. Path
 * parameters name company A's first row (a real id: the handlers, not only the binder, are reached).
 */
function hostileShapes(path: string, method: string, op: Operation): InjectOptions[] {
  const url = path.replace(/\{(\w+)\}/g, () => idPool[0]!);
  const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const get = (query: string) => ({ method: method as 'GET', url: `${url}?${query}` });
  const requests: InjectOptions[] = [];
  if (queryNames.length) {
    for (const value of [...integerEdges.map(String), '%ED%A0%80']) requests.push(get(queryNames.map((name) => `${name}=${value}`).join('&')));
  }
  const json = op.requestBody?.content['application/json']?.schema;
  if (json) {
    const fields = Object.keys((json.properties ?? {}) as Record<string, Schema>);
    const every = (value: unknown) => Object.fromEntries((fields.length ? fields : ['a']).map((name) => [name, value]));
    const send = (payload: string) => requests.push({ method: method as 'GET', url, payload, headers: { 'content-type': 'application/json' } });
    send('['.repeat(5_000) + ']'.repeat(5_000));
    send(`{${(fields.length ? fields : ['a']).map((name) => `${JSON.stringify(name)}:${DEEP_TEXT}`).join(',')}}`);
    send(JSON.stringify({ ...every('Méthode \ud800'), 'clé\udc00': 1 }));
    for (const edge of integerEdges) send(JSON.stringify(every(edge)));
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------
// The world: companies A and B with something of each kind, and a snapshot of B's.

let ctx: TestContext;
type Person = Awaited<ReturnType<typeof createUser>>;
let people: Record<'managerA' | 'employeeA' | 'managerB' | 'employeeB', Person>;
let companyB: string;

const call = async (person: Person | undefined, request: InjectOptions) => {
  // A fresh session per request: a generated sign-out must not end the callers' other requests.
  const token = person && (await signToken(ctx, { sub: person.id, role: person.companyId ? (person === people.employeeA || person === people.employeeB ? 'employee' : 'manager') : 'admin', exp: Math.floor(Date.now() / 1000) + 600 }));
  return ctx.app.inject({ ...request, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'fr', ...request.headers } });
};

/** Plannings, charts, invitations and documents of a company, made as its manager through the API. */
async function furnish(manager: Person, employee: Person) {
  const companyId = manager.companyId!;
  const tenderId = (await insertTender(ctx, companyId)).id;
  const tenderDoc = await insertTenderDoc(ctx, tenderId, companyId);
  const companyDoc = await insertCompanyDoc(ctx, companyId);
  const planning = await call(manager, { method: 'POST', url: '/api/plannings', payload: { tenderId, tasks: [{ name: 'Visite du site', startDate: '2027-01-04', endDate: '2027-01-05' }] } });
  const chart = await call(manager, {
    method: 'POST',
    url: `/api/organigrammes/${companyId}/organigramme`,
    payload: { type: 'construction', positions: [{ _id: 'dt', parentId: null, title: 'Directeur de travaux', name: 'Marc Lefèvre' }] },
  });
  const invite = await call(manager, { method: 'POST', url: '/api/invites', payload: { email: `invite.${randomUUID().slice(0, 8)}@example.fr`, role: 'employee' } });
  const report = await call(employee, {
    method: 'POST',
    url: '/api/reports/',
    ...multipart([
      { name: 'title', value: 'Bouton bloqué' },
      { name: 'description', value: 'Le bouton ne répond plus.' },
      { name: 'type', value: 'bug' },
      { name: 'priority', value: 'low' },
      { name: 'currentUrl', value: '/dashboard' },
    ]),
  });
  const ids = [companyId, tenderId, tenderDoc, companyDoc, manager.id, employee.id];
  for (const res of [planning, invite, report]) {
    const details = (res.json() as { details?: { _id?: string; tasks?: { _id: string }[] } }).details;
    if (details?._id) ids.push(details._id);
    for (const task of details?.tasks ?? []) ids.push(task._id);
  }
  expect([planning.statusCode, chart.statusCode, invite.statusCode, report.statusCode]).toEqual([201, 201, 201, 201]);
  return ids;
}

const sortRows = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Every row of company B and of what hangs from it, and its files. */
async function snapshotOfB() {
  const byCompany = async (table: PgTable & { companyId: never }) => sortRows(await ctx.db.select().from(table).where(eq(table.companyId, companyB)));
  const tenderIds = (await ctx.db.select({ id: tenders.id }).from(tenders).where(eq(tenders.companyId, companyB))).map((r) => r.id);
  const planningIds = (await ctx.db.select({ id: plannings.id }).from(plannings).where(eq(plannings.companyId, companyB))).map((r) => r.id);
  return {
    company: sortRows(await ctx.db.select().from(companies).where(eq(companies.id, companyB))),
    users: await byCompany(users as never),
    invitations: await byCompany(invitations as never),
    tenders: await byCompany(tenders as never),
    statusChanges: tenderIds.length ? sortRows(await ctx.db.select().from(tenderStatusChanges).where(inArray(tenderStatusChanges.tenderId, tenderIds))) : [],
    tenderDocuments: await byCompany(tenderDocuments as never),
    companyDocuments: await byCompany(companyDocuments as never),
    reports: await byCompany(reports as never),
    plannings: await byCompany(plannings as never),
    tasks: planningIds.length ? sortRows(await ctx.db.select().from(planningTasks).where(inArray(planningTasks.planningId, planningIds))) : [],
    organigrammes: await byCompany(organigrammes as never),
    files: filesUnder(ctx.filesDir).filter((f) => f.includes(companyB)),
  };
}

let before: Awaited<ReturnType<typeof snapshotOfB>>;
let fakeStripe: FakeStripe;

beforeAll(async () => {
  // Card payments configured (against the local fake Stripe), so that the billing operations answer
  // what they do in production rather than 503 "cards not configured".
  fakeStripe = await startFakeStripe({ secretKey: 'sk_test_fuzz', webhookSecret: 'whsec_fuzz' });
  ctx = await createTestApp({ loginLimits: { perEmail: 1_000, perIp: 100_000 }, stripe: { secretKey: 'sk_test_fuzz', webhookSecret: 'whsec_fuzz', apiUrl: fakeStripe.url } });
  const managerA = await createUser(ctx, 'manager');
  const managerB = await createUser(ctx, 'manager');
  companyB = managerB.companyId!;
  people = {
    managerA,
    employeeA: await createUser(ctx, 'employee', { companyId: managerA.companyId }),
    managerB,
    employeeB: await createUser(ctx, 'employee', { companyId: companyB }),
  };
  // A spare member of A: generated calls may remove it, never the callers themselves.
  const spareA = await createUser(ctx, 'employee', { companyId: managerA.companyId });
  idPool.push(...(await furnish(managerA, people.employeeA)).filter((id) => id !== managerA.id && id !== people.employeeA.id), spareA.id);
  idPool.push(...(await furnish(managerB, people.employeeB)));
  before = await snapshotOfB();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fakeStripe?.close();
});

describe(`fuzzing every operation of the contract (${RUNS} runs each, seed ${SEED})`, () => {
  it.each(operations.map((o) => [o.op.operationId!, o] as const))('%s: never a 5xx', async (_, { path, method, op }) => {
    await fc.assert(
      fc.asyncProperty(requestArb(path, method, op), async ({ caller, request }) => {
        const res = await call(caller === 'anonymous' ? undefined : people[caller], request);
        expect(res.statusCode, `${request.method} ${request.url} as ${caller}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) expect((res.json() as { msg?: unknown }).msg).toEqual(expect.any(String));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  // Issue 24: the shapes that used to end in a 500 (a stack overflow, PostgreSQL refusing a lone
  // surrogate or an int4 out of range), sent to every operation whatever the random draw.
  it.each(operations.map((o) => [o.op.operationId!, o] as const))('%s: deep nesting, lone surrogates, integer edges: never a 5xx', async (_, { path, method, op }) => {
    for (const request of hostileShapes(path, method, op)) {
      const res = await call(people.managerA, request);
      expect(res.statusCode, `${request.method} ${String(request.url).slice(0, 200)}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    }
  });

  it("left company B's rows and files as they were", async () => {
    await ctx.app.mailer.idle();
    expect(await snapshotOfB()).toEqual(before);
  });
});

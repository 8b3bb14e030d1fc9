import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { forbidden, AppError } from '../errors';
import { ValidationFailure, validationError } from '../http/error-handler';
import { CREDENTIAL_NAME } from '../http/logging';
import { toJsonSchema, type OpenApiDocument, type Operation, type Parameter, type Schema } from './contract';

export type BoundHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;
/** Resolves the caller of a secured operation or throws a 401; `allowCookie` for file downloads. */
export type Authenticate = (request: FastifyRequest, allowCookie: boolean) => Promise<{ role: string }>;
export type MultipartSpec = { fileFields: string[]; validateFields: (fields: Record<string, string>) => void };

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function makeAjv(coerceTypes: boolean | 'array') {
  // Unknown properties are refused, never stripped: no mass assignment through extra fields.
  const ajv = new Ajv({ allErrors: true, removeAdditional: false, useDefaults: true, coerceTypes, allowUnionTypes: true, strictRequired: false });
  addFormats.default(ajv);
  // ajv-formats accepts year 0 and leap seconds, which PostgreSQL or JavaScript's Date then refuse.
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', { type: 'string', validate: isInstant });
  // Checked on the coerced value: finite, and an integer stays a safe one (`page=1e20` is no page).
  ajv.addKeyword({
    keyword: 'safeNumber',
    schemaType: 'boolean',
    validate: (_: boolean, data: unknown, parent?: { type?: unknown }) =>
      typeof data !== 'number' || (Number.isFinite(data) && (!JSON.stringify(parent?.type ?? '').includes('integer') || Number.isSafeInteger(data))),
  });
  return ajv;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):?(\d{2}))$/;

/** The UTC day, or undefined when it is not on the calendar (30 February) or outside years 1–9999. */
function utcDay(text: string): number | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  // Date.UTC reads years 0–99 as 1900–1999: the year is set on its own.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : undefined;
}

/** A real calendar day (YYYY-MM-DD) in years 1–9999, the range PostgreSQL and Date both read. */
export const isCalendarDate = (text: string) => utcDay(text) !== undefined;

const YEAR_1 = new Date(0).setUTCFullYear(1, 0, 1);
const YEAR_10000 = new Date(0).setUTCFullYear(10000, 0, 1);

/**
 * An RFC 3339 instant without leap second (Date and PostgreSQL reject 23:59:60), on a real day,
 * whose UTC instant stays in years 1–9999 once its offset is applied, and that Date reads the same.
 */
export function isInstant(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const day = utcDay(m[1]!);
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (day === undefined || hours > 23 || minutes > 59 || seconds > 59) return false;
  if (m[5] && (Number(m[6]) > 14 || Number(m[7]) > 59)) return false;
  const offset = m[5] ? (m[5] === '-' ? -1 : 1) * (Number(m[6]) * 60 + Number(m[7])) * 60_000 : 0;
  const instant = day + ((hours * 60 + minutes) * 60 + seconds) * 1000 - offset;
  if (instant < YEAR_1 || instant >= YEAR_10000) return false;
  const parsed = Date.parse(text);
  return Number.isFinite(parsed) && Math.floor(parsed / 1000) === Math.floor(instant / 1000);
}

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/**
 * Numeric schemas get `safeNumber`: Ajv coerces a query's `Infinity` to a number and skips its
 * bounds. An integer whose contract gives no bound (and no `format: int64`) is stored in an int4
 * column (versions, pages): it gets the int32 range, so that `version: 2147483648` is a 400
 * rather than PostgreSQL's "out of range" (a 500). Amounts in bigint columns declare their maximum.
 */
function boundNumbers(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundNumbers);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = ['const', 'default', 'enum', 'examples', 'required'].includes(key) ? value : boundNumbers(value);
  const types = Array.isArray(out.type) ? (out.type as unknown[]) : [out.type];
  if (types.includes('integer') || types.includes('number')) out.safeNumber = true;
  if (types.includes('integer') && out.format !== 'int64') {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT32.minimum;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT32.maximum;
  }
  return out;
}

/**
 * How deep a JSON body may nest. A section's rich text is the deepest the product writes: the
 * editor's own 40 levels of nodes are about 85 levels of JSON (each node an object and its
 * `content` array). 5,000 levels used to overflow the stack of the walks below (a 500).
 */
export const MAX_JSON_DEPTH = 100;

/** A UTF-16 surrogate without its other half: not text (PostgreSQL's jsonb and UTF-8 refuse it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A character no column can hold: NUL (PostgreSQL text refuses it) or a lone surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

type Hostile = { field: string; key: 'validation-invalid' | 'validation-too_deep' };

/**
 * The first string (or key) holding a character no column can store, or the first value nested
 * past MAX_JSON_DEPTH (named by its top-level field: the full path would be as long as the body).
 * The walk stops at the limit, so it never runs out of stack itself.
 */
export function hostileField(value: unknown, path: string[] = []): Hostile | undefined {
  if (typeof value === 'string') return unstorable(value) ? { field: path.join('.') || '(body)', key: 'validation-invalid' } : undefined;
  if (!value || typeof value !== 'object') return undefined;
  if (path.length >= MAX_JSON_DEPTH) return { field: path[0] ?? '(body)', key: 'validation-too_deep' };
  for (const [key, item] of Object.entries(value)) {
    if (unstorable(key)) return { field: [...path, key].join('.'), key: 'validation-invalid' };
    const found = hostileField(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

function refuseHostile(...parts: unknown[]) {
  for (const part of parts) {
    const found = hostileField(part);
    if (found !== undefined) throw new ValidationFailure([{ field: found.field, key: found.key, vars: found.key === 'validation-too_deep' ? { limit: MAX_JSON_DEPTH } : {} }]);
  }
}

function paramsSchema(parameters: Parameter[], where: 'path' | 'query'): Schema | undefined {
  const selected = parameters.filter((p) => p.in === where);
  if (selected.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(selected.map((p) => [p.name, toJsonSchema(p.schema ?? {})])),
    required: selected.filter((p) => p.required || where === 'path').map((p) => p.name),
  };
}

/** The path item's parameters, overridden by the operation's own of the same name and place. */
const mergeParameters = (shared: Parameter[], own: Parameter[]) => [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];

const definedOnly = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function jsonResponses(op: Operation): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.content?.['application/json']?.schema;
    if (schema) out[status] = toJsonSchema(schema);
  }
  return out;
}

/** Form fields are checked against the form schema; `format: binary` properties are its files. */
function multipartSpec(schema: Schema, ajv: Ajv, lazy: boolean): MultipartSpec {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fileFields = Object.keys(properties).filter((k) => properties[k]?.format === 'binary');
  const fieldSchema = toJsonSchema({ ...schema, properties: Object.fromEntries(Object.entries(properties).filter(([k]) => !fileFields.includes(k))) });
  const compile = () => ajv.compile(boundNumbers(fieldSchema) as Schema) as Validate;
  const validate = lazy ? lazyValidator(compile) : compile();
  return {
    fileFields,
    validateFields: (fields) => {
      refuseHostile(fields);
      if (!validate(fields)) throw validationError(validate.errors as ErrorObject[]);
    },
  };
}

type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: ErrorObject[] | null; schemaEnv?: unknown };

/**
 * A validator compiled on its first call: compiling the ~700 schemas of the contract at start cost
 * ~1 s of each start (issue 24, item 3), when most operations are not called soon after it.
 * `schemaEnv` makes Fastify pass the parent (Ajv coerces a root value through it), `errors` is
 * the compiled one's, read by Fastify after a `false`.
 */
function lazyValidator(compile: () => Validate): Validate {
  let compiled: Validate | undefined;
  const validate: Validate = (data, context) => {
    compiled ??= compile();
    const valid = compiled(data, context);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.schemaEnv = true;
  return validate;
}

type SerializerCompile = (route: { schema: unknown; method: string; url: string; httpStatus: string; contentType?: string }) => (data: unknown) => string;
let defaultSerializerCompile: SerializerCompile | undefined;

/**
 * Fastify's own response serializer (fast-json-stringify), built on a response's first use rather
 * than for every response of every route at start. Taken from Fastify's own dependency, with the
 * options Fastify gives it (no shared schemas, no serializerOpts here).
 */
function lazySerializerCompiler(route: Parameters<SerializerCompile>[0]): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    if (!serialize) {
      if (!defaultSerializerCompile) {
        const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
        const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => (external: unknown, options: unknown) => SerializerCompile };
        defaultSerializerCompile = SerializerSelector()({}, undefined);
      }
      serialize = defaultSerializerCompile(route);
    }
    return serialize(data);
  };
}

/**
 * Registers one Fastify route per operation of the contract, with its schemas, its access rule
 * (public when `security: []`, else a signed-in caller whose role is in `x-roles`) and the
 * handler of the same operationId. Throws when the contract and the handlers disagree.
 */
export function bindContract(
  app: FastifyInstance,
  document: OpenApiDocument,
  handlers: Record<string, BoundHandler>,
  authenticate: Authenticate,
  /** Compile validators and serializers on first use (the server's start) rather than now (tests: a bad schema fails at once). */
  { lazy = false }: { lazy?: boolean } = {},
) {
  const bodyAjv = makeAjv(false);
  const textAjv = makeAjv('array');
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.includes(method)) continue;
      const id = op.operationId;
      if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const handler = handlers[id];
      if (!handler) throw new Error(`No handler for operation ${id}`);
      seen.add(id);
      // Parameters declared on the path item apply to each of its operations (OpenAPI 3.1).
      const parameters = mergeParameters((item as { parameters?: Parameter[] }).parameters ?? [], op.parameters ?? []);
      const undeclared = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((name) => !parameters.some((p) => p.in === 'path' && p.name === name));
      if (undeclared.length) throw new Error(`${id}: path parameters without a schema: ${undeclared.join(', ')}`);
      const isPublic = Array.isArray(op.security ?? document.security) && (op.security ?? document.security)!.length === 0;
      const roles = op['x-roles'];
      if (!isPublic && !roles?.length) throw new Error(`Secured operation ${id} has no x-roles`);
      const content = op.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema;
      const formBody = content['multipart/form-data']?.schema;
      const accepted = Object.keys(content);
      // Downloads are loaded by <img>/<a>, which cannot send a header: they also take the cookie.
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1];
      const allowCookie = !!success?.content && !success.content['application/json'];

      app.route({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        schema: definedOnly({
          params: paramsSchema(parameters, 'path'),
          querystring: paramsSchema(parameters, 'query'),
          // An operation taking JSON or a form (a resume with or without its CV) checks the JSON
          // body only when JSON is sent; the form is checked by readForm/readUpload.
          body: jsonBody ? (formBody ? { content: { 'application/json': { schema: toJsonSchema(jsonBody) } } } : toJsonSchema(jsonBody)) : undefined,
          response: jsonResponses(op),
        }),
        validatorCompiler: ({ schema, httpPart }) => {
          const compile = () => (httpPart === 'body' ? bodyAjv : textAjv).compile(boundNumbers(schema) as Schema) as Validate;
          return lazy ? lazyValidator(compile) : compile();
        },
        ...(lazy ? { serializerCompiler: lazySerializerCompiler as never } : {}),
        config: {
          operationId: id,
          multipart: formBody ? multipartSpec(formBody, bodyAjv, lazy) : undefined,
          // Path parameters the request log masks (query parameters are masked by name).
          credentialParams: parameters.filter((p) => p.in === 'path' && (p['x-credential'] === true || CREDENTIAL_NAME.test(p.name))).map((p) => p.name),
        },
        onRequest: async (request, reply) => {
          // API answers are personal (a profile, a company's members, a session token): no cache
          // keeps them, refusals included. Handlers of files and public resources set their own.
          reply.header('Cache-Control', 'no-store');
          if (!isPublic) {
            const caller = await authenticate(request, allowCookie);
            if (!roles!.includes(caller.role)) throw forbidden();
          }
          const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || !!request.headers['transfer-encoding'];
          if (accepted.length > 0 && hasBody && (!type || !accepted.includes(type))) throw new AppError(415, 'common-unsupported_media_type');
        },
        // One check for every string of every operation, before the schemas: a NUL or a lone
        // surrogate in a body, a query (a search) or a path would otherwise reach PostgreSQL, which
        // refuses it with a 500; a body nested thousands deep would overflow a recursive walk.
        preValidation: async (request) => refuseHostile(request.params, request.query, request.body),
        handler: (request, reply) => handler(request, reply),
      });
    }
  }
  const orphans = Object.keys(handlers).filter((id) => !seen.has(id));
  if (orphans.length) throw new Error(`Handlers without an operation in the contract: ${orphans.join(', ')}`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
    multipart?: MultipartSpec;
    credentialParams?: string[];
  }
}

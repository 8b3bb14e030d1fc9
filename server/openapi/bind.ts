import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { forbidden, AppError } from '../errors';
import { validationError } from '../http/error-handler';
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
  return ajv;
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
function multipartSpec(schema: Schema, ajv: Ajv): MultipartSpec {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const fileFields = Object.keys(properties).filter((k) => properties[k]?.format === 'binary');
  const fieldSchema = toJsonSchema({ ...schema, properties: Object.fromEntries(Object.entries(properties).filter(([k]) => !fileFields.includes(k))) });
  const validate = ajv.compile(fieldSchema);
  return {
    fileFields,
    validateFields: (fields) => {
      if (!validate(fields)) throw validationError(validate.errors as ErrorObject[]);
    },
  };
}

/**
 * Registers one Fastify route per operation of the contract, with its schemas, its access rule
 * (public when `security: []`, else a signed-in caller whose role is in `x-roles`) and the
 * handler of the same operationId. Throws when the contract and the handlers disagree.
 */
export function bindContract(app: FastifyInstance, document: OpenApiDocument, handlers: Record<string, BoundHandler>, authenticate: Authenticate) {
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
          params: paramsSchema(op.parameters ?? [], 'path'),
          querystring: paramsSchema(op.parameters ?? [], 'query'),
          body: jsonBody ? toJsonSchema(jsonBody) : undefined,
          response: jsonResponses(op),
        }),
        validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema),
        config: { operationId: id, multipart: formBody ? multipartSpec(formBody, bodyAjv) : undefined },
        onRequest: async (request) => {
          if (!isPublic) {
            const caller = await authenticate(request, allowCookie);
            if (!roles!.includes(caller.role)) throw forbidden();
          }
          const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
          const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || !!request.headers['transfer-encoding'];
          if (accepted.length > 0 && hasBody && (!type || !accepted.includes(type))) throw new AppError(415, 'common-unsupported_media_type');
        },
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
  }
}

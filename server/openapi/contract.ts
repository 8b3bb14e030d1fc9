import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type Schema = Record<string, unknown>;
/** `x-credential`: the value is a secret (a link's token), masked in the request log. */
export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; 'x-credential'?: boolean };
export type MediaTypes = Record<string, { schema?: Schema }>;
export type Operation = {
  operationId?: string;
  security?: unknown[];
  'x-roles'?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; security?: unknown[] };

export const contractPath = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

/** Replaces every local `$ref` with a copy of its target; sibling keys of a `$ref` win (OpenAPI 3.1). */
export function dereference<T>(root: unknown, node: T = root as T, seen: string[] = []): T {
  if (Array.isArray(node)) return node.map((item) => dereference(root, item, seen)) as T;
  if (!node || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const resolved: Record<string, unknown> = {};
  if (typeof $ref === 'string') {
    if (!$ref.startsWith('#/')) throw new Error(`Only local $ref are supported: ${$ref}`);
    if (seen.includes($ref)) throw new Error(`Recursive $ref: ${$ref}`);
    const target = $ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    if (target === undefined) throw new Error(`Unresolved $ref: ${$ref}`);
    Object.assign(resolved, dereference(root, target, [...seen, $ref]));
  }
  for (const [key, value] of Object.entries(rest)) resolved[key] = dereference(root, value, seen);
  return resolved as T;
}

/** Where parsed contracts are kept, by the SHA-256 of their YAML (node_modules/.cache: never committed). */
export const contractCacheDir = fileURLToPath(new URL('../../node_modules/.cache/soumissio-contract', import.meta.url));

/**
 * The contract, dereferenced. Parsing the 270 KB of YAML costs ~0.7 s of a start (issue 24, item 3):
 * the parsed document is kept as JSON named by the YAML's hash, so the next start (or test
 * worker) reads JSON instead, and any edit of the YAML, having another hash, is parsed anew.
 * The cache is best effort: a missing or unwritable folder only means parsing every time.
 */
export function loadContract(path = contractPath): OpenApiDocument {
  const text = readFileSync(path, 'utf8');
  const cached = join(contractCacheDir, `${createHash('sha256').update(text).digest('hex')}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as OpenApiDocument;
  } catch {
    // not cached yet (or a broken copy): parsed below and written again
  }
  const document = dereference<OpenApiDocument>(parse(text));
  try {
    mkdirSync(contractCacheDir, { recursive: true });
    // Written aside then renamed: a concurrent reader (another test worker) never sees half a file.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(document));
    renameSync(partial, cached);
    // Older versions' copies go (one is kept per YAML version, ~1 MB each).
    for (const name of readdirSync(contractCacheDir)) if (name.endsWith('.json') && join(contractCacheDir, name) !== cached) rmSync(join(contractCacheDir, name), { force: true });
  } catch {
    // read-only install: parse at each start
  }
  return document;
}

const annotations = new Set(['example', 'discriminator', 'xml', 'externalDocs']);
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const literals = new Set(['const', 'default', 'enum', 'examples', 'required', 'type']);

/** Drops what Ajv would reject in a JSON Schema taken from OpenAPI: annotations, x-*, format binary. */
export function toJsonSchema(schema: Schema): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (annotations.has(key) || key.startsWith('x-')) continue;
    if (key === 'format' && value === 'binary') continue;
    if (literals.has(key) || !value || typeof value !== 'object') out[key] = value;
    else if (schemaMaps.has(key))
      out[key] = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, toJsonSchema(v)]));
    else if (Array.isArray(value)) out[key] = value.map((v: unknown) => (v && typeof v === 'object' ? toJsonSchema(v as Schema) : v));
    else out[key] = toJsonSchema(value as Schema);
  }
  return out;
}

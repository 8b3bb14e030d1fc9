// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(fileURLToPath(new URL(path, root)), 'utf8');

describe('the OpenAPI contract', () => {
  it('has committed types identical to a fresh generation', async () => {
    const ast = await openapiTS(new URL('openapi/openapi.yaml', root));
    const fresh = astToString(ast);
    // The CLI adds a banner comment; compare what follows it.
    const committed = read('openapi/schema.d.ts').replace(/^\/\*\*[\s\S]*?\*\/\s*/, '');
    expect(committed.trim(), 'openapi/schema.d.ts is stale: run npm run generate:api').toBe(fresh.trim());
  });

  it('gives every operation a unique operationId and a response', () => {
    const doc = parse(read('openapi/openapi.yaml')) as { paths: Record<string, Record<string, { operationId?: string; responses?: object }>> };
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        // Path-level `parameters` are shared by the operations, not one of them.
        if (method === 'parameters') continue;
        expect(op.operationId, `${method.toUpperCase()} ${path} has no operationId`).toBeTruthy();
        expect(op.responses, `${method.toUpperCase()} ${path} has no responses`).toBeTruthy();
        ids.push(op.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});

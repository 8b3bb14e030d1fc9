// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TENDER_TRANSITIONS as server } from '../../server/domains/tenders/lifecycle';
import { RESPONSE_STEPS, TENDER_TRANSITIONS as client } from '../../src/machines/tender-lifecycle';
import { loadContract } from '../../server/openapi/contract';

describe('tender lifecycle', () => {
  it('is the same table on the client and on the server', () => {
    expect(client).toEqual(server);
  });

  it('covers every status of the contract, and the stepper every step the contract allows', () => {
    const schemas = (loadContract() as unknown as { components: { schemas: unknown } }).components.schemas as Record<string, { enum?: string[]; properties?: Record<string, { maximum?: number }> }>;
    expect(Object.keys(client).sort()).toEqual([...schemas.TenderStatus!.enum!].sort());
    expect(schemas.TenderPatch!.properties!.responseStep!.maximum).toBe(RESPONSE_STEPS.length);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REOPEN_REASON_MAX as serverReasonMax, REOPEN_STEP, TENDER_REOPENINGS as serverReopenings, TENDER_TRANSITIONS as server } from '../../server/domains/tenders/lifecycle';
import { REOPEN_REASON_MAX, RESPONSE_STEPS, TENDER_REOPENINGS as clientReopenings, TENDER_TRANSITIONS as client } from '../../src/machines/tender-lifecycle';
import { loadContract } from '../../server/openapi/contract';

describe('tender lifecycle', () => {
  it('is the same table on the client and on the server', () => {
    expect(client).toEqual(server);
    expect(clientReopenings).toEqual(serverReopenings);
  });

  it('reopens only a submitted tender, to a status the lifecycle goes on from, with the reason length of the contract', () => {
    expect(clientReopenings).toEqual({ submitted: 'in_progress' });
    // A reopening is never a plain step: it stays out of the table anyone may follow.
    for (const [from, to] of Object.entries(clientReopenings)) expect(client[from as keyof typeof client]).not.toContain(to);
    const schemas = (loadContract() as unknown as { components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> } }).components.schemas;
    expect(schemas.TenderReopen!.properties.reason!.maxLength).toBe(REOPEN_REASON_MAX);
    expect(serverReasonMax).toBe(REOPEN_REASON_MAX);
    // A reopened tender's stepper goes back to the submission step, to be done again.
    expect(RESPONSE_STEPS[REOPEN_STEP]).toBe('submission');
  });

  it('covers every status of the contract, and the stepper every step the contract allows', () => {
    const schemas = (loadContract() as unknown as { components: { schemas: unknown } }).components.schemas as Record<string, { enum?: string[]; properties?: Record<string, { maximum?: number }> }>;
    expect(Object.keys(client).sort()).toEqual([...schemas.TenderStatus!.enum!].sort());
    expect(schemas.TenderPatch!.properties!.responseStep!.maximum).toBe(RESPONSE_STEPS.length);
  });
});

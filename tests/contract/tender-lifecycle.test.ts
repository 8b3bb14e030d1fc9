// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { REOPEN_REASON_MAX, RESPONSE_STEPS, TENDER_STATUSES, type TenderStatus } from '../../rules/tender-lifecycle';
import { tenderStatusEnum, type TenderStatus as StoredStatus } from '../../server/db/schema';
import { loadContract } from '../../server/openapi/contract';

// The lifecycle's statuses are written in rules/ (which imports nothing): the type checker fails
// this file when they differ from the contract's or the database's, the test when the lists do.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAsContract: Same<TenderStatus, components['schemas']['TenderStatus']> = true;
const sameAsDatabase: Same<TenderStatus, StoredStatus> = true;

type Schemas = Record<string, { enum?: string[]; properties?: Record<string, { maxLength?: number; maximum?: number }> }>;
const schemas = () => (loadContract() as unknown as { components: { schemas: Schemas } }).components.schemas;

describe('the tender lifecycle and the contract', () => {
  it('has the statuses of the contract and of the database', () => {
    expect(sameAsContract && sameAsDatabase).toBe(true);
    expect([...TENDER_STATUSES].sort()).toEqual([...schemas().TenderStatus!.enum!].sort());
    expect([...TENDER_STATUSES].sort()).toEqual([...tenderStatusEnum.enumValues].sort());
  });

  it('keeps a reopening reason to the contract length, and the stepper to the steps the contract allows', () => {
    expect(schemas().TenderReopen!.properties!.reason!.maxLength).toBe(REOPEN_REASON_MAX);
    expect(schemas().TenderPatch!.properties!.responseStep!.maximum).toBe(RESPONSE_STEPS.length);
  });
});

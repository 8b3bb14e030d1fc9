// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { normalisePositions, treeProblem, type Position, type PositionInput } from '../../rules/organigramme-tree';
import { DEMO_GLOBAL_CHART, DEMO_SITE_CHART } from '../../server/db/demo-organigrammes';

// The position's shape is written in rules/ (which imports nothing): the type checker fails this
// file when it differs from the contract's OrganigrammePosition.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ContractPosition = components['schemas']['OrganigrammePosition'];
const inputIsTheContracts: Same<PositionInput, ContractPosition> = true;
const storedIsTheContractsWithContact: Same<Position, Required<ContractPosition>> = true;

describe('organigramme tree rules and the contract', () => {
  it('read positions of the contract', () => {
    expect(inputIsTheContracts && storedIsTheContractsWithContact).toBe(true);
  });

  it('accept the demo charts', () => {
    for (const chart of [DEMO_GLOBAL_CHART, DEMO_SITE_CHART]) expect(treeProblem(normalisePositions(chart))).toBeNull();
  });
});

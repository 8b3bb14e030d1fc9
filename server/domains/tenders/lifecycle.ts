import type { TenderStatus } from '../../db/schema';

/**
 * The tender lifecycle (docs/decisions.md): the statuses each status may move to. won, lost and
 * non_compliant are final. The client keeps the same table (src/machines/tender-lifecycle.ts);
 * tests/contract/tender-lifecycle.test.ts fails when the two differ.
 */
export const TENDER_TRANSITIONS: Record<TenderStatus, readonly TenderStatus[]> = {
  not_started: ['in_progress', 'non_compliant'],
  in_progress: ['submitted', 'pending', 'non_compliant'],
  pending: ['in_progress', 'non_compliant'],
  submitted: ['won', 'lost', 'non_compliant'],
  won: [],
  lost: [],
  non_compliant: [],
};

export const canMove = (from: TenderStatus, to: TenderStatus) => TENDER_TRANSITIONS[from].includes(to);

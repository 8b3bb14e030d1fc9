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

/**
 * Reopening: a submitted tender taken back to in progress (a mistake found after submission, a
 * corrected bid). Not a step of the table above: only a manager or an admin may do it, with a
 * reason kept in the history (POST /api/tenders/{id}/reopen). The client keeps the same table.
 */
export const TENDER_REOPENINGS: Partial<Record<TenderStatus, TenderStatus>> = { submitted: 'in_progress' };

/** Longest reason a reopening keeps (the contract's TenderReopen.reason maxLength). */
export const REOPEN_REASON_MAX = 500;

/**
 * The response step a reopened tender goes back to, at most: the last one, "submission" (index 5
 * of the client's RESPONSE_STEPS), since the response has to be submitted again.
 */
export const REOPEN_STEP = 5;


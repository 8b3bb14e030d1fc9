// The tender lifecycle (docs/decisions.md): the statuses a tender moves through, the steps of its
// response, and who may go back. The server enforces it (409 otherwise) and the client offers only
// what it allows. TenderStatus is written here rather than taken from the contract so the folder
// imports nothing; tests/contract/tender-lifecycle.test.ts fails when it differs from the
// contract's TenderStatus and the database's tender_status.

/** Every status, in the order of the lifecycle. */
export const TENDER_STATUSES = ['not_started', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** The statuses a tender may move to from each status. Final: won, lost, non_compliant. */
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

/** The statuses a user can choose next; none once the tender is decided. */
export const nextStatuses = (status: TenderStatus): readonly TenderStatus[] => TENDER_TRANSITIONS[status];

/**
 * Reopening: a submitted tender taken back to in progress (a mistake found after submission, a
 * corrected bid). Not a step of the table above: only a manager or an admin may do it, with a
 * reason kept in the history (POST /api/tenders/{id}/reopen).
 */
export const TENDER_REOPENINGS: Partial<Record<TenderStatus, TenderStatus>> = { submitted: 'in_progress' };

/** Where a reopening leads from this status, if anywhere. */
export const reopenTarget = (status: TenderStatus): TenderStatus | null => TENDER_REOPENINGS[status] ?? null;

/** Longest reason a reopening keeps (the contract's TenderReopen.reason maxLength). */
export const REOPEN_REASON_MAX = 500;

/** The response workflow's steps, in order; a tender's `responseStep` is the index of the current one. */
export const RESPONSE_STEPS = ['analysis', 'decision', 'technical', 'pricing', 'administrative', 'submission'] as const;

/** The step a reopened tender goes back to, at most: submission, since the response has to be submitted again. */
export const REOPEN_STEP = RESPONSE_STEPS.indexOf('submission');

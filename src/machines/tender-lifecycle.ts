import type { components } from '../../openapi/schema';

export type TenderStatus = components['schemas']['TenderStatus'];

/**
 * The statuses a tender may move to from each status; the server enforces the same table
 * (server/domains/tenders/lifecycle.ts) and answers 409 otherwise. Final: won, lost, non_compliant.
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

export const TENDER_STATUSES = Object.keys(TENDER_TRANSITIONS) as TenderStatus[];

/**
 * Reopening a submitted tender (back to in progress): managers and admins only, with a reason; the
 * server keeps the same table (server/domains/tenders/lifecycle.ts).
 */
export const TENDER_REOPENINGS: Partial<Record<TenderStatus, TenderStatus>> = { submitted: 'in_progress' };

/** Longest reason a reopening keeps (the contract's TenderReopen.reason maxLength). */
export const REOPEN_REASON_MAX = 500;

/** Where a reopening leads from this status, if anywhere. */
export const reopenTarget = (status: TenderStatus): TenderStatus | null => TENDER_REOPENINGS[status] ?? null;


/** The statuses a user can choose next; none once the tender is decided. */
export const nextStatuses = (status: TenderStatus): readonly TenderStatus[] => TENDER_TRANSITIONS[status];

/** The response workflow's steps, in order; `responseStep` is the index of the current one. */
export const RESPONSE_STEPS = ['analysis', 'decision', 'technical', 'pricing', 'administrative', 'submission'] as const;

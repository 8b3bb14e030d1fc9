import type { TenderStatus } from '../../../rules/tender-lifecycle';

/** The badge tones of the design system (src/ui/theme/recipes/badge.ts), each AA in both themes. */
export type StatusTone = 'success' | 'danger' | 'accent' | 'warning' | 'neutral';

/**
 * What a pipeline status's colour means (docs/decisions.md, 2026-11-23): won is good news, lost and
 * non compliant bad news, in progress is the work at hand, submitted and pending wait on someone
 * else, not started is nothing yet. The badges and the dashboard charts (dashboard-colors.ts) both
 * read this table.
 */
export const PIPELINE_TONES: Record<TenderStatus, StatusTone> = {
  not_started: 'neutral',
  in_progress: 'accent',
  pending: 'warning',
  submitted: 'warning',
  won: 'success',
  lost: 'danger',
  non_compliant: 'danger',
};

/** The spec's rule, exactly, for the freshness badge: "new" in any case is success-coloured; any other danger. */
export function freshnessTone(status: string): 'success' | 'danger' {
  return status.toLowerCase() === 'new' ? 'success' : 'danger';
}

/** A pipeline status's tone; a status the contract does not know is neutral. */
export function pipelineTone(status: string): StatusTone {
  return (PIPELINE_TONES as Record<string, StatusTone>)[status] ?? 'neutral';
}

import { describe, expect, it } from 'vitest';
import { canMove, nextStatuses, REOPEN_STEP, reopenTarget, RESPONSE_STEPS, TENDER_REOPENINGS, TENDER_STATUSES, TENDER_TRANSITIONS } from './tender-lifecycle';

describe('the tender lifecycle', () => {
  it('gives every status its next steps, none once the tender is decided', () => {
    expect(Object.keys(TENDER_TRANSITIONS)).toEqual([...TENDER_STATUSES]);
    expect(nextStatuses('not_started')).toEqual(['in_progress', 'non_compliant']);
    expect(nextStatuses('in_progress')).toEqual(['submitted', 'pending', 'non_compliant']);
    expect(nextStatuses('pending')).toEqual(['in_progress', 'non_compliant']);
    expect(nextStatuses('submitted')).toEqual(['won', 'lost', 'non_compliant']);
    for (const final of ['won', 'lost', 'non_compliant'] as const) expect(nextStatuses(final)).toEqual([]);
  });

  it('moves only along the table', () => {
    expect(canMove('in_progress', 'submitted')).toBe(true);
    expect(canMove('not_started', 'submitted')).toBe(false);
    expect(canMove('won', 'in_progress')).toBe(false);
    // Every status but the final ones can be declared non-compliant.
    for (const status of TENDER_STATUSES) expect(canMove(status, 'non_compliant')).toBe(TENDER_TRANSITIONS[status].length > 0);
  });

  it('reopens only a submitted tender, never as a plain step', () => {
    expect(TENDER_REOPENINGS).toEqual({ submitted: 'in_progress' });
    expect(reopenTarget('submitted')).toBe('in_progress');
    for (const status of TENDER_STATUSES.filter((s) => s !== 'submitted')) expect(reopenTarget(status)).toBeNull();
    for (const [from, to] of Object.entries(TENDER_REOPENINGS)) expect(canMove(from as keyof typeof TENDER_TRANSITIONS, to)).toBe(false);
  });

  it('sends a reopened tender back to the submission step at most', () => {
    expect(REOPEN_STEP).toBe(5);
    expect(RESPONSE_STEPS[REOPEN_STEP]).toBe('submission');
    expect(REOPEN_STEP).toBe(RESPONSE_STEPS.length - 1);
  });
});

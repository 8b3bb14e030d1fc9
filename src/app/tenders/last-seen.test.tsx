import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { lastSeenKey, useLastSeen } from './last-seen';

afterEach(() => localStorage.clear());

describe('the previous visit of a list, per user', () => {
  it('is none on a first visit, then the moment of the previous visit, kept while the page stays', () => {
    const first = renderHook(() => useLastSeen('u1', 'potential-tenders', () => new Date('2026-03-01T08:00:00.000Z')));
    expect(first.result.current).toBeNull();
    first.unmount();
    const second = renderHook(() => useLastSeen('u1', 'potential-tenders', () => new Date('2026-03-02T09:00:00.000Z')));
    expect(second.result.current).toBe('2026-03-01T08:00:00.000Z');
    // The visit is recorded for next time; the page keeps showing what was new when it opened.
    second.rerender();
    expect(second.result.current).toBe('2026-03-01T08:00:00.000Z');
    expect(localStorage.getItem(lastSeenKey('u1', 'potential-tenders'))).toBe('2026-03-02T09:00:00.000Z');
  });

  it('is remembered for each user apart, and not before the user is known', () => {
    localStorage.setItem(lastSeenKey('u1', 'potential-tenders'), '2026-03-01T08:00:00.000Z');
    expect(renderHook(() => useLastSeen('u2', 'potential-tenders')).result.current).toBeNull();
    expect(renderHook(() => useLastSeen(undefined, 'potential-tenders')).result.current).toBeNull();
    localStorage.setItem(lastSeenKey('u3', 'potential-tenders'), 'not a date');
    expect(renderHook(() => useLastSeen('u3', 'potential-tenders')).result.current).toBeNull();
  });
});

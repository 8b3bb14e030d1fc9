import { describe, expect, it } from 'vitest';
import { addDays, currentDay, dayIn, daysBetween, daysUntil, wallClockInstant } from './calendar';

// 2026: summer time from Sunday 29 March (02:00 → 03:00), winter time from Sunday 25 October (03:00 → 02:00).
describe('days in Paris', () => {
  it('turns at midnight in Paris, not at midnight UTC', () => {
    expect(dayIn('2026-11-27T22:59:00Z')).toBe('2026-11-27'); // 23:59 in Paris
    expect(dayIn('2026-11-27T23:30:00Z')).toBe('2026-11-28'); // 00:30 in Paris, still the 27th in UTC
    expect(dayIn('2026-07-14T21:59:00Z')).toBe('2026-07-14'); // 23:59 in summer
    expect(dayIn('2026-07-14T22:30:00Z')).toBe('2026-07-15');
    expect(currentDay(Date.parse('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });

  it('counts whole calendar days between days, whatever the clock change between them', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-26', -2)).toBe('2026-10-24');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('counts the days to a deadline from today in Paris: the same count from 00:00 to 23:59', () => {
    const deadline = '2026-12-06T11:00:00Z'; // noon in Paris on 6 December
    expect(daysUntil(deadline, Date.parse('2026-11-27T22:59:00Z'))).toBe(9); // 27th, 23:59 in Paris
    expect(daysUntil(deadline, Date.parse('2026-11-27T23:30:00Z'))).toBe(8); // 28th, 00:30 in Paris
    expect(daysUntil(deadline, Date.parse('2026-11-28T22:30:00Z'))).toBe(8); // 28th, 23:30 in Paris
    expect(daysUntil('2026-12-06', Date.parse('2026-11-27T23:30:00Z'))).toBe(8); // a day (a paper's end of validity)
    expect(daysUntil('2026-11-28T10:00:00Z', Date.parse('2026-11-28T09:00:00Z'))).toBe(0);
    expect(daysUntil('2026-11-26', Date.parse('2026-11-27T23:30:00Z'))).toBe(-2);
  });

  it('counts across the spring and autumn clock changes as a wall calendar does', () => {
    // 00:30 on Saturday 28 March to noon on Monday 30 March: 2 days, 59.5 hours.
    expect(daysUntil('2026-03-30T10:00:00Z', Date.parse('2026-03-27T23:30:00Z'))).toBe(2);
    // 00:30 on Saturday 24 October (summer time) to noon on Saturday 31 October: 7 days, 7.5 days of time.
    expect(daysUntil('2026-10-31T11:00:00Z', Date.parse('2026-10-23T22:30:00Z'))).toBe(7);
  });

  it('finds the instant of a Paris wall-clock time on both sides of a clock change', () => {
    expect(wallClockInstant('2026-03-28', '12:00').toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(wallClockInstant('2026-03-29', '12:00').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(wallClockInstant('2026-10-25', '12:00').toISOString()).toBe('2026-10-25T11:00:00.000Z');
    expect(wallClockInstant('2026-11-28', '00:30').toISOString()).toBe('2026-11-27T23:30:00.000Z');
    expect(dayIn(wallClockInstant('2026-11-28', '00:00'))).toBe('2026-11-28');
  });
});

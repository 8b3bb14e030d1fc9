// Days as the product counts them (rules/calendar.ts: Paris calendar days), for the tests that
// date papers, deadlines and tasks. A UTC date (`toISOString().slice(0, 10)`) is a day behind
// Paris for an hour or two every night, and the counts on screen then disagree with the test.
import { addDays, currentDay, wallClockInstant } from '../../rules/calendar';

/** The Paris day `days` from today (before it when negative), YYYY-MM-DD. */
export const dayFromToday = (days: number) => addDays(currentDay(), days);

/** An instant at a Paris wall-clock time on the day `days` from today. */
export const atFromToday = (days: number, time = '12:00') => wallClockInstant(dayFromToday(days), time);

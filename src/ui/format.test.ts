import { describe, expect, it } from 'vitest';
import { formatAmount, formatDeadline, formatList, formatRelative, parisToIso } from './format';
import { freshnessTone } from './tenders/status-tones';

const NOW = Date.parse('2026-03-09T10:00:00Z');
const later = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

describe('freshnessTone (spec: "new" in any case is success, any other status danger)', () => {
  it('is success for new, whatever its case', () => {
    for (const status of ['new', 'NEW', 'New', 'nEw']) expect(freshnessTone(status)).toBe('success');
  });
  it('is danger for every other status, known or not', () => {
    for (const status of ['not_started', 'in_progress', 'pending', 'submitted', 'won', 'lost', 'non_compliant', 'open', 'news', '']) expect(freshnessTone(status)).toBe('danger');
  });
});

describe('deadline formatting', () => {
  it('shows the date and time on Paris time with the zone, in the interface language', () => {
    expect(formatDeadline('2026-03-12T11:00:00Z', 'fr')).toBe('12 mars 2026, 12:00 UTC+1');
    expect(formatDeadline('2026-03-12T11:00:00Z', 'en')).toBe('12 Mar 2026, 12:00 CET');
    // Summer time: the zone follows.
    expect(formatDeadline('2026-07-01T10:00:00Z', 'fr')).toBe('1 juil. 2026, 12:00 UTC+2');
  });
  it('says the time left in minutes, hours, then days', () => {
    expect(formatRelative(later(3 * 24 * HOUR), 'fr', NOW)).toBe('dans 3 jours');
    expect(formatRelative(later(5 * HOUR), 'en', NOW)).toBe('in 5 hours');
    expect(formatRelative(later(40 * 60_000), 'fr', NOW)).toBe('dans 40 minutes');
    expect(formatRelative(later(-2 * 24 * HOUR), 'en', NOW)).toBe('2 days ago');
    expect(formatRelative(later(-2 * 24 * HOUR), 'fr', NOW)).toBe('il y a 2 jours');
  });
  it('counts days as calendar days in Paris, as the reminders and the vault do', () => {
    // 00:30 on 28 November in Paris (23:30 UTC on the 27th); 23:00 on 1 December: 3 days, though 3.9 days of time are left.
    expect(formatRelative('2026-12-01T22:00:00Z', 'fr', Date.parse('2026-11-27T23:30:00Z'))).toBe('dans 3 jours');
    expect(formatRelative('2026-11-25T08:00:00Z', 'en', Date.parse('2026-11-27T23:30:00Z'))).toBe('3 days ago');
  });
});

describe('amounts and lists', () => {
  it('formats whole euros in both languages', () => {
    expect(formatAmount(1_250_000, 'fr').replace(/\s/g, ' ')).toBe('1 250 000 €');
    expect(formatAmount(1_250_000, 'en')).toBe('€1,250,000');
  });
  it('joins values as a sentence', () => {
    expect(formatList(['rénovation', 'isolation', 'toiture'], 'fr')).toBe('rénovation, isolation et toiture');
    expect(formatList(['roofing', 'insulation'], 'en')).toBe('roofing and insulation');
  });
});

describe('parisToIso', () => {
  it('reads a date and time typed for Paris, winter and summer', () => {
    expect(parisToIso('2026-03-12', '12:00')).toBe('2026-03-12T11:00:00.000Z');
    expect(parisToIso('2026-07-01', '12:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(parisToIso('2026-03-29', '03:30')).toBe('2026-03-29T01:30:00.000Z');
  });
  it('is null when a part is missing', () => {
    expect(parisToIso('', '12:00')).toBeNull();
    expect(parisToIso('2026-03-12', '')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMonth, formatPercent, normaliseAdminStats } from './admin-stats';

const zeroStatus = { count: 0, averageDays: '0', timeSavings: '0' };
const empty = {
  totalTenders: 0,
  responseRate: 0,
  conversionRate: 0,
  tendersByMonth: [],
  statusChangeStats: { averageDays: '0', timeSavings: '0', totalCount: 0, statusBreakdown: { submitted: zeroStatus, won: zeroStatus, lost: zeroStatus } },
  decisions: { go: 0, noGo: 0 },
};

describe('normaliseAdminStats', () => {
  it('gives the spec defaults for nothing at all: 0, an empty list and "0"', () => {
    expect(normaliseAdminStats(undefined)).toEqual(empty);
    expect(normaliseAdminStats(null)).toEqual(empty);
    expect(normaliseAdminStats({})).toEqual(empty);
    expect(normaliseAdminStats([])).toEqual(empty);
  });

  it('keeps what is there and fills in only what is missing or unusable', () => {
    const stats = normaliseAdminStats({
      totalTenders: 42,
      responseRate: 85.7,
      conversionRate: null,
      tendersByMonth: [{ month: '2026-11', created: 3 }, { created: 9 }, 'nonsense'],
      statusChangeStats: { averageDays: '12.5', timeSavings: 'beaucoup', statusBreakdown: { won: { count: 2, averageDays: 30 } } },
      decisions: { go: 4 },
    });
    expect(stats).toEqual({
      totalTenders: 42,
      responseRate: 85.7,
      conversionRate: 0,
      // A month without its name cannot be placed: it is left out.
      tendersByMonth: [{ month: '2026-11', created: 3, submitted: 0, won: 0 }],
      statusChangeStats: {
        averageDays: '12.5',
        timeSavings: '0',
        totalCount: 0,
        statusBreakdown: { submitted: zeroStatus, won: { count: 2, averageDays: '30', timeSavings: '0' }, lost: zeroStatus },
      },
      decisions: { go: 4, noGo: 0 },
    });
  });

  it('passes a complete answer through unchanged', () => {
    const full = { ...empty, totalTenders: 8, decisions: { go: 3, noGo: 1 }, tendersByMonth: [{ month: '2026-10', created: 1, submitted: 2, won: 0 }] };
    expect(normaliseAdminStats(full)).toEqual(full);
  });
});

describe('number formats of the statistics', () => {
  it('writes percentages and decimals the way each language does', () => {
    // French puts a no-break space (narrow or not, by ICU version) before the sign.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    expect(spaced(formatPercent(42.5, 'fr'))).toBe('42,5 %');
    expect(formatPercent(42.5, 'en')).toBe('42.5%');
    expect(spaced(formatPercent(60, 'fr'))).toBe('60 %');
    expect(formatDecimal('-3.2', 'fr')).toBe('-3,2');
    expect(formatDecimal('12', 'en')).toBe('12');
    expect(formatMonth('2026-03', 'fr')).toBe('mars 2026');
    expect(formatMonth('2026-03', 'en')).toBe('Mar 2026');
  });
});

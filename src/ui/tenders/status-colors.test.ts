// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badge } from '../theme/recipes/badge';
import { contrast, THEMES as themes, token } from '../theme/contrast';
import { TONE_CHART_COLORS, CHART_COLORS_BY_STATUS } from '../dashboard/dashboard-colors';
import { freshnessTone, PIPELINE_TONES, type StatusTone } from './status-tones';
import { TENDER_STATUSES } from '../../../rules/tender-lifecycle';

// The status colours checked for WCAG AA in both themes, from the tokens and the badge recipe
// themselves: badge text on its background >= 4.5:1; chart marks on the card >= 3:1 (graphics).
const toneStyle = (tone: StatusTone) => (badge.variants!.tone as Record<StatusTone, { root: { color: string; bg: string } }>)[tone].root;

describe('pipeline status colours', () => {
  it('mean something: won success, lost and non compliant danger, in progress accent, submitted and pending warning, not started neutral', () => {
    expect(PIPELINE_TONES).toEqual({ won: 'success', lost: 'danger', non_compliant: 'danger', in_progress: 'accent', submitted: 'warning', pending: 'warning', not_started: 'neutral' });
    expect(Object.keys(PIPELINE_TONES).sort()).toEqual([...TENDER_STATUSES].sort());
  });

  it('the dashboard draws each status with its badge tone', () => {
    for (const status of TENDER_STATUSES) expect(CHART_COLORS_BY_STATUS[status]).toBe(TONE_CHART_COLORS[PIPELINE_TONES[status]]);
  });

  it.each(themes)('badge text on its background is AA (>= 4.5:1) in the %s theme, for every status and freshness tone', (theme) => {
    const tones = new Set<StatusTone>([...Object.values(PIPELINE_TONES), freshnessTone('new'), freshnessTone('old')]);
    for (const tone of tones) {
      const { color, bg } = toneStyle(tone);
      expect(contrast(token(color, theme), token(bg, theme)), `${tone}: ${color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each(themes)('chart colours stand out from the card (>= 3:1) in the %s theme', (theme) => {
    for (const [tone, value] of Object.entries(TONE_CHART_COLORS)) {
      const path = value.replace(/^var\(--colors-/, '').replace(/\)$/, '').replace(/-/g, '.');
      expect(contrast(token(path, theme), token('bg.default', theme)), tone).toBeGreaterThanOrEqual(3);
    }
  });
});

// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { badge } from './recipes/badge';
import { contrast, THEMES, token } from './contrast';
import { tokens } from './tokens';

// Issue 28: what axe cannot measure, held from the tokens themselves.
describe('graphics and small text', () => {
  it.each(THEMES)('border.graphic stands out (>= 3:1, WCAG 1.4.11) from the card and the chart area in the %s theme', (theme) => {
    for (const background of ['bg.default', 'bg.subtle']) {
      expect(contrast(token('border.graphic', theme), token(background, theme)), `border.graphic on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('the org chart draws its links and its cards’ borders in border.graphic', () => {
    const source = readFileSync(new URL('../organigrammes/OrgChartDiagram.tsx', import.meta.url), 'utf8');
    expect(source).toContain("borderColor: 'border.graphic'");
    expect(source).toContain("'--xy-edge-stroke' as string]: 'var(--colors-border-graphic)'");
  });

  it('badge text is at least 12 px', () => {
    expect((badge.base as { root: { fontSize: string } }).root.fontSize).toBe('chip');
    expect(parseFloat(tokens.fontSizes!.chip!.value as string)).toBeGreaterThanOrEqual(12);
  });
});

import { semanticTokens } from './tokens';

// WCAG 2.x contrast from the theme's own tokens, for the tests that hold colours to AA.

export const THEMES = ['base', '_dark'] as const;
export type Theme = (typeof THEMES)[number];
type Pair = { value: Record<Theme, string> };

/** A semantic colour's hex value in a theme: token('border.graphic', '_dark'). */
export function token(path: string, theme: Theme): string {
  const pair = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], semanticTokens.colors) as Pair;
  return pair.value[theme];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two #rrggbb colours, from 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

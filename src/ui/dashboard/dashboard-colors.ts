// The charts' colours: the theme's CSS variables (src/ui/theme/tokens.ts), so that one chart reads
// in the light and the dark theme alike, each pair checked for contrast there.
export const CHART_COLORS = {
  created: 'var(--colors-accent-default)',
  submitted: 'var(--colors-warning-text)',
  won: 'var(--colors-success-default)',
  lost: 'var(--colors-danger-default)',
  neutral: 'var(--colors-fg-subtle)',
} as const;

/** A tender status's colour in the pipeline chart: decided outcomes stand out, the rest by stage. */
export const CHART_COLORS_BY_STATUS: Record<string, string> = {
  not_started: CHART_COLORS.neutral,
  in_progress: CHART_COLORS.created,
  pending: 'var(--colors-info-text)',
  submitted: CHART_COLORS.submitted,
  won: CHART_COLORS.won,
  lost: CHART_COLORS.lost,
  non_compliant: 'var(--colors-danger-text)',
};

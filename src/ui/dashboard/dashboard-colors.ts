// The charts' colours: the theme's CSS variables (src/ui/theme/tokens.ts), so that one chart reads
// in the light and the dark theme alike, each checked for contrast there (status-colors.test.ts).
// A status's colour comes from the badge tones (src/ui/tenders/status-tones.ts): the dashboard and
// every badge say the same thing with the same colour.
import { PIPELINE_TONES, type StatusTone } from '../tenders/status-tones';

/** Each badge tone as a chart colour: the tone's strongest token. */
export const TONE_CHART_COLORS: Record<StatusTone, string> = {
  success: 'var(--colors-success-default)',
  danger: 'var(--colors-danger-default)',
  accent: 'var(--colors-accent-default)',
  warning: 'var(--colors-warning-text)',
  neutral: 'var(--colors-fg-subtle)',
};

export const CHART_COLORS = {
  // New tenders are the work at hand: in progress's tone.
  created: TONE_CHART_COLORS[PIPELINE_TONES.in_progress],
  submitted: TONE_CHART_COLORS[PIPELINE_TONES.submitted],
  won: TONE_CHART_COLORS[PIPELINE_TONES.won],
  lost: TONE_CHART_COLORS[PIPELINE_TONES.lost],
  neutral: TONE_CHART_COLORS.neutral,
} as const;

/** A tender status's colour in the pipeline chart: the colour of its badge. */
export const CHART_COLORS_BY_STATUS: Record<string, string> = Object.fromEntries(Object.entries(PIPELINE_TONES).map(([status, tone]) => [status, TONE_CHART_COLORS[tone]]));

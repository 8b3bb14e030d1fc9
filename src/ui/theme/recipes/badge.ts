import { defineSlotRecipe } from '@pandacss/dev';

// Status colours: each tone pairs a subtle background with its AA-contrast text in both themes.
export const badge = defineSlotRecipe({
  className: 'badge',
  slots: ['root', 'dot'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1.5',
      px: '2',
      py: '0.5',
      borderRadius: 'full',
      borderWidth: '1px',
      fontSize: 'chip',
      fontWeight: 'medium',
      lineHeight: '1.4',
      // On one line where there is room; in a narrow table cell (12 px text, issue 28) it wraps
      // rather than push the table past its box.
      textWrap: 'balance',
    },
    dot: { w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor', flexShrink: 0 },
  },
  variants: {
    tone: {
      neutral: { root: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default' } },
      accent: { root: { bg: 'accent.subtle', color: 'accent.text', borderColor: 'info.border' } },
      success: { root: { bg: 'success.subtle', color: 'success.text', borderColor: 'success.border' } },
      warning: { root: { bg: 'warning.subtle', color: 'warning.text', borderColor: 'warning.border' } },
      danger: { root: { bg: 'danger.subtle', color: 'danger.text', borderColor: 'danger.border' } },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

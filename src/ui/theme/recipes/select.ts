import { defineSlotRecipe } from '@pandacss/dev';

// A labelled single choice; the native control keeps the platform's keyboard and mobile pickers.
export const select = defineSlotRecipe({
  className: 'select',
  slots: ['root', 'label', 'control', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', minW: '0' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' },
    control: {
      appearance: 'none',
      w: 'full',
      h: '10',
      pl: '3',
      pr: '9',
      fontSize: 'sm',
      color: 'fg.default',
      bg: 'bg.default',
      borderWidth: '1px',
      borderColor: 'border.emphasized',
      borderRadius: 'md',
      cursor: 'pointer',
      _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)', outline: 'none' },
      _disabled: { opacity: 0.65, cursor: 'not-allowed' },
    },
    indicator: { position: 'absolute', right: '3', top: '50%', transform: 'translateY(-50%)', pointerEvents: 'none', color: 'fg.muted' },
  },
});

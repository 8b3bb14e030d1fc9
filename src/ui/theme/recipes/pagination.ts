import { defineSlotRecipe } from '@pandacss/dev';

export const pagination = defineSlotRecipe({
  className: 'pagination',
  slots: ['root', 'summary', 'list', 'item', 'ellipsis'],
  base: {
    root: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    summary: { fontSize: 'sm', color: 'fg.muted' },
    list: { display: 'flex', alignItems: 'center', gap: '1', listStyle: 'none', m: 0, p: 0 },
    item: {
      minW: '9',
      h: '9',
      px: '2',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '1',
      borderRadius: 'md',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.default',
      bg: 'transparent',
      borderWidth: '1px',
      borderColor: 'transparent',
      cursor: 'pointer',
      _hover: { bg: 'bg.subtle' },
      _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
      _selected: { bg: 'accent.default', color: 'accent.fg', _hover: { bg: 'accent.emphasized' } },
      _disabled: { opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
    },
    ellipsis: { px: '1', color: 'fg.muted' },
  },
});

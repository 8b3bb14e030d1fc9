import { defineSlotRecipe } from '@pandacss/dev';

// A dense data table; the header row stays visible while the rows scroll under it.
export const table = defineSlotRecipe({
  className: 'table',
  slots: ['scroller', 'root', 'caption', 'head', 'row', 'header', 'cell'],
  base: {
    scroller: {
      w: 'full',
      overflow: 'auto',
      maxH: 'min(70dvh, 44rem)',
      bg: 'bg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: 'card',
      _focusVisible: { outline: '2px solid token(colors.accent.default)', outlineOffset: '2px' },
    },
    root: { w: 'full', borderCollapse: 'separate', borderSpacing: '0', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' },
    caption: { srOnly: true },
    head: {},
    row: { _hover: { '& > td': { bg: 'bg.subtle' } }, '&:last-child > td': { borderBottomWidth: '0' } },
    header: {
      position: 'sticky',
      top: '0',
      zIndex: '1',
      bg: 'bg.subtle',
      color: 'fg.muted',
      fontWeight: 'semibold',
      fontSize: 'xs',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      textAlign: 'start',
      whiteSpace: 'nowrap',
      px: '4',
      py: '2.5',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
    cell: { px: '4', py: '3', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border.default', color: 'fg.default' },
  },
});

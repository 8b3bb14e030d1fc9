import { defineSlotRecipe } from '@pandacss/dev';

// A dense data table. Its box scrolls sideways only when the table is wider than the page (phones):
// the rows go down with the page's own scroll, never in a short inner box (issue 24).
export const table = defineSlotRecipe({
  className: 'table',
  slots: ['scroller', 'root', 'caption', 'head', 'row', 'header', 'cell'],
  base: {
    scroller: {
      w: 'full',
      // No height cap: a capped box showed three tender rows at 1440×900. Overflow stays auto for
      // the width; with no cap the box is never taller than its content, so it never scrolls down.
      overflow: 'auto',
      // The containing block of what is positioned inside (a header's visually hidden text): without
      // it, such text escapes the box's clip and widens the page on a phone.
      position: 'relative',
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
    // Not sticky: it stuck to the capped box; the box's horizontal scroll makes it a scroll
    // container, so a sticky header could not follow the page either.
    header: {
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
    // A long unbroken word (a reference, a URL) wraps instead of pushing the row's actions off-screen.
    cell: { px: '4', py: '3', verticalAlign: 'middle', borderBottomWidth: '1px', borderColor: 'border.default', color: 'fg.default', overflowWrap: 'anywhere' },
  },
  variants: {
    /**
     * Below md (phones), each row becomes a card: cells one under the other, each labelled by its
     * column (the cell's data-label), so no column (a status, a deadline) is left off-screen.
     */
    stack: {
      true: {
        // Styled from the table down, so that only a stacked table's rows and cells change.
        root: {
          mdDown: {
            display: 'block',
            '& > tbody': { display: 'block' },
            '& > thead': { position: 'absolute', w: '1px', h: '1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap' },
            '& > tbody > tr': {
              display: 'flex',
              flexDirection: 'column',
              gap: '1.5',
              px: '4',
              py: '3',
              borderBottomWidth: '1px',
              borderColor: 'border.default',
            },
            '& > tbody > tr:last-child': { borderBottomWidth: '0' },
            '& > tbody > tr > td': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', p: '0', minW: '0', maxW: 'none', borderBottomWidth: '0' },
            '& > tbody > tr > td[data-label]::before': { content: 'attr(data-label)', color: 'fg.muted', fontSize: 'xs', fontWeight: 'semibold', minW: '7rem' },
            // Totals under the cards: their label and amount on one line.
            '& > tfoot': { display: 'block' },
            '& > tfoot > tr': { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', px: '4', py: '2' },
            '& > tfoot > tr > *': { p: '0', borderBottomWidth: '0' },
          },
        },
      },
    },
  },
});

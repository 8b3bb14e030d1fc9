import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  jsx: ['Card'],
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      bg: 'bg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: 'card',
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
      // A long unbroken word (a URL, a reference) wraps inside the card instead of overflowing it.
      overflowWrap: 'anywhere',
      minW: '0',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '6' },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default', lineHeight: '1.3' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', py: '5', display: 'flex', flexDirection: 'column', gap: '4', minW: '0' },
    footer: { px: '6', pb: '6', display: 'flex', gap: '3', alignItems: 'center' },
  },
});

import { defineSlotRecipe } from '@pandacss/dev';

export const avatar = defineSlotRecipe({
  className: 'avatar',
  jsx: ['Avatar'],
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      display: 'inline-grid',
      placeItems: 'center',
      flexShrink: 0,
      borderRadius: 'full',
      overflow: 'hidden',
      bg: 'accent.subtle',
      color: 'accent.text',
      borderWidth: '1px',
      borderColor: 'border.default',
    },
    image: { w: 'full', h: 'full', objectFit: 'cover' },
    fallback: { fontWeight: 'semibold', textTransform: 'uppercase', lineHeight: 1 },
  },
  variants: {
    size: {
      sm: { root: { w: '8', h: '8' }, fallback: { fontSize: 'xs' } },
      md: { root: { w: '12', h: '12' }, fallback: { fontSize: 'md' } },
      lg: { root: { w: '24', h: '24' }, fallback: { fontSize: '2xl' } },
    },
  },
  defaultVariants: { size: 'md' },
});

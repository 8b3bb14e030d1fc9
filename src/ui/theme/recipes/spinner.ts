import { defineRecipe } from '@pandacss/dev';

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'border.emphasized',
    borderTopColor: 'accent.default',
    animation: 'spin 0.7s linear infinite',
    flexShrink: 0,
  },
  variants: {
    size: { sm: { w: '4', h: '4' }, md: { w: '6', h: '6' }, lg: { w: '10', h: '10', borderWidth: '3px' } },
  },
  defaultVariants: { size: 'md' },
});

import { defineRecipe } from '@pandacss/dev';

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton', 'LinkButton'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'medium',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    userSelect: 'none',
    textDecoration: 'none',
    transitionProperty: 'background, border-color, color, box-shadow',
    transitionDuration: 'popover',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    '& svg': { width: '1em', height: '1em', flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent.default',
        color: 'accent.fg',
        _hover: { _enabled: { bg: 'accent.emphasized' } },
        '&[href]:hover': { bg: 'accent.emphasized' },
      },
      outline: {
        bg: 'bg.default',
        color: 'fg.default',
        borderColor: 'border.default',
        _hover: { _enabled: { bg: 'bg.subtle', borderColor: 'border.emphasized' } },
        '&[href]:hover': { bg: 'bg.subtle' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { _enabled: { bg: 'bg.subtle' } },
        '&[href]:hover': { bg: 'bg.subtle' },
        _expanded: { bg: 'bg.subtle' },
      },
      danger: {
        bg: 'danger.default',
        color: 'danger.fg',
        _hover: { _enabled: { opacity: 0.92 } },
      },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '9', px: '3.5', fontSize: 'sm' },
      lg: { h: '10', px: '4', fontSize: 'md' },
      icon: { h: '9', w: '9', px: '0', fontSize: 'md' },
    },
    fullWidth: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

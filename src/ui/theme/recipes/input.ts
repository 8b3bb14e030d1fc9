import { defineRecipe } from '@pandacss/dev';

export const input = defineRecipe({
  className: 'input',
  jsx: ['Input'],
  base: {
    w: 'full',
    h: '9',
    px: '3',
    fontSize: 'sm',
    color: 'fg.default',
    bg: 'bg.default',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'md',
    outline: 'none',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: 'popover',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { borderColor: 'accent.default', boxShadow: '0 0 0 1px token(colors.accent.default)', outline: 'none' },
    // Only once the app flags a field: native :invalid would paint empty required fields red.
    '&[aria-invalid=true]': { borderColor: 'danger.default' },
    _disabled: { opacity: 0.65, cursor: 'not-allowed', bg: 'bg.subtle' },
  },
});

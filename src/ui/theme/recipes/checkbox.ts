import { defineSlotRecipe } from '@pandacss/dev';

// A native checkbox, styled: it sits on the sign-in page, whose JavaScript budget is tight.
export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  jsx: ['Checkbox'],
  slots: ['root', 'control', 'label'],
  base: {
    // The label is the target (a click on it checks the box): 24 px high at least (WCAG 2.5.8).
    root: { display: 'inline-flex', alignItems: 'center', gap: '2', minH: 'target', cursor: 'pointer', userSelect: 'none' },
    control: {
      appearance: 'none',
      w: '4',
      h: '4',
      flexShrink: 0,
      borderWidth: '1px',
      borderColor: 'border.emphasized',
      borderRadius: 'sm',
      bg: 'bg.default',
      cursor: 'pointer',
      display: 'grid',
      placeContent: 'center',
      transitionProperty: 'background, border-color',
      transitionDuration: 'popover',
      _checked: {
        bg: 'accent.default',
        borderColor: 'accent.default',
        _after: {
          content: '""',
          w: '2',
          h: '1',
          borderLeft: '2px solid',
          borderBottom: '2px solid',
          borderColor: 'accent.fg',
          transform: 'rotate(-45deg) translate(1px, -1px)',
        },
      },
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    label: { fontSize: 'sm', color: 'fg.default' },
  },
});

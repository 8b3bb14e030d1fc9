import { defineSlotRecipe } from '@pandacss/dev';

// The side drawer: a modal panel sliding in from the left or the right edge.
export const drawer = defineSlotRecipe({
  className: 'drawer',
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'body', 'closeTrigger'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'rgba(10, 14, 22, 0.45)',
      _open: { animation: 'backdropIn token(durations.accordion) ease-out' },
    },
    positioner: { position: 'fixed', insetBlock: '0', zIndex: 'modal', display: 'flex' },
    content: {
      h: 'full',
      w: 'min(token(sizes.sideMenu), 85vw)',
      bg: 'bg.default',
      boxShadow: 'popover',
      display: 'flex',
      flexDirection: 'column',
      outline: 'none',
      overflowY: 'auto',
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '4', h: '14', borderBottomWidth: '1px', borderColor: 'border.default' },
    title: { fontSize: 'md', fontWeight: 'semibold' },
    body: { flex: '1' },
    closeTrigger: {},
  },
  variants: {
    placement: {
      left: {
        positioner: { left: '0' },
        content: { borderRightWidth: '1px', borderColor: 'border.default', _open: { animation: 'drawerInLeft token(durations.accordion) ease-out' } },
      },
      right: {
        positioner: { right: '0' },
        content: { borderLeftWidth: '1px', borderColor: 'border.default', _open: { animation: 'drawerInRight token(durations.accordion) ease-out' } },
      },
    },
  },
  defaultVariants: { placement: 'right' },
});

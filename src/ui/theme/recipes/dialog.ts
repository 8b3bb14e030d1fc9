import { defineSlotRecipe } from '@pandacss/dev';

// A centred modal dialog over a dimmed page.
export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'description', 'body', 'footer', 'closeTrigger'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'rgba(10, 14, 22, 0.45)',
      _open: { animation: 'backdropIn token(durations.popover) ease-out' },
    },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', p: '4', pt: { base: '4', md: '16' }, overflowY: 'auto' },
    content: {
      position: 'relative',
      w: 'full',
      bg: 'bg.default',
      color: 'fg.default',
      borderRadius: 'xl',
      borderWidth: '1px',
      borderColor: 'border.default',
      boxShadow: 'popover',
      outline: 'none',
      display: 'flex',
      flexDirection: 'column',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: '6', pt: '5', pb: '2', pr: '14' },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: '6', py: '3', display: 'flex', flexDirection: 'column', gap: '4' },
    footer: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: '3', px: '6', pt: '3', pb: '5' },
    closeTrigger: { position: 'absolute', top: '3', right: '3' },
  },
  variants: {
    size: {
      sm: { content: { maxW: 'md' } },
      lg: { content: { maxW: '2xl' } },
    },
  },
  defaultVariants: { size: 'sm' },
});

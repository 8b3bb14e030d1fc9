import { defineSlotRecipe } from '@pandacss/dev';

export const alert = defineSlotRecipe({
  className: 'alert',
  jsx: ['Alert'],
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: { display: 'flex', gap: '3', p: '3', borderRadius: 'md', borderWidth: '1px', alignItems: 'flex-start' },
    icon: { flexShrink: 0, w: '4', h: '4', mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 },
    title: { fontWeight: 'semibold', fontSize: 'sm' },
    description: { fontSize: 'sm' },
  },
  variants: {
    status: {
      error: { root: { bg: 'danger.subtle', borderColor: 'danger.border', color: 'danger.text' } },
      success: { root: { bg: 'success.subtle', borderColor: 'success.border', color: 'success.text' } },
      warning: { root: { bg: 'warning.subtle', borderColor: 'warning.border', color: 'warning.text' } },
      info: { root: { bg: 'info.subtle', borderColor: 'info.border', color: 'info.text' } },
    },
  },
  defaultVariants: { status: 'info' },
});

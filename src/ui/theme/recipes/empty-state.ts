import { defineSlotRecipe } from '@pandacss/dev';

// What a list shows when it has nothing: what it is, and what to do next.
export const emptyState = defineSlotRecipe({
  className: 'empty-state',
  slots: ['root', 'icon', 'title', 'description', 'actions'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '2',
      py: '12',
      px: '6',
      bg: 'bg.default',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.emphasized',
      borderRadius: 'lg',
    },
    icon: { display: 'inline-grid', placeItems: 'center', w: '12', h: '12', borderRadius: 'full', bg: 'bg.subtle', color: 'fg.muted', mb: '1' },
    title: { fontSize: 'md', fontWeight: 'semibold', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted', maxW: 'md' },
    actions: { display: 'flex', gap: '3', mt: '2' },
  },
  variants: {
    tone: {
      neutral: {},
      danger: { root: { borderStyle: 'solid', borderColor: 'danger.border' }, icon: { bg: 'danger.subtle', color: 'danger.text' } },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

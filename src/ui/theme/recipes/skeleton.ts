import { defineSlotRecipe } from '@pandacss/dev';

// Grey blocks with a slow shimmer where content is about to appear; still for reduced motion.
export const skeleton = defineSlotRecipe({
  className: 'skeleton',
  slots: ['root', 'line'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3' },
    line: {
      h: '4',
      borderRadius: 'sm',
      bg: 'bg.muted',
      animation: 'skeletonPulse 1.6s ease-in-out infinite',
      _motionReduce: { animation: 'none' },
    },
  },
});

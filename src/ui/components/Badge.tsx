import type { ReactNode } from 'react';
import { badge, type BadgeVariantProps } from 'styled-system/recipes/badge';

type BadgeProps = BadgeVariantProps & { children: ReactNode; dot?: boolean };

// Colour is never the only signal: the badge always carries its word.
export function Badge({ tone, dot, children }: BadgeProps) {
  const classes = badge({ tone });
  return (
    <span className={classes.root}>
      {dot ? <span className={classes.dot} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

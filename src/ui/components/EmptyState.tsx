import type { ReactNode } from 'react';
import { emptyState, type EmptyStateVariantProps } from 'styled-system/recipes/empty-state';

type EmptyStateProps = EmptyStateVariantProps & {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
  /** The page's heading when the empty state is the whole page (not found, load error). */
  titleAs?: 'h1' | 'p';
};

export function EmptyState({ icon, title, description, actions, tone, role, titleAs: Title = 'p' }: EmptyStateProps) {
  const classes = emptyState({ tone });
  return (
    <div className={classes.root} role={role}>
      <span className={classes.icon} aria-hidden="true">
        {icon}
      </span>
      <Title className={classes.title}>{title}</Title>
      {description ? <p className={classes.description}>{description}</p> : null}
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </div>
  );
}

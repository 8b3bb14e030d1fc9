import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { alert } from 'styled-system/recipes/alert';

type Status = 'error' | 'success' | 'warning' | 'info';

const icons = { error: CircleAlert, success: CircleCheck, warning: TriangleAlert, info: Info } as const;

type AlertProps = { status?: Status; title?: ReactNode; children?: ReactNode };

// Errors are announced at once (role=alert); other statuses politely.
export function Alert({ status = 'info', title, children }: AlertProps) {
  const Icon = icons[status];
  const classes = alert({ status });
  return (
    <div className={classes.root} role={status === 'error' ? 'alert' : 'status'}>
      <span className={classes.icon} aria-hidden="true">
        <Icon size={16} />
      </span>
      <div className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {children ? <div className={classes.description}>{children}</div> : null}
      </div>
    </div>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { table } from 'styled-system/recipes/table';

const classes = table();

type TableProps = ComponentProps<'table'> & { caption: ReactNode; busy?: boolean };

/** The scroll box is focusable so keyboard users can scroll a wide table; the header stays on top. */
export function Table({ caption, busy, className, children, ...props }: TableProps) {
  return (
    // Focusable so that keyboard users can scroll a wide table (WCAG 2.1.1).
    <div className={cx(classes.scroller, className)} tabIndex={0} role="region" aria-label={typeof caption === 'string' ? caption : undefined} aria-busy={busy || undefined}>
      <table className={classes.root} {...props}>
        <caption className={classes.caption}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const TableHead = ({ className, ...props }: ComponentProps<'thead'>) => <thead className={cx(classes.head, className)} {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => <tr className={cx(classes.row, className)} {...props} />;
export const TableHeader = ({ className, scope = 'col', ...props }: ComponentProps<'th'>) => <th scope={scope} className={cx(classes.header, className)} {...props} />;
export const TableCell = ({ className, ...props }: ComponentProps<'td'>) => <td className={cx(classes.cell, className)} {...props} />;

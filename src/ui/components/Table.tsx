import type { ComponentProps, ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { table } from 'styled-system/recipes/table';

const plain = table();
const stacked = table({ stack: true });

/** `stackOnPhone`: below md each row shows as a card of labelled cells (give cells their `label`). */
type TableProps = ComponentProps<'table'> & { caption: ReactNode; busy?: boolean; stackOnPhone?: boolean };

/** The box scrolls sideways for a wide table (focusable for keyboard users); the rows follow the page. */
export function Table({ caption, busy, stackOnPhone, className, children, ...props }: TableProps) {
  const classes = stackOnPhone ? stacked : plain;
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

export const TableHead = ({ className, ...props }: ComponentProps<'thead'>) => <thead className={cx(plain.head, className)} {...props} />;
export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => <tr className={cx(plain.row, className)} {...props} />;
export const TableHeader = ({ className, scope = 'col', ...props }: ComponentProps<'th'>) => <th scope={scope} className={cx(plain.header, className)} {...props} />;
/** `label`: the column's name, shown before the value when the table stacks on a phone. */
export const TableCell = ({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) => <td className={cx(plain.cell, className)} data-label={label} {...props} />;

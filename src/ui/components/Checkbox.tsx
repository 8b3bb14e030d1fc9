import type { ComponentProps, ReactNode } from 'react';
import { checkbox } from 'styled-system/recipes/checkbox';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode };

export function Checkbox({ label, ...inputProps }: CheckboxProps) {
  const classes = checkbox();
  return (
    <label className={classes.root}>
      <input type="checkbox" className={classes.control} {...inputProps} />
      <span className={classes.label}>{label}</span>
    </label>
  );
}

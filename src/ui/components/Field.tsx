import { useId, type ComponentProps, type ReactNode } from 'react';
import { field } from 'styled-system/recipes/field';
import { Input } from './Input';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: ReactNode;
};

// A labelled input whose help and error texts are announced with it.
export function TextField({ label, helperText, error, ...inputProps }: TextFieldProps) {
  const id = useId();
  const classes = field();
  const helpId = helperText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...inputProps} />
      {helperText ? (
        <p id={helpId} className={classes.helperText}>
          {helperText}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

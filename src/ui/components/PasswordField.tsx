import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Input } from './Input';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: ReactNode;
};

/** A password input with a show/hide toggle; help and error texts are announced with it. */
export function PasswordField({ label, helperText, error, disabled, ...inputProps }: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const classes = field();
  const helpId = helperText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={css({ position: 'relative' })}>
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          className={css({ pr: '10' })}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          disabled={disabled}
          aria-pressed={visible}
          aria-label={t('form-show_password')}
          aria-controls={id}
          className={css({
            position: 'absolute',
            insetY: '0',
            right: '0',
            w: '9',
            display: 'grid',
            placeItems: 'center',
            color: 'fg.muted',
            borderRadius: 'md',
            cursor: 'pointer',
            _hover: { color: 'fg.default' },
            _disabled: { cursor: 'not-allowed' },
          })}
        >
          {visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        </button>
      </div>
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

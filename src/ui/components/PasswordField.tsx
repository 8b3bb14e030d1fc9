import { lazy, Suspense, useId, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Input } from './Input';

// Sign-in shares this field (it is in the first page's chunk) but has no meter: the meter and its
// estimator load only where a new password is typed.
const PasswordStrengthMeter = lazy(() => import('./PasswordStrengthMeter').then((m) => ({ default: m.PasswordStrengthMeter })));

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: ReactNode;
  /** A new password: show how hard it is to guess, the person's email and name counting as easy. */
  strength?: { userInputs?: (string | undefined)[] };
};

/** A password input with a show/hide toggle; help and error texts are announced with it. */
export function PasswordField({ label, helperText, error, disabled, strength, onInput, ...inputProps }: PasswordFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  // The field stays uncontrolled (forms read it on submit); the meter follows what is typed.
  const [typed, setTyped] = useState('');
  const classes = field();
  const helpId = helperText ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // Only once something is typed is there a meter to describe the field.
  const strengthId = strength && typed ? `${id}-strength` : undefined;
  const describedBy = [helpId, strengthId, errorId].filter(Boolean).join(' ') || undefined;
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
          onInput={(event) => {
            if (strength) setTyped(event.currentTarget.value);
            onInput?.(event);
          }}
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
      {strength && typed ? (
        <Suspense fallback={null}>
          <PasswordStrengthMeter id={strengthId} password={typed} userInputs={strength.userInputs} />
        </Suspense>
      ) : null}
      {error ? (
        <p id={errorId} className={classes.errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

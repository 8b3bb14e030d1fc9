import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { field } from 'styled-system/recipes/field';
import { tagInput } from 'styled-system/recipes/tag-input';

type TagInputProps = {
  label: ReactNode;
  name: string;
  value: string[];
  onChange: (value: string[]) => void;
  /** Returns an i18n key when a new tag is refused. */
  validate?: (tag: string) => string | null;
  max?: number;
  /** The longest tag the contract accepts: typing stops there. */
  maxLength?: number;
  helperText?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
};

/** Free tags: Enter or comma adds, Backspace on an empty input removes the last one. */
export function TagInput({ label, name, value, onChange, validate, max = 50, maxLength, helperText, error, placeholder, disabled }: TagInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldClasses = field();
  const classes = tagInput();
  const shownError = refusal ? t(refusal) : error;
  const helpId = helperText ? `${id}-help` : undefined;
  const errorId = shownError ? `${id}-error` : undefined;

  const add = () => {
    const tag = draft.trim().replace(/,$/, '').trim();
    if (tag === '') return;
    const problem = validate?.(tag) ?? (value.length >= max ? 'form-tags_max' : null);
    if (problem) {
      setRefusal(problem);
      return;
    }
    setRefusal(null);
    setDraft('');
    if (!value.includes(tag)) onChange([...value, tag]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={fieldClasses.root}>
      <label htmlFor={id} className={fieldClasses.label}>
        {label}
      </label>
      <div className={classes.control} data-invalid={shownError ? '' : undefined} data-disabled={disabled ? '' : undefined}>
        <ul style={{ display: 'contents' }}>
          {value.map((tag) => (
            <li key={tag} className={classes.tag}>
              <span>{tag}</span>
              <button
                type="button"
                className={classes.tagRemove}
                disabled={disabled}
                aria-label={t('form-remove_tag', { tag })}
                onClick={() => onChange(value.filter((v) => v !== tag))}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          name={name}
          className={classes.input}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          disabled={disabled}
          aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => {
            setRefusal(null);
            setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </div>
      {helperText ? (
        <p id={helpId} className={fieldClasses.helperText}>
          {helperText}
        </p>
      ) : null}
      {shownError ? (
        <p id={errorId} className={fieldClasses.errorText}>
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

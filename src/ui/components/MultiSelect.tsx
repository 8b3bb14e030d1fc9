import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { tagInput } from 'styled-system/recipes/tag-input';
import { Checkbox } from './Checkbox';
import { Input } from './Input';

type Option = { value: string; label: string };

type MultiSelectProps = {
  label: string;
  options: ReadonlyArray<Option>;
  value: string[];
  onChange: (value: string[]) => void;
  filterPlaceholder?: string;
  /** A filter box, for long lists. */
  filterable?: boolean;
  disabled?: boolean;
};

/** A filterable list of checkboxes: plain form controls, usable by keyboard and screen readers as is. */
export function MultiSelect({ label, options, value, onChange, filterPlaceholder, filterable = true, disabled }: MultiSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const [filter, setFilter] = useState('');
  const fieldClasses = field();
  const classes = tagInput();
  const needle = filter.trim().toLocaleLowerCase('fr');
  const shown = needle ? options.filter((o) => o.label.toLocaleLowerCase('fr').includes(needle) || o.value.toLowerCase().startsWith(needle)) : options;
  const toggle = (option: string, checked: boolean) =>
    onChange(checked ? [...value, option] : value.filter((v) => v !== option));
  const summary: ReactNode = value.length === 0 ? t('form-none_selected') : t('form-n_selected', { n: value.length });
  return (
    <fieldset disabled={disabled} className={css({ border: 'none', p: 0, m: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <legend className={fieldClasses.label} style={{ padding: 0, marginBottom: '0.375rem' }}>
        {label}
      </legend>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        {filterable ? (
          <Input
            aria-label={t('form-filter_options', { label })}
            placeholder={filterPlaceholder}
            value={filter}
            maxLength={100}
            onChange={(event) => setFilter(event.target.value)}
            className={css({ maxW: '20rem' })}
            aria-controls={`${id}-list`}
          />
        ) : null}
        <span className={fieldClasses.helperText} aria-live="polite">
          {summary}
        </span>
        {value.length > 0 ? (
          <button type="button" className={css({ display: 'inline-flex', alignItems: 'center', minH: 'target', fontSize: 'xs', color: 'accent.text', textDecoration: 'underline', cursor: 'pointer' })} onClick={() => onChange([])}>
            {t('form-clear_selection')}
          </button>
        ) : null}
      </div>
      <div id={`${id}-list`} className={classes.list}>
        {shown.length === 0 ? (
          <p className={fieldClasses.helperText}>{t('form-no_match')}</p>
        ) : (
          shown.map((option) => (
            <div key={option.value} className={classes.option}>
              <Checkbox label={option.label} checked={value.includes(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
            </div>
          ))
        )}
      </div>
    </fieldset>
  );
}

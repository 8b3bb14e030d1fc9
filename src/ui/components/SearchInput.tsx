import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { searchInput } from 'styled-system/recipes/search-input';

type SearchInputProps = { label: string; value: string; placeholder?: string; onChange: (value: string) => void };

export function SearchInput({ label, value, placeholder, onChange }: SearchInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const classes = searchInput();
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={css({ position: 'relative' })}>
        <Search size={16} aria-hidden="true" className={classes.icon} />
        <input id={id} type="search" className={classes.control} value={value} placeholder={placeholder} maxLength={200} onChange={(event) => onChange(event.target.value)} />
        {value ? (
          <button type="button" className={classes.clear} onClick={() => onChange('')} aria-label={t('list-clear_search')}>
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </div>
  );
}

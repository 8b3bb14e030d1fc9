import { useId, type ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { css } from 'styled-system/css';
import { select } from 'styled-system/recipes/select';

type SelectProps = Omit<ComponentProps<'select'>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  options: { value: string; label: string; disabled?: boolean }[];
  onChange: (value: string) => void;
};

export function Select({ label, value, options, onChange, ...props }: SelectProps) {
  const id = useId();
  const classes = select();
  return (
    <div className={classes.root}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={css({ position: 'relative' })}>
        <select id={id} className={classes.control} value={value} onChange={(event) => onChange(event.target.value)} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown size={16} aria-hidden="true" className={classes.indicator} />
      </div>
    </div>
  );
}

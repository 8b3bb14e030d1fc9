import { useCallback, useState, type FormEvent } from 'react';
import { validate, type Rule } from './rules';

/**
 * Field errors (i18n keys) found on submit; a field's error goes as soon as it is edited.
 * `check` returns true when the values may be sent.
 */
export function useFieldErrors<K extends string>(rules: (values: Record<K, string>) => Partial<Record<K, Rule>>) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const check = (values: Record<K, string>) => {
    const found = validate(values, rules(values));
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  const clear = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name as K];
      return next;
    });
  }, []);
  const onFormChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) clear(target.name);
  };
  return { errors, check, clear, onFormChange };
}

/** Reads named text fields of a submitted form. */
export function readForm<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}

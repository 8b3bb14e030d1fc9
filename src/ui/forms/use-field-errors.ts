import { useCallback, useState, type FormEvent } from 'react';
import { validate, type Rule } from './rules';

/** What the server said when it refused the last submission: its msg and its 400 `details`. */
export type ServerRefusal = { error?: string | null; details?: unknown };

/** A field path of the server's details (`profile.amountMin`, `tasks.2.name`) as an input name: its last named segment. */
export const lastNamedSegment = (path: string) =>
  path
    .split('.')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .pop() ?? path;

/**
 * The server's per-field refusals (`details: [{ field, msg }]`, msg naming the field by its label
 * in the interface language) by input name; the first message of a field wins.
 */
export function serverFieldErrors(details: unknown, fieldOf: (path: string) => string = lastNamedSegment): Record<string, string> {
  const found: Record<string, string> = {};
  if (!Array.isArray(details)) return found;
  for (const detail of details as unknown[]) {
    if (!detail || typeof detail !== 'object') continue;
    const { field, msg } = detail as { field?: unknown; msg?: unknown };
    if (typeof field !== 'string' || typeof msg !== 'string') continue;
    const name = fieldOf(field);
    if (!(name in found)) found[name] = msg;
  }
  return found;
}

/**
 * Field errors (i18n keys) found on submit; a field's error goes as soon as it is edited.
 * `check` returns true when the values may be sent.
 * With `server` (the last refusal), its per-field messages show under their inputs (`serverErrors`)
 * and its msg is `refusal` until the user edits or submits again: an old refusal never stays
 * beside new errors.
 */
export function useFieldErrors<K extends string>(rules: (values: Record<K, string>) => Partial<Record<K, Rule>>, server: ServerRefusal = {}) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [seen, setSeen] = useState<ServerRefusal>(server);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(() => serverFieldErrors(server.details));
  const [stale, setStale] = useState(false);
  // A new refusal (the request machine clears the previous one while sending): shown afresh.
  if (server.error !== seen.error || server.details !== seen.details) {
    setSeen(server);
    setServerErrors(serverFieldErrors(server.details));
    setStale(false);
  }
  const check = (values: Record<K, string>) => {
    const found = validate(values, rules(values));
    setErrors(found);
    setServerErrors({});
    setStale(true);
    return Object.keys(found).length === 0;
  };
  const clear = useCallback((name: string) => {
    setStale(true);
    setServerErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
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
  const refusal = stale ? null : (server.error ?? null);
  return { errors, check, clear, onFormChange, serverErrors, refusal };
}

/** Reads named text fields of a submitted form. */
export function readForm<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}

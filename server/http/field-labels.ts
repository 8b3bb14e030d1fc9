import { catalogue, translate, type Language } from '../i18n';

/**
 * The human name of a request field for validation messages: the server's 400 details keep the
 * field's path (`tasks.2.name`) for the client to map it to its input, while the sentence names it
 * as the form does ("Nom de la tâche (n° 3)"). Labels are catalogue keys `field-<path>`, the path in
 * snake case without array indexes (`field-tasks_name`), falling back to the last segment alone
 * (`field-name`); a field with no label keeps its path rather than a blank.
 */
const snake = (segment: string) =>
  segment
    .replace(/^_+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

export function labelKeys(field: string): string[] {
  const names = field.split('.').filter((s) => s !== '' && !/^\d+$/.test(s) && s !== '*');
  if (names.length === 0) return [];
  const full = `field-${names.map(snake).join('_')}`;
  const last = `field-${snake(names[names.length - 1]!)}`;
  return full === last ? [full] : [full, last];
}

export function fieldLabel(lng: Language, field: string): string {
  const texts = catalogue(lng).texts;
  const key = labelKeys(field).find((k) => k in texts || k in catalogue('fr').texts);
  if (!key) return field;
  const label = translate(lng, key);
  // The item's position, counted from 1 as users count rows: the innermost index.
  const index = field.split('.').filter((s) => /^\d+$/.test(s)).pop();
  return index === undefined ? label : translate(lng, 'field-item', { label, n: Number(index) + 1 });
}

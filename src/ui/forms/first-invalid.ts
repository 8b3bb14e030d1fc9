const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/**
 * The fields a form marks invalid (aria-invalid, set by every field component with its error), and
 * the first one focused: after a refused submit the user lands on what to correct (WCAG 3.3.1).
 * Returns how many there are. A marked element that cannot take focus (a group) gives it to its
 * first focusable child.
 */
export function focusFirstInvalid(form: HTMLFormElement): number {
  const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
  // Counted once per field: a group marked invalid around a marked input is one error.
  const fields = invalid.filter((element) => !invalid.some((other) => other !== element && other.contains(element)));
  const first = fields[0];
  if (!first) return 0;
  const target = first.matches(FOCUSABLE) ? first : first.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  return fields.length;
}

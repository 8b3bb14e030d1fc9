// Links that come from outside (an imported notice's address): only http(s) is ever stored,
// returned or rendered. A `javascript:` or `data:` address in a BOAMP record would otherwise run
// in the user's page when the link is followed.

/** The address when it is an absolute http(s) URL, trimmed; null otherwise. */
export function webLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  // Control characters and blanks inside make browsers and parsers read a scheme differently.
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (text === '' || /[\s\u0000-\u001f\u007f]/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : null;
  } catch {
    return null;
  }
}

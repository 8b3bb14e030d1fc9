// What the page calls of every feature share.
export type FileLike = { name: string; type: string; size: number };

/** Rows per page of the admin and company tables. */
export const PER_PAGE = 20;

/**
 * A multipart form in the order of `fields` (the server streams the file, so text fields go
 * first): strings as they are, files when they are browser Files (machines only know a file's
 * name, type and size), absent values left out.
 */
export function multipartForm(fields: Record<string, string | FileLike | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(name, value);
    else if (value instanceof Blob) form.set(name, value);
  }
  return form;
}

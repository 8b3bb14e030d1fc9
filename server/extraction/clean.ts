// A line is a running header or footer when, once its numbers are masked ("Page 11 sur 15"),
// it appears on more than half of the pages: it says nothing about any one page.
const shape = (line: string) => line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#');

/** The pages without their running headers and footers (documents of 3 pages or more only). */
export function stripRepeatedLines(pages: string[]): string[] {
  if (pages.length < 3) return pages;
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(page.split('\n').map(shape))) {
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const repeated = new Set([...counts].filter(([, count]) => count > pages.length / 2).map(([key]) => key));
  if (repeated.size === 0) return pages;
  return pages.map((page) =>
    page
      .split('\n')
      .filter((line) => !repeated.has(shape(line)))
      .join('\n'),
  );
}

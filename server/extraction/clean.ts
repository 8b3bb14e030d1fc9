// A line is a running header or footer when, once its numbers are masked ("Page 11 sur 15"),
// it appears on more than half of the pages. Only the first and last few lines of a page are
// candidates: a masked body line ("Article 3") may well repeat on every page.
const EDGE_LINES = 3;
const shape = (line: string) => line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#');

function edgeShapes(page: string): Set<string> {
  const lines = page
    .split('\n')
    .map(shape)
    .filter((line) => line);
  return new Set([...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)]);
}

/** The pages without their running headers and footers (documents of 3 pages or more only). */
export function stripRepeatedLines(pages: string[]): string[] {
  if (pages.length < 3) return pages;
  const edges = pages.map(edgeShapes);
  const counts = new Map<string, number>();
  for (const shapes of edges) for (const key of shapes) counts.set(key, (counts.get(key) ?? 0) + 1);
  const repeated = new Set([...counts].filter(([, count]) => count > pages.length / 2).map(([key]) => key));
  if (repeated.size === 0) return pages;
  return pages.map((page) => {
    const lines = page.split('\n');
    const nonEmpty = lines.flatMap((line, at) => (shape(line) ? [at] : []));
    const edge = new Set([...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)]);
    return lines
      .filter((line, at) => !(edge.has(at) && repeated.has(shape(line))))
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
  });
}

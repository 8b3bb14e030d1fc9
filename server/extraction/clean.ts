// A line is a running header or footer when, once its numbers are masked ("Page 11 sur 15"),
// it appears on more than half of the pages. Only the first and last few lines of a page are
// candidates: a masked body line ("Article 3") may well repeat on every page.
const EDGE_LINES = 3;
const shape = (line: string) => line.trim().replace(/\s+/g, ' ').replace(/\d+/g, '#');

/** The indexes of a page's first and last EDGE_LINES non-blank lines; only they are shaped, not the whole page. */
function edgeIndexes(lines: string[]): Set<number> {
  const blank = (at: number) => !lines[at]!.trim();
  const first: number[] = [];
  for (let at = 0; at < lines.length && first.length < EDGE_LINES; at++) if (!blank(at)) first.push(at);
  const last: number[] = [];
  for (let at = lines.length - 1; at >= 0 && last.length < EDGE_LINES; at--) if (!blank(at)) last.push(at);
  return new Set([...first, ...last]);
}

/** The pages without their running headers and footers (documents of 3 pages or more only). */
export function stripRepeatedLines(pages: string[]): string[] {
  if (pages.length < 3) return pages;
  const split = pages.map((page) => page.split('\n'));
  const edges = split.map(edgeIndexes);
  const counts = new Map<string, number>();
  split.forEach((lines, index) => {
    for (const key of new Set([...edges[index]!].map((at) => shape(lines[at]!)))) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const repeated = new Set([...counts].filter(([, count]) => count > pages.length / 2).map(([key]) => key));
  if (repeated.size === 0) return pages;
  return split.map((lines, index) => {
    const edge = edges[index]!;
    return lines
      .filter((line, at) => !(edge.has(at) && repeated.has(shape(line))))
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
  });
}

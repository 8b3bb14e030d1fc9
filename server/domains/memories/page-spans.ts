// How many pages each section of a laid-out memory takes (issue 25): a buyer's frame may cap an
// item at "1 page maximum", and only the layout says how long a section is. Each heading is found
// in the PDF's lines, searching backwards so a heading's table-of-contents entry (earlier, with its
// dot leaders and page) is never taken for it; a section runs from its heading to the next one's.
import type { LaidOutPage } from '../../extraction/pdf';
import type { FrameLimit } from '../../analysis/frame/types';

/** The words of a line or heading, compared without case, accents, spacing or punctuation. */
const squeezed = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

// A heading may wrap: its title is looked for over this many lines from where it starts.
const WRAP_LINES = 3;
// What may come before the title on its line: the heading's number ("2.1.", "A-3)", "II").
const NUMBER_PREFIX = /^(?:\p{N}{0,12}|[ivxlc]{1,6}\p{N}{0,6}|\p{L}\p{N}{0,8})$/u;
// A line's height on an A4 page of body text, as a fraction of the page: what the last line adds.
const LINE = 0.02;
// A section as long as its limit, give or take a line's rounding, is within it.
const TOLERANCE = 0.02;

/**
 * The length in pages (a page is 1, a fraction for part of one) of the part of the document from
 * each heading to the next heading found; null for a heading not found. `headings` in the
 * document's order, as printed without their numbers.
 */
export function headingSpans(layout: LaidOutPage[], headings: string[]): (number | null)[] {
  const lines = layout.flatMap((page, index) => page.lines.map((line) => ({ text: squeezed(line.text), at: index + line.top })));
  if (!lines.length) return headings.map(() => null);
  const starts: (number | null)[] = headings.map(() => null);
  let before = lines.length;
  for (let index = headings.length - 1; index >= 0; index--) {
    const title = squeezed(headings[index]!);
    if (!title) continue;
    for (let line = before - 1; line >= 0; line--) {
      const wrapped = lines.slice(line, line + WRAP_LINES).map((l) => l.text);
      const window = wrapped.join('');
      const at = window.indexOf(title);
      // The whole heading: its title ends where one of its lines ends (not a sentence starting with the same words).
      const lineEnds = wrapped.map((_, i) => wrapped.slice(0, i + 1).join('').length);
      if (at >= 0 && NUMBER_PREFIX.test(window.slice(0, at)) && lineEnds.includes(at + title.length)) {
        starts[index] = line;
        before = line;
        break;
      }
    }
  }
  return starts.map((start, index) => {
    if (start === null) return null;
    const next = starts.slice(index + 1).find((s): s is number => s !== null) ?? lines.length;
    // To the foot of its last line, not to the next heading: a page break before the next chapter is not the section's.
    const until = lines[next - 1]!.at + LINE;
    return Math.round((until - lines[start]!.at) * 100) / 100;
  });
}

/** A section measured in the laid-out document, kept with the memory (`memories.pdf_pages`). */
export type SectionPages = { sectionId: string; pages: number };

/** The sections longer than their frame item's page limit. */
export function pageOverruns(measured: SectionPages[], sections: { id: string; frameItem: { number: string; limit: FrameLimit | null } | null }[]): { sectionId: string; number: string; pages: number; max: number }[] {
  return measured.flatMap(({ sectionId, pages }) => {
    const max = sections.find((s) => s.id === sectionId)?.frameItem?.limit?.pages;
    const number = sections.find((s) => s.id === sectionId)?.frameItem?.number ?? '';
    return max !== undefined && pages > max + TOLERANCE ? [{ sectionId, number, pages, max }] : [];
  });
}

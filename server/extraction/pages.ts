import { ExtractionError, MAX_PAGES } from './types';

/**
 * Accumulates the text of a flowing document (DOCX, ODT) into lines and pages. A page break
 * with nothing written since the previous one is the same break seen twice (Word writes both an
 * explicit break and the break it rendered), so it does not start an empty page.
 */
export class PageWriter {
  private pages: string[][] = [[]];
  private line = '';

  text(text: string): void {
    this.line += text;
  }

  /** A separator that is written only between two pieces of text on the line. */
  space(): void {
    if (this.line && !/[\s]$/.test(this.line)) this.line += ' ';
  }

  tab(): void {
    this.line = this.line.replace(/ +$/, '') + '\t';
  }

  newline(): void {
    const line = this.line.replace(/[ \t]+$/, '');
    this.line = '';
    const page = this.pages[this.pages.length - 1]!;
    // Empty paragraphs used as spacing collapse to one blank line.
    if (line || (page.length > 0 && page[page.length - 1] !== '')) page.push(line);
  }

  pageBreak(): void {
    if (this.line.trim()) this.newline();
    const page = this.pages[this.pages.length - 1]!;
    if (!page.some((line) => line.trim())) return;
    if (this.pages.length >= MAX_PAGES) throw new ExtractionError('extraction-too_many_pages');
    this.pages.push([]);
  }

  finish(): string[] {
    this.newline();
    const pages = this.pages.map((lines) => lines.join('\n').trim());
    if (pages.length > 1 && !pages[pages.length - 1]) pages.pop();
    return pages;
  }
}

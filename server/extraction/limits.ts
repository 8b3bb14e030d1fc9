// How much text one upload may put in the database. A file's bytes say little about its text: a
// 50 KB PDF whose pages all draw one compressed content stream gives 15 MB of text, and once
// stored with its search copy and index, a hundred times its size on disk.
//
// Figures measured with pdftotext -layout on the 23 real DCE PDFs of tests/fixtures/dce: most
// pages hold 4–6 KB of text, the densest 13.4 KB (a landscape question-and-answer table); the
// longest CCTP, 198 pages, holds 479 KB.

/** 2.4 times the densest real page: past it, the page is a forgery or a wall of numbers. */
export const MAX_PAGE_TEXT_BYTES = 32 * 1024;
/** About eight 200-page CCTPs: a whole DCE uploaded as one ZIP still fits. */
export const MAX_DOCUMENT_TEXT_BYTES = 4 * 1024 * 1024;
/** Pages kept per document, all ZIP entries together: an empty page is still a row and its index entries (the catalogue says 10 000). */
export const MAX_DOCUMENT_PAGES = 10_000;
/** Four documents at their limit on one tender: its DCE, addenda, answers to questions… */
export const MAX_TENDER_TEXT_BYTES = 16 * 1024 * 1024;

/** What stopped the text: the document's limit, the tender's, or the plan's storage. */
export type TextLimit = 'document' | 'tender' | 'storage';

/** What a budget left out: pages cut to MAX_PAGE_TEXT_BYTES, and the limit that ended the text, if one did. */
export type TextCut = { shortenedPages: number; stoppedBy?: TextLimit };

export const textBytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The text's first `max` bytes of UTF-8, never half a character. */
export function cutToBytes(text: string, max: number): string {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short strings need no measuring.
  if (text.length * 3 <= max) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  // A character cut in two decodes as U+FFFD, which is dropped.
  return bytes.subarray(0, Math.max(0, max)).toString('utf8').replace(/\uFFFD$/, '');
}

/**
 * The text a document may keep, page after page in reading order: each page to at most
 * MAX_PAGE_TEXT_BYTES, and all of them to `bytes` and `pages`. The page that reaches a limit keeps
 * what fits; every page after it is left out, so the pages kept are always the first ones.
 */
export class TextBudget {
  private shortened = 0;
  private stopped = false;

  constructor(
    private bytes: number,
    private readonly limit: TextLimit,
    private pages = Number.POSITIVE_INFINITY,
  ) {}

  /** Bytes still to be given; 0 once the text has stopped. */
  get left(): number {
    return this.stopped ? 0 : Math.max(0, this.bytes);
  }

  /**
   * The page's text as kept, or undefined when the page is left out. `pageBytes` caps a page of a
   * paginated document (a PDF, where one content stream drawn on every page multiplies the text);
   * a text file or a sheet is one "page" as long as it is, bounded by the document's budget.
   */
  take(text: string, pageBytes = MAX_PAGE_TEXT_BYTES): string | undefined {
    if (this.stopped) return undefined;
    if (this.pages <= 0 || (this.bytes <= 0 && text)) {
      this.stopped = true;
      return undefined;
    }
    let kept = cutToBytes(text, pageBytes);
    if (kept !== text) this.shortened++;
    const size = textBytes(kept);
    if (size > this.bytes) {
      kept = cutToBytes(kept, this.bytes);
      this.stopped = true;
    }
    this.bytes -= textBytes(kept);
    this.pages--;
    return kept;
  }

  /** What was left out, or undefined when the whole text was kept. */
  cut(): TextCut | undefined {
    if (!this.shortened && !this.stopped) return undefined;
    return { shortenedPages: this.shortened, ...(this.stopped ? { stoppedBy: this.limit } : {}) };
  }
}

/** Two cuts of one text (the child's, then the server's): a later stop is the one that cut deepest. */
export function mergeCuts(first: TextCut | undefined, second: TextCut | undefined): TextCut | undefined {
  if (!first || !second) return first ?? second;
  return { shortenedPages: first.shortenedPages + second.shortenedPages, ...((second.stoppedBy ?? first.stoppedBy) ? { stoppedBy: second.stoppedBy ?? first.stoppedBy } : {}) };
}

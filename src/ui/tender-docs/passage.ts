// Where a quoted passage lies in a page's text. The passage was flattened when it was quoted (the
// server joins a paragraph's lines with one space and a word hyphenated across two lines into one:
// server/analysis/dce/text.ts), the page keeps its line breaks, column spacing and hyphens; so
// both are compared in a normal form whose every character knows its place in the page.

/** Text with a map from each of its characters to an index of the source. */
type Normal = { text: string; at: number[] };

const QUOTES: Record<string, string> = { '’': "'", '‘': "'", 'ʼ': "'", '“': '"', '”': '"', '«': '"', '»': '"', '\u00a0': ' ', '\u202f': ' ', 'ﬁ': 'fi', 'ﬂ': 'fl', 'œ': 'oe', 'Œ': 'oe' };

/** Lower case, quotes and ligatures made plain, any run of spaces one space, "mot-\n  suite" joined. */
function normal(source: string): Normal {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    // A hyphen at the end of a line between two letters: the word goes on below.
    if (c === '-' && /\p{L}/u.test(source[i - 1] ?? '')) {
      const rest = /^[ \t\u00a0]*\r?\n\s*(?=\p{L})/u.exec(source.slice(i + 1));
      if (rest) {
        i += rest[0].length;
        continue;
      }
    }
    if (/\s/.test(c)) {
      if (text.length && !text.endsWith(' ')) {
        text += ' ';
        at.push(i);
      }
      continue;
    }
    for (const d of (QUOTES[c] ?? c).toLowerCase()) {
      text += d;
      at.push(i);
    }
  }
  if (text.endsWith(' ')) {
    text = text.slice(0, -1);
    at.pop();
  }
  return { text, at };
}

/** Pieces of the passage as it was quoted: without surrounding quotes, split where it was cut (…). */
function pieces(passage: string): string[] {
  return passage
    .split(/…|\.\.\.|\[…\]/)
    .map((piece) => normal(piece).text.replace(/^["\s]+|["\s]+$/g, ''))
    .filter((piece) => piece.length > 0);
}

const MIN_WORDS = 3;

/**
 * The span [start, end) of `text` the passage quotes, over as many lines as it takes; a passage
 * cut with "…" spans from its first piece to its last found after it; a passage the page only
 * partly holds (its end cut mid-word, a typo fixed) is found by its longest head of 3 words or more.
 */
export function findPassage(text: string, passage: string): { start: number; end: number } | null {
  const page = normal(text);
  const parts = pieces(passage);
  if (!parts.length) return null;
  const span = (from: number, to: number) => ({ start: page.at[from]!, end: page.at[to - 1]! + 1 });
  const first = page.text.indexOf(parts[0]!);
  if (first >= 0) {
    let end = first + parts[0]!.length;
    for (const part of parts.slice(1)) {
      const next = page.text.indexOf(part, end);
      if (next < 0) break;
      end = next + part.length;
    }
    return span(first, end);
  }
  // The longest head of the first piece the page holds.
  const words = parts[0]!.split(' ');
  for (let n = words.length - 1; n >= Math.min(MIN_WORDS, words.length); n--) {
    const head = words.slice(0, n).join(' ');
    const found = page.text.indexOf(head);
    if (found >= 0) return span(found, found + head.length);
  }
  return null;
}

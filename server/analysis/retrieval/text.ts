// Cutting a page into sentence-like units and units into passages. Extracted pages are layout
// text: a sentence wraps over several lines, a table row is a line, a bullet starts a line.

/** One unit of a page: a sentence, a bullet, a table row group; `para` when a blank line came before it. */
export type Unit = { text: string; para: boolean };

// Bullets as extracted: typographic ones, arrows, check marks, and the Symbol/Wingdings glyphs of
// Word lists (private use U+F0xx).
const BULLET = /^\s*(?:[•\-–—▪■►●○◦*➢➤➔→✓✔✗□☐▫\uf000-\uf0ff]|o\s|\d{1,2}[.)](?:\s|$)|[a-z][.)]\s|PSE\s+n°)/u;

/** A line that is an item of a list: a bullet, "1.", "a)". */
export const isListItem = (line: string) => BULLET.test(line);
// A full stop after one of these words is no sentence end ("art. 21", "R. 2143-3", "n° 2").
const ABBREVIATION = /(?:^|[\s(])(?:[A-Za-z]|art|cf|n°|no|p|pp|réf|ref|min|max|env|etc|ex|Mme|M|MM|Dr|al|chap|vol|ann)\.$/u;
const MAX_UNIT = 500;
const SHORT_UNIT = 60;

/** Splits a run of text at sentence ends (".", "!", "?", ";" before a capital, a digit or a quote). */
function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const end = /[.!?;](?=\s+["«(]?[A-ZÀ-Ý0-9•-])/gu;
  for (let match = end.exec(text); match; match = end.exec(text)) {
    const candidate = text.slice(start, match.index + 1);
    if (match[0] === '.' && ABBREVIATION.test(candidate)) continue;
    if (candidate.trim()) out.push(candidate.trim());
    start = match.index + 1;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Too long a unit (a table without full stops) is cut at line ends, then at spaces. */
function capLength(unit: string): string[] {
  if (unit.length <= MAX_UNIT) return [unit];
  const out: string[] = [];
  let current = '';
  const pieces = unit.split('\n').flatMap((line) => (line.length <= MAX_UNIT ? [line] : (line.match(new RegExp(`.{1,${MAX_UNIT}}(?:\\s|$)`, 'gu')) ?? [line])));
  for (const piece of pieces) {
    if (current && current.length + piece.length + 1 > MAX_UNIT) {
      out.push(current);
      current = '';
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  if (current) out.push(current);
  return out;
}

/** The units of a page body, in order: lines joined into sentences, bullets apart, headings kept with what follows. */
export function splitUnits(body: string): Unit[] {
  const raw: Unit[] = [];
  for (const paragraph of body.replace(/\r/g, '').split(/\n[ \t]*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    // Runs of lines, a new run at each bullet.
    const runs: string[] = [];
    for (const line of lines) {
      if (runs.length === 0 || BULLET.test(line)) runs.push(line);
      else runs[runs.length - 1] += `\n${line}`;
    }
    let first = true;
    for (const run of runs) {
      for (const sentence of splitSentences(run)) {
        for (const text of capLength(sentence)) {
          raw.push({ text, para: first });
          first = false;
        }
      }
    }
  }
  // A short unit (a heading, "Date limite :") is kept with the next one: the value follows it.
  const units: Unit[] = [];
  for (let at = 0; at < raw.length; at++) {
    const unit = raw[at] as Unit;
    const next = raw[at + 1];
    if (unit.text.length < SHORT_UNIT && next && unit.text.length + next.text.length < MAX_UNIT) {
      raw[at + 1] = { text: `${unit.text}\n${next.text}`, para: unit.para };
      continue;
    }
    units.push(unit);
  }
  return units;
}

const TARGET_MIN = 800;
const TARGET_MAX = 1200;
const OVERLAP_MAX = 250;

/** A page cut into passages of about 800-1,200 characters at unit ends; the last short unit of a passage starts the next one too. */
export function splitPassages(body: string): string[] {
  const units = splitUnits(body);
  const passages: string[] = [];
  let current: Unit[] = [];
  let length = 0;
  const close = () => {
    passages.push(current.map((unit, at) => (at > 0 && unit.para ? `\n${unit.text}` : unit.text)).join('\n'));
    const last = current[current.length - 1] as Unit;
    const overlap = current.length > 1 && last.text.length <= OVERLAP_MAX;
    current = overlap ? [last] : [];
    length = overlap ? last.text.length : 0;
  };
  for (const unit of units) {
    if (current.length > 0 && length + unit.text.length > TARGET_MAX && length >= TARGET_MIN / 4) close();
    else if (unit.para && length >= TARGET_MIN) close();
    current.push(unit);
    length += unit.text.length + 1;
  }
  if (current.length > 0) {
    const onlyOverlap = passages.length > 0 && current.length === 1 && passages[passages.length - 1]?.endsWith(current[0]?.text ?? '');
    if (!onlyOverlap) {
      const text = current.map((unit, at) => (at > 0 && unit.para ? `\n${unit.text}` : unit.text)).join('\n');
      // A short tail joins the passage before it rather than stand alone.
      const previous = passages[passages.length - 1];
      if (previous !== undefined && text.length < 200 && previous.length + text.length < TARGET_MAX + 200) {
        passages[passages.length - 1] = current.length > 1 && previous.endsWith(current[0]?.text ?? '') ? `${previous}\n${current.slice(1).map((u) => u.text).join('\n')}` : `${previous}\n${text}`;
      } else passages.push(text);
    }
  }
  return passages;
}

// Streaming XML: saxes (research/sourcing.md: fastest SAX parser measured, refuses entity bombs and
// XXE) builds a small tree for one notice at a time; nothing outside the current notice is kept.
import { SaxesParser } from 'saxes';
import type { Refusal } from './notice';

export interface XmlElement {
  /** Local name, prefix dropped ("cbc:Name" → "Name"). */
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Direct text content. */
  text: string;
}

/** Root elements of one notice in each XML format. */
export const XML_RECORD_ROOTS = new Set([
  'ANNONCE',
  'TED_EXPORT',
  'ContractNotice',
  'ContractAwardNotice',
  'PriorInformationNotice',
]);

export type XmlRecord = { type: 'xml'; root: XmlElement; origin: string } | { type: 'refused'; refusal: Refusal };

// A single notice larger than this is refused rather than held in memory (the largest fixture is 126 KB).
export const MAX_RECORD_CHARS = 16 * 1024 * 1024;
const MAX_ERRORS = 50;

const localName = (qname: string) => {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
};

/**
 * Push-style splitter: write() text chunks, records come out through `emit` as each notice closes.
 * A DOCTYPE (the only way to declare entities) stops the whole document: no format we read has one.
 */
export class XmlRecordSplitter {
  private parser = new SaxesParser({ position: true });
  private stack: XmlElement[] = [];
  private recordChars = 0;
  private tooLarge = false;
  private recordError: string | null = null;
  private recordIndex = 0;
  private errors = 0;
  private stopped = false;

  constructor(
    private readonly emit: (record: XmlRecord) => void,
    private readonly origin: string,
  ) {
    const p = this.parser;
    p.on('doctype', () => this.stop('sourcing-xml-doctype', 'DOCTYPE refused: entity declarations are never expanded'));
    p.on('opentag', (tag) => {
      if (this.stopped) return;
      const name = localName(tag.name);
      if (this.stack.length === 0 && !XML_RECORD_ROOTS.has(name)) return;
      const attrs: Record<string, string> = {};
      for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = typeof v === 'string' ? v : v.value;
      const el: XmlElement = { name, attrs, children: [], text: '' };
      if (this.stack.length === 0) {
        this.recordChars = 0;
        this.tooLarge = false;
        this.recordError = null;
      } else if (!this.tooLarge) this.stack[this.stack.length - 1]!.children.push(el);
      this.stack.push(el);
      this.count(name.length + 2);
    });
    const onText = (text: string) => {
      if (this.stopped || this.stack.length === 0 || this.tooLarge) return;
      this.count(text.length);
      if (!this.tooLarge) this.stack[this.stack.length - 1]!.text += text;
    };
    p.on('text', onText);
    p.on('cdata', onText);
    p.on('closetag', () => {
      if (this.stopped || this.stack.length === 0) return;
      const el = this.stack.pop()!;
      if (this.stack.length > 0) return;
      const at = `${this.origin}#${++this.recordIndex}`;
      if (this.tooLarge) this.refuse('sourcing-record-too-large', `notice over ${MAX_RECORD_CHARS} characters`, at);
      else if (this.recordError) this.refuse('sourcing-malformed-xml', this.recordError, at, sourceIdOf(el));
      else this.emit({ type: 'xml', root: el, origin: at });
    });
    p.on('error', (err) => {
      if (this.stopped) return;
      const message = err.message.replace(/^[^:]*:\d+:\d+: /, '');
      if (++this.errors > MAX_ERRORS) return this.stop('sourcing-malformed-xml', `too many XML errors, last: ${message}`);
      if (this.stack.length > 0) this.recordError ??= message;
      else this.refuse('sourcing-malformed-xml', message, `${this.origin}@${p.line}:${p.column}`);
    });
  }

  get done(): boolean {
    return this.stopped;
  }

  write(chunk: string): void {
    if (!this.stopped) this.parser.write(chunk);
  }

  end(): void {
    if (this.stopped) return;
    this.parser.close();
    if (!this.stopped && this.stack.length > 0) {
      const root = this.stack[0]!;
      this.stack = [];
      this.refuse('sourcing-malformed-xml', 'document ends inside a notice', `${this.origin}#${++this.recordIndex}`, sourceIdOf(root));
    }
  }

  private count(n: number) {
    this.recordChars += n;
    if (this.recordChars > MAX_RECORD_CHARS && !this.tooLarge) {
      this.tooLarge = true;
      // Drop what was gathered; only the open path is kept so closing tags still balance.
      for (const el of this.stack) el.children = [];
    }
  }

  private refuse(reason: Refusal['reason'], detail: string, origin: string, sourceId?: string) {
    this.emit({ type: 'refused', refusal: { reason, detail, origin, ...(sourceId ? { sourceId } : {}) } });
  }

  private stop(reason: Refusal['reason'], detail: string) {
    this.stopped = true;
    this.stack = [];
    this.refuse(reason, detail, this.origin);
  }
}

/** Best-effort id of a broken notice so the refusal can name it. */
function sourceIdOf(root: XmlElement): string | undefined {
  if (root.name === 'TED_EXPORT') return root.attrs.DOC_ID;
  const idweb = findFirst(root, 'IDWEB');
  if (idweb) return textOf(idweb) ?? undefined;
  const pub = findFirst(root, 'NoticePublicationID');
  return pub ? (textOf(pub) ?? undefined) : undefined;
}

// --- tree helpers -----------------------------------------------------------------------------

export function child(el: XmlElement | null | undefined, name: string): XmlElement | null {
  if (!el) return null;
  for (const c of el.children) if (c.name === name) return c;
  return null;
}

export function childrenNamed(el: XmlElement | null | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Follows "A/B/C" through first matches. */
export function at(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let cur: XmlElement | null | undefined = el;
  for (const part of path.split('/')) {
    cur = child(cur, part);
    if (!cur) return null;
  }
  return cur ?? null;
}

/** Every element reached by "A/B/C", all matches at each step. */
export function all(el: XmlElement | null | undefined, path: string): XmlElement[] {
  let level: XmlElement[] = el ? [el] : [];
  for (const part of path.split('/')) level = level.flatMap((e) => childrenNamed(e, part));
  return level;
}

export function findFirst(el: XmlElement | null | undefined, name: string): XmlElement | null {
  if (!el) return null;
  for (const c of el.children) {
    if (c.name === name) return c;
    const deep = findFirst(c, name);
    if (deep) return deep;
  }
  return null;
}

export function findAll(el: XmlElement | null | undefined, name: string, out: XmlElement[] = []): XmlElement[] {
  if (!el) return out;
  for (const c of el.children) {
    if (c.name === name) out.push(c);
    findAll(c, name, out);
  }
  return out;
}

/** Text of an element and its descendants; <P> paragraphs and other blocks on their own lines. */
export function textOf(el: XmlElement | null | undefined): string | null {
  if (!el) return null;
  const parts: string[] = [];
  const walk = (e: XmlElement) => {
    if (e.text.trim()) parts.push(e.text);
    for (const c of e.children) walk(c);
  };
  walk(el);
  const text = parts
    .map((p) => p.replace(/[ \t\u00a0\r\n]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  return text === '' ? null : text;
}

export const textAt = (el: XmlElement | null | undefined, path: string) => textOf(at(el, path));

// Streaming JSON records without a dependency: research/sourcing.md measured an element splitter +
// JSON.parse per record as fast as JSONStream and 2× stream-json, at bounded memory.
// It reads a top-level array, the arrays of a wrapper ({results}, {data:{results}}, {marches},
// {marches:{marche}}), JSON Lines, or one notice per file.
import type { Refusal } from './notice';
import { MAX_RECORD_CHARS } from './xml';

export type JsonRecord = { type: 'json'; value: unknown; origin: string } | { type: 'refused'; refusal: Refusal };

/** Key paths (from the top-level value) of arrays whose elements are notices. */
const RECORD_ARRAYS = new Set(['', 'results', 'data.results', 'marches', 'marches.marche', 'records']);

interface Frame {
  isArray: boolean;
  path: string;
  /** Next string in this object is a key. */
  expectKey: boolean;
  key: string | null;
}

const BRACE_OPEN = 123, BRACE_CLOSE = 125, BRACKET_OPEN = 91, BRACKET_CLOSE = 93;
const QUOTE = 34, COMMA = 44, COLON = 58;

export class JsonRecordSplitter {
  private stack: Frame[] = [];
  private inString = false;
  private escaped = false;
  /** Depth at which the current capture started (-1: not capturing). */
  private captureDepth = -1;
  private captured: string[] = [];
  private capturedChars = 0;
  private captureStart = 0;
  private tooLarge = false;
  /** Captures a whole top-level object until it proves to be a wrapper (one notice per file, JSON Lines). */
  private topLevel = false;
  private keyStart = -1;
  private keyText = '';
  private index = 0;
  private fatal = false;

  constructor(
    private readonly emit: (record: JsonRecord) => void,
    private readonly origin: string,
  ) {}

  write(chunk: string): void {
    if (this.fatal) return;
    const n = chunk.length;
    // Inside a string only a quote or a backslash matters: jump to the next of either (strings are
    // most of a notice's characters). Their next positions in this chunk, found once each.
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let i = 0; i < n; i++) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        if (nextQuote < i) nextQuote = chunk.indexOf('"', i) >>> 0; // -1 becomes 2^32 - 1: none in this chunk
        if (nextBackslash < i) nextBackslash = chunk.indexOf('\\', i) >>> 0;
        if (nextBackslash < nextQuote) {
          i = nextBackslash;
          this.escaped = true;
          continue;
        }
        if (nextQuote >= n) break;
        i = nextQuote;
        this.inString = false;
        if (this.keyStart >= 0) {
          this.keyText += chunk.slice(this.keyStart, i);
          this.keyStart = -1;
        }
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (c === QUOTE) {
        this.inString = true;
        const top = this.stack[this.stack.length - 1];
        // Keys matter only outside notices, or in the first two levels of a top-level object
        // that may turn out to be a wrapper.
        if (top && !top.isArray && top.expectKey && (this.captureDepth < 0 || (this.topLevel && this.stack.length <= 2))) {
          this.keyStart = i + 1;
          this.keyText = '';
        }
        continue;
      }
      if (c === COLON) {
        const top = this.stack[this.stack.length - 1];
        if (top && !top.isArray && top.expectKey) {
          top.expectKey = false;
          top.key = this.keyText;
        }
        continue;
      }
      if (c === COMMA) {
        const top = this.stack[this.stack.length - 1];
        if (top && !top.isArray) top.expectKey = true;
        continue;
      }
      if (c === BRACE_OPEN || c === BRACKET_OPEN) {
        const parent = this.stack[this.stack.length - 1];
        const path = parent ? (parent.isArray ? parent.path : parent.path ? `${parent.path}.${parent.key}` : (parent.key ?? '')) : '';
        if (this.captureDepth < 0 && c === BRACE_OPEN) {
          if (parent?.isArray && RECORD_ARRAYS.has(parent.path) && !this.topLevel) this.startCapture(i);
          else if (!parent) {
            this.topLevel = true;
            this.startCapture(i);
          }
        }
        this.stack.push({ isArray: c === BRACKET_OPEN, path, expectKey: c === BRACE_OPEN, key: null });
        // A top-level object holding a notice array is a wrapper, not a notice: stop capturing it.
        if (c === BRACKET_OPEN && this.topLevel && path !== '' && RECORD_ARRAYS.has(path) && this.stack.length <= 3) this.cancelCapture();
        continue;
      }
      if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
        this.stack.pop();
        if (this.captureDepth >= 0 && this.stack.length === this.captureDepth) this.finishCapture(chunk, i);
        continue;
      }
    }
    if (this.captureDepth >= 0) this.keep(chunk.slice(this.captureStart));
    if (this.keyStart >= 0) {
      this.keyText += chunk.slice(this.keyStart);
      this.keyStart = 0;
    }
    this.captureStart = 0;
  }

  end(): void {
    if (this.fatal) return;
    if (this.captureDepth >= 0 || this.stack.length > 0 || this.inString) {
      this.emit({
        type: 'refused',
        refusal: { reason: 'sourcing-malformed-json', detail: 'file ends inside a value', origin: `${this.origin}#${this.index + 1}` },
      });
    }
  }

  private startCapture(i: number) {
    this.captureDepth = this.stack.length;
    this.captureStart = i;
    this.captured = [];
    this.capturedChars = 0;
    this.tooLarge = false;
  }

  private cancelCapture() {
    this.captureDepth = -1;
    this.captured = [];
    this.capturedChars = 0;
    this.topLevel = false;
  }

  private keep(text: string) {
    if (this.tooLarge) return;
    this.capturedChars += text.length;
    if (this.capturedChars > MAX_RECORD_CHARS) {
      this.tooLarge = true;
      this.captured = [];
    } else this.captured.push(text);
  }

  private finishCapture(chunk: string, i: number) {
    this.keep(chunk.slice(this.captureStart, i + 1));
    const origin = `${this.origin}#${++this.index}`;
    const text = this.captured.join('');
    const tooLarge = this.tooLarge;
    this.captured = [];
    this.captureDepth = -1;
    this.topLevel = false;
    if (tooLarge) {
      this.emit({ type: 'refused', refusal: { reason: 'sourcing-record-too-large', detail: `record over ${MAX_RECORD_CHARS} characters`, origin } });
      return;
    }
    try {
      this.emit({ type: 'json', value: JSON.parse(text), origin });
    } catch (err) {
      const idweb = /"(?:idweb|id)"\s*:\s*"([^"]{1,80})"/.exec(text)?.[1];
      this.emit({
        type: 'refused',
        refusal: { reason: 'sourcing-malformed-json', detail: (err as Error).message, origin, ...(idweb ? { sourceId: idweb } : {}) },
      });
    }
  }
}

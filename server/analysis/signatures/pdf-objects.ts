// A small, forgiving reader of PDF objects straight from the file's bytes: enough to read a
// signature dictionary and the field that points at it. It never follows the cross-reference
// table (which may be a compressed stream, or broken): signature dictionaries are plain objects in
// the file's body, since their /ByteRange names offsets in the raw bytes.

export type PdfName = { kind: 'name'; name: string };
/** A string as it stands in the file; `start`/`end` are its offsets, delimiters included. */
export type PdfString = { kind: 'string'; bytes: Uint8Array; hex: boolean; start: number; end: number };
export type PdfRef = { kind: 'ref'; num: number; gen: number };
export type PdfDict = { kind: 'dict'; entries: Map<string, PdfValue>; start: number; end: number };
export type PdfValue = number | boolean | null | PdfName | PdfString | PdfRef | PdfDict | PdfValue[];

/** Where an indirect object begins ("12 0 obj") and the offset just after its header. */
export type ObjectHeader = { num: number; gen: number; start: number; bodyStart: number };

const MAX_DEPTH = 64; // hostile files nest arrays deeply: stop long before the stack does
const MAX_STRING_BYTES = 1 << 20;

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte: number) => byte === 0x28 || byte === 0x29 || byte === 0x3c || byte === 0x3e || byte === 0x5b || byte === 0x5d || byte === 0x7b || byte === 0x7d || byte === 0x2f || byte === 0x25;
const isRegular = (byte: number) => !isWhite(byte) && !isDelimiter(byte);
const hexValue = (byte: number) => (byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1);

class ParseError extends Error {}

export class PdfObjectReader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The value starting at `offset`, or undefined when the bytes there are not a readable value. */
  readValueAt(offset: number): PdfValue | undefined {
    this.pos = offset;
    try {
      return this.value(0);
    } catch (error) {
      if (error instanceof ParseError || error instanceof RangeError) return undefined;
      throw error;
    }
  }

  private skipSpace() {
    const bytes = this.bytes;
    while (this.pos < bytes.length) {
      const byte = bytes[this.pos]!;
      if (isWhite(byte)) this.pos++;
      else if (byte === 0x25) {
        while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  private value(depth: number): PdfValue {
    if (depth > MAX_DEPTH) throw new ParseError('too deep');
    this.skipSpace();
    const bytes = this.bytes;
    if (this.pos >= bytes.length) throw new ParseError('end of file');
    const byte = bytes[this.pos]!;
    if (byte === 0x3c && bytes[this.pos + 1] === 0x3c) return this.dict(depth);
    if (byte === 0x3c) return this.hexString();
    if (byte === 0x28) return this.literalString();
    if (byte === 0x2f) return { kind: 'name', name: this.name() };
    if (byte === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.pos >= bytes.length) throw new ParseError('unterminated array');
        if (bytes[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e) return this.numberOrRef();
    const word = this.keyword();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    throw new ParseError(`unexpected ${word || String.fromCharCode(byte)}`);
  }

  private dict(depth: number): PdfDict {
    const start = this.pos;
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    const bytes = this.bytes;
    for (;;) {
      this.skipSpace();
      if (this.pos >= bytes.length) throw new ParseError('unterminated dictionary');
      if (bytes[this.pos] === 0x3e && bytes[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return { kind: 'dict', entries, start, end: this.pos };
      }
      if (bytes[this.pos] !== 0x2f) throw new ParseError('dictionary key is not a name');
      const key = this.name();
      entries.set(key, this.value(depth + 1));
    }
  }

  private name(): string {
    const bytes = this.bytes;
    this.pos++; // the slash
    let name = '';
    while (this.pos < bytes.length && isRegular(bytes[this.pos]!)) {
      const byte = bytes[this.pos]!;
      if (byte === 0x23 && hexValue(bytes[this.pos + 1] ?? 0) >= 0 && hexValue(bytes[this.pos + 2] ?? 0) >= 0) {
        name += String.fromCharCode(hexValue(bytes[this.pos + 1]!) * 16 + hexValue(bytes[this.pos + 2]!));
        this.pos += 3;
      } else {
        name += String.fromCharCode(byte);
        this.pos++;
      }
    }
    return name;
  }

  private keyword(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length && isRegular(this.bytes[this.pos]!) && this.pos - start < 32) this.pos++;
    return Buffer.from(this.bytes.subarray(start, this.pos)).toString('latin1');
  }

  private numberToken(): string | undefined {
    const start = this.pos;
    while (this.pos < this.bytes.length) {
      const byte = this.bytes[this.pos]!;
      if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2b || byte === 0x2d || byte === 0x2e) this.pos++;
      else break;
    }
    return this.pos > start && this.pos - start < 64 ? Buffer.from(this.bytes.subarray(start, this.pos)).toString('latin1') : undefined;
  }

  private numberOrRef(): number | PdfRef {
    const first = Number(this.numberToken());
    if (!Number.isFinite(first)) throw new ParseError('bad number');
    // "12 0 R" is a reference: look ahead, and step back when it is not one.
    const afterFirst = this.pos;
    if (Number.isInteger(first) && first >= 0) {
      this.skipSpace();
      const second = this.numberToken();
      if (second !== undefined && /^\d+$/.test(second)) {
        this.skipSpace();
        if (this.bytes[this.pos] === 0x52 && !isRegular(this.bytes[this.pos + 1] ?? 0x20)) {
          this.pos++;
          return { kind: 'ref', num: first, gen: Number(second) };
        }
      }
    }
    this.pos = afterFirst;
    return first;
  }

  private hexString(): PdfString {
    const start = this.pos;
    const bytes = this.bytes;
    const end = bytes.indexOf(0x3e, start + 1);
    if (end < 0) throw new ParseError('unterminated hex string');
    const out = new Uint8Array(Math.ceil((end - start) / 2));
    let count = 0;
    let high = -1;
    for (let i = start + 1; i < end; i++) {
      const nibble = hexValue(bytes[i]!);
      if (nibble < 0) {
        if (isWhite(bytes[i]!)) continue;
        throw new ParseError('bad hex digit');
      }
      if (high < 0) high = nibble;
      else {
        out[count++] = high * 16 + nibble;
        high = -1;
      }
    }
    if (high >= 0) out[count++] = high * 16;
    this.pos = end + 1;
    return { kind: 'string', bytes: out.subarray(0, count), hex: true, start, end: this.pos };
  }

  private literalString(): PdfString {
    const start = this.pos;
    const bytes = this.bytes;
    const out: number[] = [];
    let depth = 1;
    this.pos++;
    while (this.pos < bytes.length) {
      if (out.length > MAX_STRING_BYTES) throw new ParseError('string too long');
      const byte = bytes[this.pos++]!;
      if (byte === 0x5c) {
        const next = bytes[this.pos++];
        if (next === undefined) break;
        const escaped: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };
        if (next in escaped) out.push(escaped[next]!);
        else if (next >= 0x30 && next <= 0x37) {
          let code = next - 0x30;
          for (let k = 0; k < 2 && bytes[this.pos]! >= 0x30 && bytes[this.pos]! <= 0x37; k++) code = code * 8 + (bytes[this.pos++]! - 0x30);
          out.push(code & 0xff);
        } else if (next === 0x0d) {
          if (bytes[this.pos] === 0x0a) this.pos++; // an escaped line break continues the line
        } else if (next !== 0x0a) out.push(next);
      } else if (byte === 0x28) {
        depth++;
        out.push(byte);
      } else if (byte === 0x29) {
        if (--depth === 0) return { kind: 'string', bytes: Uint8Array.from(out), hex: false, start, end: this.pos };
        out.push(byte);
      } else out.push(byte);
    }
    throw new ParseError('unterminated string');
  }
}

/** Every "n g obj" header in `text` (the file read as latin1), in file order. */
export function findObjectHeaders(text: string): ObjectHeader[] {
  const headers: ObjectHeader[] = [];
  const pattern = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj\b/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    headers.push({ num: Number(match[1]), gen: Number(match[2]), start: match.index, bodyStart: match.index + match[0].length });
  }
  return headers;
}

/** The last header that starts before `offset` (headers sorted by start), by binary search. */
export function headerBefore(headers: ObjectHeader[], offset: number): ObjectHeader | undefined {
  let low = 0;
  let high = headers.length - 1;
  let found: ObjectHeader | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const header = headers[middle]!;
    if (header.start < offset) {
      found = header;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export const isDict = (value: PdfValue | undefined): value is PdfDict => typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'dict';
export const isString = (value: PdfValue | undefined): value is PdfString => typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'string';
export const isName = (value: PdfValue | undefined): value is PdfName => typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'name';
export const isRef = (value: PdfValue | undefined): value is PdfRef => typeof value === 'object' && value !== null && !Array.isArray(value) && value.kind === 'ref';

/** Every dictionary inside `value` (itself included), each with the dictionary and key that hold it. */
export function* dictionariesIn(value: PdfValue, parent?: PdfDict, key?: string): Generator<{ dict: PdfDict; parent?: PdfDict; key?: string }> {
  if (Array.isArray(value)) {
    for (const item of value) yield* dictionariesIn(item, parent, key);
  } else if (isDict(value)) {
    yield { dict: value, parent, key };
    for (const [childKey, child] of value.entries) yield* dictionariesIn(child, value, childKey);
  }
}

/** A PDF text string (UTF-16 with a byte-order mark, UTF-8 with one, or PDFDocEncoding, read as latin1). */
export function decodeTextString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  return Buffer.from(bytes).toString('latin1');
}

/** A PDF date ("D:20250314093000+01'00'") as an ISO instant; undefined when it is not one. */
export function pdfDateToIso(text: string): string | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', , sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  const date = new Date(utc - offset * 60_000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

// Finds the electronic signatures of a PDF (PAdES and older PKCS#7 ones) from its bytes, and says
// for each who signed, when, with which certificate, whether the signed bytes are unchanged and
// whether anything was appended after signing (issue 26). Pure: no I/O, never throws.

import { inflateSync } from 'node:zlib';
import { checkCms, EMPTY_CERTIFICATE } from './cms.js';
import { PdfObjectReader, decodeTextString, dictionariesIn, findObjectHeaders, headerBefore, isDict, isName, isRef, isString, pdfDateToIso, type ObjectHeader, type PdfDict, type PdfValue } from './pdf-objects.js';
import type { PdfSignature, SignatureSummary } from './types.js';

export type { PdfSignature, SignatureCertificate, SignatureSummary } from './types.js';

const PADES_SUB_FILTERS = new Set(['ETSI.CAdES.detached', 'ETSI.RFC3161']);
const MAX_INFLATED_BYTES = 32 << 20; // an object stream is small; a bomb is not
const MAX_SIGNATURES = 50; // real files carry a handful; a hostile one could carry thousands to check
const MAX_MARKERS = 1000; // likewise for the /ByteRange and /Type /Sig markers looked at

/** A signature dictionary as found in the file, before its CMS is checked. */
type Found = {
  dict?: PdfDict;
  /** The field dictionary that holds it inline (/V << ... >>), if so. */
  inlineField?: PdfDict;
  object?: ObjectHeader;
  byteRange?: number[];
  /** The signature value and where its hex string stands in the file. */
  contents?: { bytes: Uint8Array; start: number; end: number };
  subFilter: string;
  modified?: string;
};

export function readPdfSignatures(pdf: Uint8Array): PdfSignature[] {
  try {
    if (!(pdf instanceof Uint8Array) || pdf.length === 0) return [];
    return new SignatureScan(pdf).signatures();
  } catch (error) {
    // A reader of uploaded files must not fail the upload: an unexpected shape reads as unsigned.
    console.warn('pdf signatures: unreadable file', error instanceof Error ? error.message : error);
    return [];
  }
}

/** Whether the file is signed, by whom, and whether every signer's certificate was valid at `at`. */
export function signatureSummary(signatures: PdfSignature[], at: Date): SignatureSummary {
  const intact = signatures.filter((signature) => signature.intact);
  const signers = [...new Set(intact.map((signature) => signature.signerName ?? signature.certificate.subject).filter((name) => name !== ''))];
  const time = at.getTime();
  const validAt = intact.length > 0 && intact.every(({ certificate }) => certificate.notBefore !== '' && Date.parse(certificate.notBefore) <= time && time <= Date.parse(certificate.notAfter));
  return { signed: intact.length > 0, signers, validAt };
}

class SignatureScan {
  private readonly text: string;
  private readonly reader: PdfObjectReader;
  private headersCache?: ObjectHeader[];
  private readonly signatureDictionaries = new Map<number, Array<{ dict: PdfDict; parent?: PdfDict; key?: string }>>();

  constructor(private readonly bytes: Uint8Array) {
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    this.reader = new PdfObjectReader(bytes);
  }

  private get headers(): ObjectHeader[] {
    this.headersCache ??= findObjectHeaders(this.text);
    return this.headersCache;
  }

  signatures(): PdfSignature[] {
    const found: Found[] = [];
    const covered: Array<[number, number]> = [];
    const markers = /\/ByteRange\b|\/Type\s*\/(?:Sig|DocTimeStamp)(?![^\s/<>[\]()%])/g;
    let markersSeen = 0;
    for (let match = markers.exec(this.text); match && markersSeen++ < MAX_MARKERS; match = markers.exec(this.text)) {
      const at = match.index;
      // Markers come in file order: only the last dictionary read can hold this one too.
      const last = covered[covered.length - 1];
      if (last && last[0] <= at && at < last[1]) continue;
      const signature = this.signatureAt(at, match[0].startsWith('/ByteRange'));
      if (!signature) continue;
      if (signature.dict) covered.push([signature.dict.start, signature.dict.end]);
      // The same signature rewritten by a later revision is still one signature.
      const key = signature.byteRange?.join(' ');
      if (key && found.some((other) => other.byteRange?.join(' ') === key)) continue;
      found.push(signature);
      if (found.length >= MAX_SIGNATURES) break;
    }
    return found.map((signature) => this.describe(signature));
  }

  /** The signature dictionary around a marker at `at`; undefined when the marker is not in one. */
  private signatureAt(at: number, byteRangeMarker: boolean): Found | undefined {
    const header = headerBefore(this.headers, at);
    if (header) {
      // Dictionaries come outer first, so by start: the last one that starts before the marker and
      // still holds it is the innermost.
      const dictionaries = this.signatureDictionariesIn(header);
      let low = 0;
      let high = dictionaries.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (dictionaries[middle]!.dict.start <= at) low = middle + 1;
        else high = middle;
      }
      let holder: (typeof dictionaries)[number] | undefined;
      for (let i = low - 1; i >= 0 && !holder; i--) if (at < dictionaries[i]!.dict.end) holder = dictionaries[i];
      if (holder) {
        const { dict, parent, key } = holder;
        return this.fromDictionary(dict, key === 'V' && parent?.entries.has('T') ? parent : undefined, parent ? undefined : header);
      }
    }
    // The dictionary could not be parsed (damaged, or not in an object): read what the marker says.
    return byteRangeMarker ? this.fromRawByteRange(at) : undefined;
  }

  /** The signature dictionaries of the object at `header`, read once however many markers it holds. */
  private signatureDictionariesIn(header: ObjectHeader): Array<{ dict: PdfDict; parent?: PdfDict; key?: string }> {
    let dictionaries = this.signatureDictionaries.get(header.start);
    if (!dictionaries) {
      const value = this.reader.readValueAt(header.bodyStart);
      dictionaries = value === undefined ? [] : [...dictionariesIn(value)].filter(({ dict }) => {
        const type = dict.entries.get('Type');
        return dict.entries.has('ByteRange') || (isName(type) && (type.name === 'Sig' || type.name === 'DocTimeStamp'));
      });
      this.signatureDictionaries.set(header.start, dictionaries);
    }
    return dictionaries;
  }

  private fromDictionary(dict: PdfDict, inlineField: PdfDict | undefined, object: ObjectHeader | undefined): Found {
    const byteRange = dict.entries.get('ByteRange');
    const contents = dict.entries.get('Contents');
    const subFilter = dict.entries.get('SubFilter');
    const modified = dict.entries.get('M');
    return {
      dict,
      inlineField,
      object,
      byteRange: Array.isArray(byteRange) && byteRange.every((n) => typeof n === 'number') ? (byteRange as number[]) : undefined,
      contents: isString(contents) ? { bytes: contents.bytes, start: contents.start, end: contents.end } : undefined,
      subFilter: isName(subFilter) ? subFilter.name : '',
      modified: isString(modified) ? decodeTextString(modified.bytes) : undefined,
    };
  }

  private fromRawByteRange(at: number): Found | undefined {
    const match = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(this.text.slice(at, at + 200));
    if (!match) return undefined;
    const byteRange = match.slice(1, 5).map(Number);
    const window = this.text.slice(Math.max(0, at - 2048), at + 2048);
    const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()%]+)/.exec(window)?.[1] ?? '';
    const [, holeStart = 0, holeEnd = 0] = byteRange;
    // The hole the byte range leaves is where the signature value stands.
    let contents: Found['contents'];
    if (this.bytes[holeStart] === 0x3c && this.bytes[holeEnd - 1] === 0x3e) {
      const value = this.reader.readValueAt(holeStart);
      if (isString(value)) contents = { bytes: value.bytes, start: value.start, end: value.end };
    }
    return { byteRange, contents, subFilter };
  }

  private describe(found: Found): PdfSignature {
    const signature: PdfSignature = {
      subFilter: found.subFilter,
      pades: PADES_SUB_FILTERS.has(found.subFilter),
      certificate: EMPTY_CERTIFICATE,
      coversWholeFile: false,
      intact: false,
    };
    const fieldName = this.fieldName(found);
    if (fieldName) signature.fieldName = fieldName;
    const ranges = this.signedRanges(found.byteRange);
    signature.coversWholeFile = ranges !== undefined && this.coversWholeFile(found);
    if (found.contents && found.contents.bytes.length > 0) {
      const check = checkCms(found.contents.bytes, ranges ?? []);
      if (check.certificate) signature.certificate = check.certificate;
      if (check.signerName) signature.signerName = check.signerName;
      if (check.signerOrganisation) signature.signerOrganisation = check.signerOrganisation;
      if (check.signedAt) signature.signedAt = check.signedAt;
      signature.intact = ranges !== undefined && check.intact;
    }
    if (!signature.signedAt && found.modified) {
      const modified = pdfDateToIso(found.modified);
      if (modified) signature.signedAt = modified;
    }
    return signature;
  }

  /** The byte ranges' bytes, or undefined when the ranges are not well-formed ones inside the file. */
  private signedRanges(byteRange: number[] | undefined): Uint8Array[] | undefined {
    if (!byteRange || byteRange.length < 4 || byteRange.length % 2 !== 0) return undefined;
    const ranges: Uint8Array[] = [];
    let previousEnd = 0;
    for (let i = 0; i < byteRange.length; i += 2) {
      const start = byteRange[i]!;
      const length = byteRange[i + 1]!;
      if (!Number.isSafeInteger(start) || !Number.isSafeInteger(length) || start < previousEnd || length < 0 || start + length > this.bytes.length) return undefined;
      ranges.push(this.bytes.subarray(start, start + length));
      previousEnd = start + length;
    }
    return ranges;
  }

  /** [0, a) and [b, end of file) are signed, and [a, b) is exactly the /Contents hex string. */
  private coversWholeFile({ byteRange, contents }: Found): boolean {
    if (!byteRange || byteRange.length !== 4) return false;
    const [firstStart, firstLength, secondStart, secondLength] = byteRange as [number, number, number, number];
    if (firstStart !== 0 || secondStart <= firstLength) return false;
    if (contents && (contents.start !== firstLength || contents.end !== secondStart)) return false;
    if (this.bytes[firstLength] !== 0x3c || this.bytes[secondStart - 1] !== 0x3e) return false;
    // Line ends or padding after the signed end change nothing a reader sees; anything else is an update.
    const signedEnd = secondStart + secondLength;
    for (let i = signedEnd; i < this.bytes.length; i++) {
      const byte = this.bytes[i]!;
      if (byte !== 0x0a && byte !== 0x0d && byte !== 0x20 && byte !== 0x00) return false;
    }
    return signedEnd <= this.bytes.length;
  }

  /** The /T of the field whose value is this signature: inline, in a plain object, or in an object stream. */
  private fieldName(found: Found): string | undefined {
    const inline = found.inlineField?.entries.get('T');
    if (isString(inline)) return decodeTextString(inline.bytes);
    if (!found.object) return undefined;
    const { num, gen } = found.object;
    const pointer = new RegExp(`/V\\s*${num}\\s+${gen}\\s+R(?![^\\s/<>[\\]()%])`, 'g');
    const nameIn = (value: PdfValue | undefined) => {
      if (value === undefined) return undefined;
      for (const { dict } of dictionariesIn(value)) {
        const target = dict.entries.get('V');
        const title = dict.entries.get('T');
        if (isRef(target) && target.num === num && target.gen === gen && isString(title)) return decodeTextString(title.bytes);
      }
      return undefined;
    };
    let name: string | undefined;
    for (let match = pointer.exec(this.text); match; match = pointer.exec(this.text)) {
      const header = headerBefore(this.headers, match.index);
      if (header) name = nameIn(this.reader.readValueAt(header.bodyStart)) ?? name; // the latest revision wins
    }
    return name ?? this.fieldNameInObjectStreams(pointer, nameIn);
  }

  private fieldNameInObjectStreams(pointer: RegExp, nameIn: (value: PdfValue | undefined) => string | undefined): string | undefined {
    let name: string | undefined;
    const streams = /\/Type\s*\/ObjStm(?![^\s/<>[\]()%])/g;
    for (let match = streams.exec(this.text); match; match = streams.exec(this.text)) {
      const header = headerBefore(this.headers, match.index);
      if (!header) continue;
      const dict = this.reader.readValueAt(header.bodyStart);
      if (!isDict(dict)) continue;
      const inflated = this.inflatedStream(dict);
      if (!inflated) continue;
      pointer.lastIndex = 0;
      const text = Buffer.from(inflated).toString('latin1');
      if (!pointer.test(text)) continue;
      // The stream begins with "num offset" pairs; the objects follow from /First.
      const first = dict.entries.get('First');
      if (typeof first !== 'number') continue;
      const offsets = [...text.slice(0, first).matchAll(/(\d+)\s+(\d+)/g)].map((pair) => first + Number(pair[2]));
      const reader = new PdfObjectReader(inflated);
      for (const offset of offsets) name = nameIn(reader.readValueAt(offset)) ?? name;
    }
    return name;
  }

  private inflatedStream(dict: PdfDict): Uint8Array | undefined {
    const filter = dict.entries.get('Filter');
    if (!(isName(filter) && filter.name === 'FlateDecode') || dict.entries.has('DecodeParms')) return undefined;
    const keyword = /^\s*stream\r?\n/.exec(this.text.slice(dict.end, dict.end + 20));
    if (!keyword) return undefined;
    const start = dict.end + keyword[0].length;
    const declared = dict.entries.get('Length');
    const end = typeof declared === 'number' ? start + declared : this.text.indexOf('endstream', start);
    if (end < start || end > this.bytes.length) return undefined;
    try {
      return inflateSync(this.bytes.subarray(start, end), { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      return undefined;
    }
  }
}

// Reads a file or stream of notices without loading it: JSON (array, wrapper, JSON Lines, one
// notice), XML (one or many notices) or a ZIP of those, entry by entry (fflate's streaming Unzip).
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { Unzip, UnzipInflate } from 'fflate';
import type { Refusal } from './notice';
import { JsonRecordSplitter, type JsonRecord } from './json-stream';
import { XmlRecordSplitter, type XmlRecord, type XmlElement } from './xml';

export type SourceRecord =
  | { type: 'json'; value: unknown; origin: string }
  | { type: 'xml'; root: XmlElement; origin: string }
  | { type: 'refused'; refusal: Refusal };

export type Container = 'json' | 'xml' | 'zip' | 'unknown';

/** Container of a file from its first bytes (BOM and blanks skipped). */
export function sniffContainer(head: Uint8Array): Container {
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6)) return 'zip';
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  const c = head[i];
  if (c === 0x3c) return 'xml';
  if (c === 0x7b || c === 0x5b) return 'json';
  return 'unknown';
}

/** Latin-1 files declare it; everything else is read as UTF-8. */
function decoderFor(head: Uint8Array): TextDecoder {
  const decl = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const enc = /encoding=["']([\w-]+)["']/i.exec(decl)?.[1]?.toLowerCase();
  const label = enc && /^(iso-8859-1|iso-8859-15|latin1|windows-1252)$/.test(enc) ? 'windows-1252' : 'utf-8';
  return new TextDecoder(label, { ignoreBOM: false });
}

interface Sink {
  write(text: string): void;
  end(): void;
  readonly done?: boolean;
}

/** One document (a file or a ZIP entry) decoded and split as its first bytes say. */
class DocumentReader {
  private sink: Sink | null = null;
  private decoder: TextDecoder | null = null;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly out: SourceRecord[],
    private readonly origin: string,
  ) {}

  /** The document was refused as a whole (a DOCTYPE): the rest need not be read. */
  get done(): boolean {
    return this.sink?.done === true;
  }

  push(bytes: Uint8Array): void {
    if (this.done) return;
    if (!this.sink) {
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
      if (this.pendingBytes < 512) return;
      this.open(concat(this.pending));
      this.pending = [];
      return;
    }
    this.sink.write(this.decoder!.decode(bytes, { stream: true }));
  }

  end(): void {
    if (!this.sink) {
      if (this.pendingBytes === 0) return;
      this.open(concat(this.pending));
      this.pending = [];
    }
    this.sink!.write(this.decoder!.decode());
    this.sink!.end();
  }

  private open(head: Uint8Array) {
    const container = sniffContainer(head);
    const emit = (r: JsonRecord | XmlRecord) => this.out.push(r);
    this.decoder = decoderFor(head);
    if (container === 'xml') this.sink = new XmlRecordSplitter(emit, this.origin);
    else if (container === 'json') this.sink = new JsonRecordSplitter(emit, this.origin);
    else {
      this.out.push({ type: 'refused', refusal: { reason: 'sourcing-unreadable-file', detail: 'neither JSON, XML nor ZIP', origin: this.origin } });
      this.sink = { write() {}, end() {} };
    }
    this.sink.write(this.decoder.decode(head, { stream: true }));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Yields every notice of a file or stream, each as soon as it is complete. Memory holds one chunk
 * (64 KB) and the notices it completed, never the file.
 */
export async function* readRecords(input: string | Readable, name?: string): AsyncGenerator<SourceRecord> {
  const stream = typeof input === 'string' ? createReadStream(input, { highWaterMark: 64 * 1024 }) : input;
  const origin = name ?? (typeof input === 'string' ? basename(input) : 'stream');
  const out: SourceRecord[] = [];
  let zip: Unzip | null = null;
  let doc: DocumentReader | null = null;
  let first = true;
  try {
    for await (const raw of stream) {
      const chunk: Uint8Array = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
      if (first) {
        first = false;
        if (sniffContainer(chunk) === 'zip') zip = openZip(out, origin);
        else doc = new DocumentReader(out, origin);
      }
      if (zip) zip.push(chunk);
      else doc!.push(chunk);
      while (out.length) yield out.shift()!;
      if (doc?.done) break;
    }
    if (zip) zip.push(new Uint8Array(0), true);
    else doc?.end();
  } catch (err) {
    out.push({ type: 'refused', refusal: { reason: 'sourcing-unreadable-file', detail: (err as Error).message, origin } });
  } finally {
    if (typeof input === 'string') stream.destroy();
  }
  while (out.length) yield out.shift()!;
}

function openZip(out: SourceRecord[], origin: string): Unzip {
  const unzip = new Unzip((file) => {
    const entry = `${origin}:${file.name}`;
    if (file.name.endsWith('/') || !/\.(xml|json|jsonl|ndjson)$/i.test(file.name)) return;
    const doc = new DocumentReader(out, entry);
    file.ondata = (err, data, final) => {
      if (err) {
        out.push({ type: 'refused', refusal: { reason: 'sourcing-unreadable-file', detail: err.message, origin: entry } });
        return;
      }
      if (data.length) doc.push(data);
      if (final) doc.end();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return unzip;
}

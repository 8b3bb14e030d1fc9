// Notice import, pure layer: files and streams in, one ImportResult per notice out.
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { NoticeRefused, type ImportResult, type NoticeShape } from './notice';
import { readRecords, sniffContainer, type Container, type SourceRecord } from './reader';
import type { XmlElement } from './xml';
import { importOdsRecord, isOdsRecord, odsShape } from './importers/boamp-ods';
import { importBoampXml } from './importers/boamp-xml';
import { importDilaJson, isDilaJson } from './importers/boamp-dila-json';
import { importTedR209 } from './importers/ted-r209';
import { importEforms } from './importers/eforms';
import { decpShape, importDecp, isDecpRecord } from './importers/decp';

export type { ImportedNotice, ImportResult, NoticeShape, Refusal, RefusalReason } from './notice';
export { readRecords } from './reader';

type Obj = Record<string, unknown>;

/** Shape of one parsed record (null: not a notice we know). */
export function shapeOfRecord(record: SourceRecord): NoticeShape | null {
  if (record.type === 'xml') return shapeOfXml(record.root);
  if (record.type !== 'json' || !record.value || typeof record.value !== 'object' || Array.isArray(record.value)) return null;
  const v = record.value as Obj;
  if (isOdsRecord(v)) {
    try {
      return odsShape(typeof v.donnees === 'string' ? JSON.parse(v.donnees) : ((v.donnees as Obj) ?? {}));
    } catch {
      return 'boamp-ods-v110';
    }
  }
  if (isDilaJson(v)) return 'boamp-dila-json';
  if (isDecpRecord(v)) return decpShape(v);
  return null;
}

function shapeOfXml(root: XmlElement): NoticeShape | null {
  if (root.name === 'ANNONCE') return 'boamp-xml-v230';
  if (root.name === 'TED_EXPORT') return 'ted-r209';
  if (root.name === 'ContractNotice' || root.name === 'ContractAwardNotice' || root.name === 'PriorInformationNotice') return 'ted-eforms';
  return null;
}

/** Maps one record; never throws: a bad notice becomes a refusal with its reason. */
export function importRecord(record: SourceRecord): ImportResult {
  if (record.type === 'refused') return { refused: record.refusal };
  const origin = record.origin;
  try {
    // An opendatasoft record: its importer parses `donnees` (shapeOfRecord would parse it a first time).
    if (record.type === 'json' && record.value && typeof record.value === 'object' && !Array.isArray(record.value) && isOdsRecord(record.value as Obj)) return { notice: importOdsRecord(record.value as Obj) };
    const shape = shapeOfRecord(record);
    if (!shape) throw new NoticeRefused('sourcing-unknown-shape', 'not a BOAMP, TED or DECP notice');
    if (record.type === 'xml') {
      if (shape === 'boamp-xml-v230') return { notice: importBoampXml(record.root) };
      if (shape === 'ted-r209') return { notice: importTedR209(record.root) };
      return { notice: importEforms(record.root) };
    }
    const v = record.value as Obj;
    if (shape.startsWith('boamp-ods')) return { notice: importOdsRecord(v) };
    if (shape === 'boamp-dila-json') return { notice: importDilaJson(v) };
    return { notice: importDecp(v) };
  } catch (err) {
    if (err instanceof NoticeRefused) {
      return { refused: { reason: err.reason, detail: err.message, origin, ...(err.sourceId ? { sourceId: err.sourceId } : {}) } };
    }
    return { refused: { reason: 'sourcing-invalid-notice', detail: (err as Error).message, origin } };
  }
}

/** Every notice of a file or stream, mapped, as it is read. */
export async function* importNotices(input: string | Readable, name?: string): AsyncGenerator<ImportResult> {
  for await (const record of readRecords(input, name)) yield importRecord(record);
}

export interface SniffResult {
  container: Container;
  /** Shape of the first notice found in the file's head; null when the head says nothing clear. */
  shape: NoticeShape | null;
}

const HEAD_BYTES = 256 * 1024;

/**
 * What a file holds, from its first 256 KB: the container from the first bytes, the shape from the
 * first notice that fits (a ZIP reports the shape of its first entry's first notice).
 */
export async function sniffFile(path: string): Promise<SniffResult> {
  const handle = await open(path, 'r');
  let head: Uint8Array;
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const container = sniffContainer(head);
  if (container === 'unknown') return { container, shape: null };
  return { container, shape: await sniffShape(path) };
}

async function sniffShape(path: string): Promise<NoticeShape | null> {
  let seen = 0;
  for await (const record of readRecords(path)) {
    const shape = shapeOfRecord(record);
    if (shape) return shape;
    if (++seen >= 20) break;
  }
  return null;
}

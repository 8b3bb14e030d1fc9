import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bufferSource, isDeclaredTooLarge, readZipDirectory, unpackZipEntry, ZipError, type ArchiveEntry, type RandomAccessSource } from '../files/zip';
import { sniffDocument, type DocumentType } from '../files/file-types';
import { odtPages, docxPages } from './office';
import { checkImageSize, ocrImageFile } from './ocr';
import { extractPdf } from './pdf';
import { extractionTools, type ExtractionTools } from './tools';
import { ExtractionError, MAX_PAGES, type ExtractedFormat, type ExtractedPage, type ExtractedPart, type ExtractionResult } from './types';
import { MAX_DOCUMENT_PAGES, MAX_DOCUMENT_TEXT_BYTES, MAX_PAGE_TEXT_BYTES, TextBudget } from './limits';

const MAX_TOTAL_UNPACKED = 1024 ** 3;

type Context = {
  tools: ExtractionTools;
  tmpDir: string;
  /** What is left of the unpacked bytes all archive entries may use together. */
  budget: { left: number };
  /** What is left of the text the whole file may keep (all archive entries together). */
  text: TextBudget;
  tempName: () => string;
};

type Content = { format: Exclude<ExtractedFormat, 'unknown'>; pages: ExtractedPage[] };

// A file that is neither a known binary type nor text: ZIP entries such as .exe, .dwg, old .doc.
const unsupported = () => new ExtractionError('extraction-unsupported');

/** The archive's failure as the extraction names it; too many entries is an archive we do not read. */
function asExtractionError(error: unknown): never {
  if (error instanceof ZipError) throw new ExtractionError(error.reason === 'too_many_entries' ? 'extraction-corrupt' : `extraction-${error.reason}`);
  throw error instanceof ExtractionError ? error : new ExtractionError('extraction-corrupt');
}

const textPages = (pages: string[]): ExtractedPage[] => pages.map((text, index) => ({ page: index + 1, text, ocr: 'none' }));

// Office files from 2007 on, once password-protected, are an OLE container with an
// EncryptionInfo stream; any other OLE file is a pre-2007 .doc or .xls, which is not read.
const isOleContainer = (data: Buffer) => data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
const encryptionInfo = Buffer.from('EncryptionInfo', 'utf16le');

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text (a .txt or .csv in a DCE): UTF-8, or Windows-1252 from older tools; binary is refused. */
function decodeText(data: Buffer): string | undefined {
  const sample = data.subarray(0, 64 * 1024);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return undefined;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  if (control > sample.length / 100) return undefined;
  try {
    return utf8.decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

async function readMember(source: RandomAccessSource, entries: ArchiveEntry[], name: string, context: Context): Promise<string> {
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new ExtractionError('extraction-corrupt');
  return (await unpack(source, entry, context)).toString('utf8');
}

async function unpack(source: RandomAccessSource, entry: ArchiveEntry, context: Context): Promise<Buffer> {
  if (isDeclaredTooLarge(entry) || entry.uncompressedSize > context.budget.left) throw new ExtractionError('extraction-too_large');
  const data = await unpackZipEntry(source, entry).catch(asExtractionError);
  context.budget.left -= data.length;
  return data;
}

/** The whole container, for SheetJS, once its declared sizes have been checked. */
async function checkedContainer(entries: ArchiveEntry[], context: Context) {
  let total = 0;
  for (const entry of entries) {
    if (isDeclaredTooLarge(entry)) throw new ExtractionError('extraction-too_large');
    total += entry.uncompressedSize;
  }
  if (total > context.budget.left) throw new ExtractionError('extraction-too_large');
  context.budget.left -= total;
}

type Readable = { path?: string; data?: Buffer; source: RandomAccessSource; head: Buffer };

/**
 * The type from the content (server/files/file-types.ts). Some generators (SheetJS among them)
 * write an OpenDocument's mimetype entry compressed or not first, which the upload sniffing
 * reads as a plain ZIP: the entry is then read wherever it is.
 */
async function sniff(head: Buffer, source: RandomAccessSource, entries: ArchiveEntry[] | undefined, context: Context): Promise<DocumentType | undefined> {
  const type = sniffDocument(head, entries?.map((e) => e.name));
  if (type?.ext !== 'zip' || !entries?.some((e) => e.name === 'content.xml')) return type;
  const mimetype = entries.find((e) => e.name === 'mimetype' && e.uncompressedSize <= 200);
  if (!mimetype) return type;
  const declared = (await unpack(source, mimetype, context)).toString('latin1').trim();
  return [ODT, ODS].find((t) => t.mime === declared) ?? type;
}

const ODT = { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt', kind: 'text' } as const satisfies DocumentType;
const ODS = { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods', kind: 'spreadsheet' } as const satisfies DocumentType;

/** One document's text, by the type its content says it is. ZIP archives are handled by the caller. */
async function extractDocument(
  input: Readable,
  entries: ArchiveEntry[] | undefined,
  context: Context,
  progress: (fraction: number) => void,
  seen: { format?: ExtractedFormat } = {},
): Promise<Content> {
  const content = await readDocument(input, entries, context, progress, seen);
  if (content.pages.length > MAX_PAGES) throw new ExtractionError('extraction-too_many_pages');
  const pages: ExtractedPage[] = [];
  const pageBytes = content.format === 'pdf' || content.format === 'image' ? MAX_PAGE_TEXT_BYTES : Number.POSITIVE_INFINITY;
  for (const page of content.pages) {
    const text = context.text.take(page.text, pageBytes);
    if (text === undefined) break;
    pages.push({ ...page, text });
  }
  return { ...content, pages };
}

const formats: Record<string, Content['format']> = { pdf: 'pdf', png: 'image', jpg: 'image', docx: 'docx', odt: 'odt', xlsx: 'xlsx', ods: 'ods' };

async function readDocument(
  input: Readable,
  entries: ArchiveEntry[] | undefined,
  context: Context,
  progress: (fraction: number) => void,
  seen: { format?: ExtractedFormat },
): Promise<Content> {
  const type = await sniff(input.head, input.source, entries, context);
  // Known before reading, so that a part that fails still says what it was.
  seen.format = type ? formats[type.ext] : undefined;
  const data = async () => input.data ?? (input.data = await readFile(input.path!));
  switch (type?.ext) {
    case 'pdf':
      return { format: 'pdf', pages: await extractPdf({ path: input.path, data: input.data }, { ...context, textLeft: () => context.text.left, progress }) };
    case 'png':
    case 'jpg': {
      const image = await data();
      checkImageSize(image);
      if (!context.tools.tesseractFra) return { format: 'image', pages: [{ page: 1, text: '', ocr: 'unavailable' }] };
      let path = input.path;
      if (!path) {
        path = join(context.tmpDir, context.tempName());
        await writeFile(path, image);
      }
      return { format: 'image', pages: [{ page: 1, text: await ocrImageFile(path), ocr: 'done' }] };
    }
    case 'docx':
      return { format: 'docx', pages: textPages(docxPages(await readMember(input.source, entries!, 'word/document.xml', context))) };
    case 'odt': {
      const manifest = entries!.find((e) => e.name === 'META-INF/manifest.xml');
      if (manifest && (await readMember(input.source, entries!, manifest.name, context)).includes('encryption-data')) {
        throw new ExtractionError('extraction-encrypted');
      }
      return { format: 'odt', pages: textPages(odtPages(await readMember(input.source, entries!, 'content.xml', context))) };
    }
    case 'xlsx':
    case 'ods': {
      await checkedContainer(entries!, context);
      // SheetJS is large: loaded only when a spreadsheet comes.
      const { sheetPages } = await import('./sheet');
      return { format: type.ext, pages: textPages(sheetPages(await data())) };
    }
    case undefined: {
      const bytes = await data();
      if (isOleContainer(bytes)) throw bytes.includes(encryptionInfo) ? new ExtractionError('extraction-encrypted') : unsupported();
      const text = decodeText(bytes);
      if (text === undefined) throw unsupported();
      return { format: 'text', pages: textPages([text.replace(/\r\n?/g, '\n').trim()]) };
    }
    default:
      throw unsupported();
  }
}

/** Entries a person put in the DCE: not folders, macOS resource forks or hidden files. */
const isContentEntry = (entry: ArchiveEntry) =>
  !entry.isDirectory && !entry.name.replaceAll('\\', '/').split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));

const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === 0x04034b50;

async function listEntries(source: RandomAccessSource): Promise<ArchiveEntry[]> {
  return readZipDirectory(source).catch(asExtractionError);
}

/** Each entry of a DCE archive as its own part; a failing entry fails only its part. */
async function extractArchive(
  source: RandomAccessSource,
  entries: ArchiveEntry[],
  prefix: string,
  nested: boolean,
  context: Context,
  progress: (fraction: number) => void,
): Promise<ExtractedPart[]> {
  const wanted = entries.filter(isContentEntry);
  const parts: ExtractedPart[] = [];
  for (const [index, entry] of wanted.entries()) {
    const name = prefix + entry.name;
    const step = (fraction: number) => progress((index + fraction) / wanted.length);
    const seen: { format?: ExtractedFormat } = {};
    try {
      const data = await unpack(source, entry, context);
      const inner = bufferSource(data);
      const innerEntries = isZip(data) ? await listEntries(inner) : undefined;
      if (innerEntries && (await sniff(data, inner, innerEntries, context))?.ext === 'zip') {
        // One level of archives inside the archive is common (a folder per lot); deeper is not.
        if (nested) throw unsupported();
        parts.push(...(await extractArchive(inner, innerEntries, `${name}/`, true, context, step)));
      } else {
        const content = await extractDocument({ data, source: inner, head: data.subarray(0, 4096) }, innerEntries, context, step, seen);
        parts.push({ entry: name, ...content });
      }
    } catch (error) {
      parts.push({ entry: name, format: seen.format ?? 'unknown', pages: [], error: error instanceof ExtractionError ? error.key : 'extraction-corrupt' });
    }
    step(1);
  }
  return parts;
}

const withCut = (result: ExtractionResult, text: TextBudget): ExtractionResult => {
  const cut = text.cut();
  return cut ? { ...result, textCut: cut } : result;
};

/**
 * The text of an uploaded file, in this process. Meant to run in the child started by
 * runExtraction: a hostile file may still cost CPU and memory until the parent kills it.
 */
export async function extractFile(path: string, options: { tmpDir: string; tools?: ExtractionTools; onProgress?: (fraction: number) => void }): Promise<ExtractionResult> {
  // A pooled child outlives one file: its parent tells it the tools with each file.
  const tools = options.tools ?? (await extractionTools());
  let counter = 0;
  const context: Context = {
    tools,
    tmpDir: options.tmpDir,
    budget: { left: MAX_TOTAL_UNPACKED },
    text: new TextBudget(MAX_DOCUMENT_TEXT_BYTES, 'document', MAX_DOCUMENT_PAGES),
    tempName: () => `part-${++counter}`,
  };
  const progress = options.onProgress ?? (() => {});
  const ocrAvailable = tools.pdftoppm && tools.tesseractFra;
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const source: RandomAccessSource = {
      size,
      read: async (position, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        return buffer.subarray(0, bytesRead);
      },
    };
    const head = await source.read(0, 4096);
    const entries = isZip(head) ? await listEntries(source) : undefined;
    if (entries && (await sniff(head, source, entries, context))?.ext === 'zip') {
      const parts = await extractArchive(source, entries, '', false, context, progress);
      return withCut({ parts, ocrAvailable }, context.text);
    }
    const content = await extractDocument({ path, source, head }, entries, context, progress);
    progress(1);
    return withCut({ parts: [{ entry: null, ...content }], ocrAvailable }, context.text);
  } finally {
    await handle.close();
  }
}

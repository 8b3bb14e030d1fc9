export type DocumentKind = 'pdf' | 'image' | 'text' | 'spreadsheet' | 'archive';
export type DocumentType = { mime: string; ext: string; kind: DocumentKind };

const types = {
  pdf: { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' },
  png: { mime: 'image/png', ext: 'png', kind: 'image' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg', kind: 'image' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: 'docx', kind: 'text' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx', kind: 'spreadsheet' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', ext: 'odt', kind: 'text' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', ext: 'ods', kind: 'spreadsheet' },
  zip: { mime: 'application/zip', ext: 'zip', kind: 'archive' },
} as const satisfies Record<string, DocumentType>;

/** Every type sniffDocument can answer, i.e. every type a document upload may have. */
export const acceptedDocumentMimes: readonly string[] = Object.values(types).map((t) => t.mime);

const startsWith = (head: Buffer, bytes: number[] | string) =>
  head.subarray(0, bytes.length).equals(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes));

/**
 * An OpenDocument file declares its type in a `mimetype` entry that the format requires to be
 * the first local entry, stored uncompressed: it is readable from the head alone.
 */
function openDocumentMime(head: Buffer): string | undefined {
  if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) return undefined;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(18);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || size > 200 || head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  if (start + size > head.length) return undefined;
  return head.toString('latin1', start, start + size);
}

function sniffZip(head: Buffer, zipEntries: string[] | undefined): DocumentType {
  const odf = openDocumentMime(head);
  if (odf === types.odt.mime) return types.odt;
  if (odf === types.ods.mime) return types.ods;
  if (zipEntries?.includes('word/document.xml')) return types.docx;
  if (zipEntries?.includes('xl/workbook.xml')) return types.xlsx;
  return types.zip;
}

/**
 * The document's type from its content only: the file name and the declared type come from the
 * client and are not trusted. Office files are ZIPs, so `zipEntries` (from listZipEntries) is
 * needed to tell DOCX and XLSX from a plain archive; without it they are answered as a ZIP.
 */
export function sniffDocument(head: Buffer, zipEntries?: string[]): DocumentType | undefined {
  if (startsWith(head, '%PDF-')) return types.pdf;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return types.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return types.jpeg;
  // An archive that starts with anything but a local entry (self-extracting, empty) is refused.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(head, zipEntries);
  return undefined;
}

/** Whether a sniffed type is a ZIP container whose entries should be listed (and checked). */
export const isZipBased = (type: DocumentType) => [types.docx, types.xlsx, types.odt, types.ods, types.zip].some((t) => t.mime === type.mime);

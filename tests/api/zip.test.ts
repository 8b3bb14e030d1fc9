// The one ZIP reader's entry points that unpack (server/files/zip.ts): an office file in memory
// (unzipSync) and an archive entry by entry (readZipDirectory, unpackZipEntry), on ZIPs written by
// fflate (as Word-like tools write them) and on ones altered to lie. listZipEntries, the upload's
// checks, is tested in file-intake.test.ts.
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { bufferSource, readZipDirectory, unpackZipEntry, unzipSync, ZipError } from '../../server/files/zip';

const CENTRAL_ENTRY = 0x02014b50;
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ZipError ? error.reason : error;
  }
  return 'no failure';
};

/** The central directory record of the entry `name`, to alter its declared fields. */
function centralRecord(zip: Buffer, name: string): number {
  for (let at = zip.length - 22; at >= 0; at--) {
    if (zip.readUInt32LE(at) === CENTRAL_ENTRY && zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28)) === name) return at;
  }
  throw new Error(`no entry ${name}`);
}

const documentXml = '<w:document><w:body><w:p><w:r><w:t>Mémoire technique</w:t></w:r></w:p></w:body></w:document>';
const docx = () =>
  Buffer.from(
    zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8(documentXml), 'word/media/': new Uint8Array(0), 'word/media/logo.png': [new Uint8Array(2000).fill(7), { level: 0 }] }),
  );

describe('unzipSync (an office file in memory)', () => {
  it('gives every part by name, or only those the filter keeps', () => {
    const parts = unzipSync(docx());
    expect(Object.keys(parts)).toEqual(['[Content_Types].xml', 'word/document.xml', 'word/media/', 'word/media/logo.png']);
    expect(parts['word/document.xml']!.toString('utf8')).toBe(documentXml);
    expect(parts['word/media/logo.png']).toEqual(Buffer.alloc(2000, 7));
    expect(Object.keys(unzipSync(docx(), { filter: (entry) => entry.name === 'word/document.xml' }))).toEqual(['word/document.xml']);
  });

  it('refuses a bomb before unpacking it: 50 MB of zeros declared', () => {
    const bomb = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(50 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(200_000);
    expect(failure(() => unzipSync(bomb))).toBe('too_large');
  });

  it('stops an entry that lies about its size at the size it declares', () => {
    const zip = Buffer.from(zipSync({ 'word/document.xml': new Uint8Array(100_000).fill(32) }));
    zip.writeUInt32LE(1000, centralRecord(zip, 'word/document.xml') + 24);
    expect(failure(() => unzipSync(zip))).toBe('too_large');
  });

  it('refuses a damaged part (CRC) and what is not a ZIP', () => {
    const zip = docx();
    const at = centralRecord(zip, 'word/document.xml');
    zip.writeUInt32LE(zip.readUInt32LE(at + 16) ^ 1, at + 16);
    expect(failure(() => unzipSync(zip))).toBe('corrupt');
    expect(failure(() => unzipSync(Buffer.from('%PDF-1.7 not a zip at all, longer than an end record')))).toBe('corrupt');
  });
});

describe('readZipDirectory and unpackZipEntry (an archive entry by entry)', () => {
  it('unpacks each entry as the in-memory reader does', async () => {
    const zip = docx();
    const source = bufferSource(zip);
    const entries = await readZipDirectory(source);
    expect(entries.map((e) => [e.name, e.isDirectory])).toEqual([
      ['[Content_Types].xml', false],
      ['word/document.xml', false],
      ['word/media/', true],
      ['word/media/logo.png', false],
    ]);
    const parts = unzipSync(zip);
    for (const entry of entries) expect(await unpackZipEntry(source, entry)).toEqual(parts[entry.name]);
  });

  it('refuses an encrypted entry and an unknown compression', async () => {
    const zip = docx();
    const at = centralRecord(zip, 'word/document.xml');
    const encrypted = Buffer.from(zip);
    encrypted.writeUInt16LE(encrypted.readUInt16LE(at + 8) | 1, at + 8);
    const [, locked] = await readZipDirectory(bufferSource(encrypted));
    await expect(unpackZipEntry(bufferSource(encrypted), locked!)).rejects.toMatchObject({ reason: 'encrypted' });
    const lzma = Buffer.from(zip);
    lzma.writeUInt16LE(14, at + 10);
    const [, unknown] = await readZipDirectory(bufferSource(lzma));
    await expect(unpackZipEntry(bufferSource(lzma), unknown!)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});

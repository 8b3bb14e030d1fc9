import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { AppError } from '../../server/errors';
import { acceptedDocumentMimes, sniffDocument } from '../../server/files/file-types';
import { bufferSource, listZipEntries } from '../../server/files/zip';
import { contentDisposition, identifyUpload, receiveUpload, sanitizeFileName } from '../../server/files/intake';
import { localStorage } from '../../server/storage/local';
import { filesUnder, tinyPng } from './context';

type TestEntry = { name: string | Buffer; data?: Buffer; deflate?: boolean; symlink?: boolean };

/** A ZIP written byte by byte, so that each test controls the archive's every field. */
function buildZip(entries: TestEntry[], options: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const flags = typeof entry.name === 'string' ? 0x800 : 0;
    const data = entry.data ?? Buffer.alloc(0);
    const stored = entry.deflate ? deflateRawSync(data) : data;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);

    const zip64 = Buffer.alloc(options.zip64 ? 28 : 0);
    if (options.zip64) {
      zip64.writeUInt16LE(0x0001, 0);
      zip64.writeUInt16LE(24, 2);
      zip64.writeBigUInt64LE(BigInt(data.length), 4);
      zip64.writeBigUInt64LE(BigInt(stored.length), 12);
      zip64.writeBigUInt64LE(BigInt(offset), 20);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(options.zip64 ? 45 : 20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : stored.length, 20);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(zip64.length, 30);
    central.writeUInt32LE(((entry.symlink ? 0o120777 : 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : offset, 42);
    centrals.push(central, name, zip64);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  if (options.zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.zip64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(options.zip64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : directory.length, 12);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : offset, 16);
  return Buffer.concat([...locals, directory, ...tail, end]);
}

const text = (s: string) => Buffer.from(s, 'utf8');
const openDocument = (mime: string) =>
  buildZip([{ name: 'mimetype', data: text(mime) }, { name: 'content.xml', data: text('<office:document-content/>'), deflate: true }, { name: 'META-INF/manifest.xml', data: text('<manifest/>'), deflate: true }]);
const sniffZip = async (zip: Buffer) => sniffDocument(zip.subarray(0, 65536), (await listZipEntries(bufferSource(zip))).map((e) => e.name));

/** The AppError a promise rejects with, to check status and key together. */
async function failure(promise: Promise<unknown>): Promise<{ status: number; key: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, key } = error as AppError;
  return { status, key };
}

describe('sniffDocument', () => {
  it('recognises each accepted type from its bytes', () => {
    expect(sniffDocument(text('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toMatchObject({ mime: 'application/pdf', ext: 'pdf', kind: 'pdf' });
    expect(sniffDocument(tinyPng)).toMatchObject({ mime: 'image/png', ext: 'png', kind: 'image' });
    expect(sniffDocument(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toMatchObject({ mime: 'image/jpeg', ext: 'jpg' });
    expect(acceptedDocumentMimes).toEqual(expect.arrayContaining(['application/pdf', 'image/png', 'image/jpeg', 'application/zip']));
  });

  it('trusts the content, never the name: PNG bytes uploaded as a .pdf are a PNG', async () => {
    const storage = localStorage(mkdtempSync(join(tmpdir(), 'soumissio-sniff-')));
    const upload = await receiveUpload(storage, 'docs/Offre.pdf', Readable.from([tinyPng]), { maxBytes: 1000 });
    expect((await identifyUpload(upload)).type.mime).toBe('image/png');
    await upload.discard();
  });

  it('refuses random bytes, text and a bare ZIP end record', () => {
    expect(sniffDocument(randomBytes(4096).fill(0, 0, 8))).toBeUndefined();
    expect(sniffDocument(text('Règlement de consultation'))).toBeUndefined();
    expect(sniffDocument(buildZip([]))).toBeUndefined();
    expect(sniffDocument(Buffer.alloc(0))).toBeUndefined();
  });

  it('tells the ZIP-based formats apart by their entries', async () => {
    const docx = buildZip([{ name: '[Content_Types].xml', data: text('<Types/>'), deflate: true }, { name: 'word/document.xml', data: text('<w:document/>'), deflate: true }]);
    const xlsx = buildZip([{ name: '[Content_Types].xml', data: text('<Types/>'), deflate: true }, { name: 'xl/workbook.xml', data: text('<workbook/>'), deflate: true }]);
    expect(await sniffZip(docx)).toMatchObject({ ext: 'docx', kind: 'text', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(await sniffZip(xlsx)).toMatchObject({ ext: 'xlsx', kind: 'spreadsheet', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(await sniffZip(openDocument('application/vnd.oasis.opendocument.text'))).toMatchObject({ ext: 'odt', kind: 'text' });
    expect(await sniffZip(openDocument('application/vnd.oasis.opendocument.spreadsheet'))).toMatchObject({ ext: 'ods', kind: 'spreadsheet' });
    expect(await sniffZip(openDocument('application/vnd.oasis.opendocument.presentation'))).toMatchObject({ mime: 'application/zip', kind: 'archive' });
    expect(await sniffZip(buildZip([{ name: 'DCE/RC.pdf', data: text('%PDF-1.4'), deflate: true }]))).toMatchObject({ mime: 'application/zip', ext: 'zip' });
    // Without its entries a DOCX cannot be told from an archive.
    expect(sniffDocument(docx)).toMatchObject({ mime: 'application/zip' });
  });
});

describe('listZipEntries', () => {
  it('lists a real archive entry by entry without unpacking it', async () => {
    const rc = Buffer.from('%PDF-1.4 ' + 'règlement '.repeat(500));
    const zip = buildZip([
      { name: 'DCE/', data: Buffer.alloc(0) },
      { name: 'DCE/Règlement de consultation.pdf', data: rc, deflate: true },
      { name: 'DCE/CCTP.docx', data: randomBytes(3000) },
      { name: Buffer.from([0x43, 0x43, 0x41, 0x50, 0x20, 0x82, 0x74, 0x82, 0x2e, 0x74, 0x78, 0x74]), data: text('cp437') },
    ]);
    const entries = await listZipEntries(bufferSource(zip));
    expect(entries).toEqual([
      { name: 'DCE/', compressedSize: 0, uncompressedSize: 0, isDirectory: true },
      { name: 'DCE/Règlement de consultation.pdf', compressedSize: deflateRawSync(rc).length, uncompressedSize: rc.length, isDirectory: false },
      { name: 'DCE/CCTP.docx', compressedSize: 3000, uncompressedSize: 3000, isDirectory: false },
      { name: 'CCAP été.txt', compressedSize: 5, uncompressedSize: 5, isDirectory: false },
    ]);
  });

  it('reads ZIP64 records and an archive comment', async () => {
    const zip64 = buildZip([{ name: 'a.txt', data: text('hello') }, { name: 'b.txt', data: text('world'), deflate: true }], { zip64: true });
    expect((await listZipEntries(bufferSource(zip64))).map((e) => [e.name, e.uncompressedSize])).toEqual([
      ['a.txt', 5],
      ['b.txt', 5],
    ]);
    const plain = buildZip([{ name: 'a.txt', data: text('hello') }]);
    const comment = Buffer.from('Dossier de consultation des entreprises');
    plain.writeUInt16LE(comment.length, plain.length - 2);
    expect(await listZipEntries(bufferSource(Buffer.concat([plain, comment])))).toHaveLength(1);
  });

  it('refuses a zip bomb: one entry of 50 MB of zeros deflated', async () => {
    const zip = buildZip([{ name: 'zeros.bin', data: Buffer.alloc(50 * 1024 * 1024), deflate: true }]);
    expect(zip.length).toBeLessThan(200_000);
    expect(await failure(listZipEntries(bufferSource(zip)))).toEqual({ status: 415, key: 'document-zip_unsafe_entry' });
  });

  it('refuses entries that would unpack outside the target folder', async () => {
    for (const name of ['../evil.txt', 'DCE/../../evil.txt', '/etc/passwd', 'C:\\Windows\\evil.txt', '..\\evil.txt']) {
      const zip = buildZip([{ name: 'ok.txt', data: text('ok') }, { name, data: text('evil') }]);
      expect(await failure(listZipEntries(bufferSource(zip))), name).toEqual({ status: 415, key: 'document-zip_unsafe_entry' });
    }
    const link = buildZip([{ name: 'link', data: text('/etc'), symlink: true }]);
    expect(await failure(listZipEntries(bufferSource(link)))).toEqual({ status: 415, key: 'document-zip_unsafe_entry' });
  });

  it('refuses too many entries and too much unpacked data', async () => {
    const many = buildZip(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}.txt`, data: text('x') })));
    expect(await failure(listZipEntries(bufferSource(many)))).toEqual({ status: 413, key: 'document-zip_too_many_entries' });
    expect(await listZipEntries(bufferSource(many), { maxEntries: 2001 })).toHaveLength(2001);
    const big = buildZip([{ name: 'a.bin', data: randomBytes(600) }, { name: 'b.bin', data: randomBytes(600) }]);
    expect(await failure(listZipEntries(bufferSource(big), { maxUnpackedBytes: 1000 }))).toEqual({ status: 413, key: 'document-zip_too_large' });
  });

  it('refuses corrupt archives as an invalid file type', async () => {
    const zip = buildZip([{ name: 'a.txt', data: text('hello') }, { name: 'b.txt', data: text('world') }]);
    const truncated = zip.subarray(0, zip.length - 30);
    const badDirectory = Buffer.from(zip);
    badDirectory.writeUInt32LE(0xdeadbeef, badDirectory.length - 22 - 2 * 51);
    for (const bytes of [truncated, badDirectory, Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(500)]), Buffer.alloc(10)]) {
      expect(await failure(listZipEntries(bufferSource(bytes)))).toEqual({ status: 415, key: 'common-invalid_file_type' });
    }
  });
});

describe('receiveUpload', () => {
  let dir: string;
  const dirs: string[] = [];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'soumissio-intake-'));
    dirs.push(dir);
  });
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  /** The bytes in chunks, as a multipart part delivers them. */
  const streamOf = (data: Buffer, chunk = 16 * 1024) => Readable.from(Array.from({ length: Math.ceil(data.length / chunk) }, (_, i) => data.subarray(i * chunk, (i + 1) * chunk)));

  it('refuses a file one byte over the limit and leaves nothing behind', async () => {
    const storage = localStorage(dir);
    expect(await failure(receiveUpload(storage, 'tenders/t1/rc.pdf', streamOf(randomBytes(100_001)), { maxBytes: 100_000 }))).toEqual({
      status: 413,
      key: 'common-invalid_file_size',
    });
    expect(filesUnder(dir)).toEqual([]);
    const exact = await receiveUpload(storage, 'tenders/t1/rc.pdf', streamOf(randomBytes(100_000)), { maxBytes: 100_000 });
    expect(exact.size).toBe(100_000);
    await exact.discard();
  });

  it('refuses an empty file, a part the multipart plugin truncated and a broken stream, leaving nothing', async () => {
    const storage = localStorage(dir);
    expect(await failure(receiveUpload(storage, 'a/empty.pdf', Readable.from([]), { maxBytes: 1000 }))).toEqual({ status: 400, key: 'document-empty_file' });
    const truncated = Object.assign(Readable.from([text('%PDF-1.4')]), { truncated: true });
    expect(await failure(receiveUpload(storage, 'a/cut.pdf', truncated, { maxBytes: 1000 }))).toEqual({ status: 413, key: 'common-invalid_file_size' });
    const broken = new Readable({ read() {} });
    broken.push(text('%PDF-1.4'));
    setTimeout(() => broken.destroy(new Error('client gone')), 10);
    await expect(receiveUpload(storage, 'a/broken.pdf', broken, { maxBytes: 1000 })).rejects.toThrow('client gone');
    expect(filesUnder(dir)).toEqual([]);
  });

  it('stores the file under its key only once committed', async () => {
    const storage = localStorage(dir);
    const data = Buffer.concat([text('%PDF-1.7\n'), randomBytes(100_000)]);
    const upload = await receiveUpload(storage, 'tenders/t1/Règlement.pdf', streamOf(data), { maxBytes: 1_000_000 });
    expect(upload).toMatchObject({ size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    expect(upload.head.equals(data.subarray(0, 64 * 1024))).toBe(true);
    expect(sniffDocument(upload.head)?.mime).toBe('application/pdf');
    expect(filesUnder(dir)).toEqual([upload.tempKey]);
    expect(upload.tempKey).toMatch(/^tenders\/t1\/Règlement\.pdf\.[0-9a-f]{12}\.tmp$/);
    expect(await storage.get('tenders/t1/Règlement.pdf')).toBeUndefined();

    await upload.commit();
    expect(filesUnder(dir)).toEqual(['tenders/t1/Règlement.pdf']);
    expect(readFileSync(join(dir, 'tenders/t1/Règlement.pdf')).equals(data)).toBe(true);
    expect((await upload.read(0, 8)).toString()).toBe('%PDF-1.7');
    await upload.discard();
    expect(filesUnder(dir)).toEqual(['tenders/t1/Règlement.pdf']);
  });

  it('lists an uploaded archive from its temporary file', async () => {
    const storage = localStorage(dir);
    const zip = buildZip([{ name: 'word/document.xml', data: text('<w:document/>'), deflate: true }]);
    const upload = await receiveUpload(storage, 'c/memoire.docx', streamOf(zip, 7), { maxBytes: 10_000 });
    const { type, entries } = await identifyUpload(upload);
    expect(type.ext).toBe('docx');
    expect(entries?.map((e) => e.name)).toEqual(['word/document.xml']);
    await upload.discard();

    const bomb = buildZip([{ name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024), deflate: true }]);
    const bad = await receiveUpload(storage, 'c/dce.zip', streamOf(bomb), { maxBytes: 1_000_000 });
    expect(await failure(identifyUpload(bad))).toEqual({ status: 415, key: 'document-zip_unsafe_entry' });
    const unknown = await receiveUpload(storage, 'c/notes.pdf', streamOf(text('just text')), { maxBytes: 1000 });
    expect(await failure(identifyUpload(unknown))).toEqual({ status: 415, key: 'common-invalid_file_type' });
    await Promise.all([bad.discard(), unknown.discard()]);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('discard leaves nothing, and a discarded upload cannot be committed', async () => {
    const storage = localStorage(dir);
    const upload = await receiveUpload(storage, 'x/y.png', streamOf(tinyPng), { maxBytes: 1000 });
    await upload.discard();
    expect(filesUnder(dir)).toEqual([]);
    await expect(upload.commit()).rejects.toThrow();
    expect(filesUnder(dir)).toEqual([]);
  });

  it('sweepTemporary removes the temporary files a crash left, and nothing else', async () => {
    const storage = localStorage(dir);
    await storage.put('users/u1/picture.png', tinyPng);
    const leftover = join(dir, 'tenders/t9/rc.pdf.0123456789ab.tmp');
    mkdirSync(dirname(leftover), { recursive: true });
    writeFileSync(leftover, 'half an upload');
    writeFileSync(join(dir, 'tenders/t9/notes.tmp'), 'a real file');
    expect(await storage.sweepTemporary(60_000)).toBe(0);
    expect(await storage.sweepTemporary()).toBe(1);
    expect(filesUnder(dir)).toEqual(['tenders/t9/notes.tmp', 'users/u1/picture.png']);
    expect(await localStorage(join(dir, 'missing')).sweepTemporary()).toBe(0);
  });
});

describe('file names', () => {
  it('sanitizeFileName strips directories and dangerous characters, keeps accents', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\x\\y.pdf')).toBe('y.pdf');
    expect(sanitizeFileName('Règlement de consultation.pdf')).toBe('Règlement de consultation.pdf');
    expect(sanitizeFileName('Re\u0300glement.pdf')).toBe('Règlement.pdf');
    expect(sanitizeFileName('  ..mémoire\t technique  <v2>?.docx ')).toBe('mémoire technique v2.docx');
    expect(sanitizeFileName('a\u0000b\r\nc"d|e*.pdf')).toBe('ab cde.pdf');
    expect(sanitizeFileName('fdp\u202Eexe.pdf')).toBe('fdpexe.pdf');
    for (const empty of ['', '...', '../', '  ', '<>|']) expect(sanitizeFileName(empty)).toBe('document');
  });

  it('sanitizeFileName shortens very long names to 180 characters, keeping the extension', () => {
    const long = sanitizeFileName(`${'Pièce jointe '.repeat(30)}.xlsx`);
    // The cut falls after a space, which is trimmed rather than kept before the extension.
    expect(Array.from(long)).toHaveLength(179);
    expect(long).toMatch(/ jointe Pièce\.xlsx$/);
    const emoji = sanitizeFileName(`${'😀'.repeat(300)}.pdf`);
    expect(Array.from(emoji)).toHaveLength(180);
    expect(emoji).toBe(`${'😀'.repeat(176)}.pdf`);
    expect(Array.from(sanitizeFileName('x'.repeat(500)))).toHaveLength(180);
  });

  it('contentDisposition gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Règlement de consultation.pdf')).toBe(
      `attachment; filename="Reglement de consultation.pdf"; filename*=UTF-8''R%C3%A8glement%20de%20consultation.pdf`,
    );
    expect(contentDisposition('Offre (v2) 100% l\'été.pdf')).toBe(`attachment; filename="Offre (v2) 100_ l'ete.pdf"; filename*=UTF-8''Offre%20%28v2%29%20100%25%20l%27%C3%A9t%C3%A9.pdf`);
    expect(contentDisposition('a"\r\nSet-Cookie: x.pdf')).toBe(`attachment; filename="a Set-Cookie x.pdf"; filename*=UTF-8''a%20Set-Cookie%20x.pdf`);
    expect(contentDisposition('報告.pdf')).toMatch(/^attachment; filename="__\.pdf"; filename\*=UTF-8''%E5%A0%B1%E5%91%8A\.pdf$/);
  });
});

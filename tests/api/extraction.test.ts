// The text extraction library (server/extraction), run as the server runs it: in a child process.
// Binary fixtures (ODT, ODS, ZIPs, scans, hostile files) are built here, byte by byte.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripRepeatedLines } from '../../server/extraction/clean';
import { ocrConcurrency, ocrPdfPages, renderResolution, runPageJobs } from '../../server/extraction/ocr';
import { extractionChildrenStarted, runExtraction } from '../../server/extraction/run';
import { ExtractionError, type ExtractedPart, type ExtractionResult } from '../../server/extraction/types';
import { requiredUnderCi } from '../support/ci-tools';
import { buildPdf, imageOnlyPdf, pdfStream as stream } from '../support/pdf-builder';

const grenoble = 'tests/fixtures/dce/grenoble-inp_2026FCSSA0025';
const franceTravail = 'tests/fixtures/dce/france-travail_010.26_bornes-irve';
const rcPdf = `${grenoble}/RC_2026FCSSA0025 v2.pdf`;
const contractPdf = `${franceTravail}/010.26 - March‚ Bornes ‚lectriques - Contrat VF.pdf`;

const has = (command: string, args: string[]) => spawnSync(command, args).status === 0;
const hasPoppler = has('pdftotext', ['-v']) && has('pdftoppm', ['-v']);
const hasTesseract = hasPoppler && /^fra$/m.test(spawnSync('tesseract', ['--list-langs']).stdout?.toString() ?? '');

// ---------------------------------------------------------------------------------------------
// Builders

type ZipEntry = { name: string | Buffer; data: Buffer; deflate?: boolean; utf8?: boolean; declaredSize?: number; encrypted?: boolean };

/** A ZIP whose every field is chosen here: raw (CP437) names, sizes that lie. */
function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const packed = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const flags = (entry.utf8 === false ? 0 : 0x800) | (entry.encrypted ? 1 : 0);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}



const textPage = (text: string) => [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
  stream('', Buffer.from(`BT /F1 14 Tf 72 720 Td (${text}) Tj ET`, 'latin1')),
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];


/** 10 001 real (empty) pages: the limit must be checked before any page is read. */
function manyPagesPdf(count: number): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>');
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, ...pages]);
}

/** Standard security handler with a /U entry no empty user password matches: a password is required. */
const encryptedPdf = () =>
  buildPdf(
    [...textPage('secret'), `<< /Filter /Standard /V 1 /R 2 /O <${'a5'.repeat(32)}> /U <${'3c'.repeat(32)}> /P -44 >>`],
    `/Encrypt 6 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>]`,
  );

const corruptPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251))]);

const contentTypes = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const docx = (documentXml: string | Buffer, declaredSize?: number) =>
  buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes), deflate: true },
    { name: 'word/document.xml', data: Buffer.from(documentXml), deflate: true, declaredSize },
  ]);

const billionLaughs = () => {
  const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('\n');
  return docx(
    `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n<!ENTITY lol0 "lol">\n${entities}\n]>\n` +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:r><w:t>Avant &lol9; après</w:t></w:r></w:p></w:body></w:document>',
  );
};

const odt = () => {
  const content = `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:xmlns:xsl-fo-compatible:1.0">
<office:automatic-styles><style:style style:name="P9" style:family="paragraph"><style:paragraph-properties fo:break-before="page"/></style:style></office:automatic-styles>
<office:body><office:text>
<text:h text:outline-level="1">Règlement de la consultation</text:h>
<text:p>Date limite :<text:s text:c="3"/>15 juillet 2026<text:tab/>12 h 00</text:p>
<text:p>Ligne un<text:line-break/>ligne   deux &amp; &#233;té<text:note><text:note-body><text:p>note</text:p></text:note-body></text:note></text:p>
<table:table><table:table-row><table:table-cell><text:p>Critère</text:p></table:table-cell><table:table-cell><text:p>Poids</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell><text:p>Prix</text:p></table:table-cell><table:table-cell><text:p>40 %</text:p></table:table-cell></table:table-row></table:table>
<text:p><text:soft-page-break/>Deuxième page</text:p>
<text:p text:style-name="P9">Troisième page</text:p>
</office:text></office:body></office:document-content>`;
  return Buffer.from(
    zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8(content),
      'META-INF/manifest.xml': strToU8('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
    }),
  );
};

const ods = () => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Article', 'Désignation', 'Prix unitaire HT'],
      ['1.1', 'Borne de recharge 22 kW', 1850.5],
      [],
      ['1.2', 'Pose et raccordement', 420],
    ]),
    'BPU',
  );
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['DQE', 'Quantité'], ['1.1', 12]]), 'DQE');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'ods' }) as Buffer);
};

// ---------------------------------------------------------------------------------------------
// Running them all once, two at a time (two cores), before the assertions

type Outcome = { result?: ExtractionResult; error?: unknown; ms: number; progress: number[] };

async function extract(path: string, options: Parameters<typeof runExtraction>[1] = {}): Promise<Outcome> {
  const progress: number[] = [];
  const started = Date.now();
  try {
    const result = await runExtraction({ path, fileName: path.split('/').pop()! }, { ...options, onProgress: (p) => progress.push(p) });
    return { result, ms: Date.now() - started, progress };
  } catch (error) {
    return { error, ms: Date.now() - started, progress };
  }
}

async function pool(tasks: Record<string, () => Promise<Outcome>>, concurrency = 2): Promise<Record<string, Outcome>> {
  const names = Object.keys(tasks);
  const done: Record<string, Outcome> = {};
  const worker = async () => {
    for (let name = names.shift(); name; name = names.shift()) done[name] = await tasks[name]!();
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}

const errorKey = (outcome: Outcome | undefined) => (outcome?.error instanceof ExtractionError ? outcome.error.key : String(outcome?.error));
const part = (outcome: Outcome | undefined, index = 0): ExtractedPart => outcome!.result!.parts[index]!;
const pageTexts = (p: ExtractedPart) => p.pages.map((page) => page.text);

const words = (text: string) => text.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** The share of the original's words that were read (each occurrence counted once). */
function wordRecall(original: string, read: string): number {
  const left = new Map<string, number>();
  for (const word of words(read)) left.set(word, (left.get(word) ?? 0) + 1);
  const expected = words(original);
  let found = 0;
  for (const word of expected) {
    const n = left.get(word) ?? 0;
    if (n) {
      found++;
      left.set(word, n - 1);
    }
  }
  return found / expected.length;
}

/** Every descendant of a process, from /proc/<pid>/task/<tid>/children (none where unreadable). */
function descendants(pid: number): number[] {
  const read = (path: string, list: (path: string) => string[]) => {
    try {
      return list(path);
    } catch {
      return [];
    }
  };
  return read(`/proc/${pid}/task`, readdirSync)
    .flatMap((tid) => read(`/proc/${pid}/task/${tid}/children`, (path) => readFileSync(path, 'utf8').split(' ').filter(Boolean)))
    .map(Number)
    .flatMap((child) => [child, ...descendants(child)]);
}

const processName = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** Extraction children of this process still alive, and tools of already-removed work folders. */
function leftovers(): string[] {
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' }).split('\n');
  return ps.filter((line) => {
    const [, ppid] = line.trim().split(/\s+/);
    if (Number(ppid) === process.pid && line.includes('extraction/child')) return true;
    const folder = /\/(soumissio-extract-\w+)\//.exec(line)?.[1];
    return folder !== undefined && !existsSync(join(tmpdir(), folder));
  });
}

let work: string;
const file = (name: string, data: Buffer) => {
  const path = join(work, name);
  writeFileSync(path, data);
  return path;
};

let js: Record<string, Outcome> = {};
let native: Record<string, Outcome> = {};
let scannedPdf = '';
let scannedPages = '';

beforeAll(async () => {
  // Two at a time, in two children (the server's default is one, files then take turns).
  process.env.EXTRACTION_CHILDREN = '2';
  work = mkdtempSync(join(tmpdir(), 'extraction-test-'));
  const files = {
    corrupt: file('corrupt.pdf', corruptPdf()),
    encrypted: file('encrypted.pdf', encryptedPdf()),
    manyPages: file('many.pdf', manyPagesPdf(10_001)),
  };
  // The pure JavaScript path: EXTRACTION_TOOLS is read by the child, copied from this process'
  // environment when it starts, so these run on their own before anything else.
  process.env.EXTRACTION_TOOLS = 'js';
  try {
    js = await pool({
      rc: () => extract(rcPdf),
      contract: () => extract(contractPdf),
      corrupt: () => extract(files.corrupt),
      encrypted: () => extract(files.encrypted),
      manyPages: () => extract(files.manyPages),
      scanOrImage: () => extract(file('notext.pdf', buildPdf(textPage('')))),
    });
  } finally {
    delete process.env.EXTRACTION_TOOLS;
  }

  const tasks: Record<string, () => Promise<Outcome>> = {
    rc: () => extract(rcPdf),
    contract: () => extract(contractPdf),
    dc1: () => extract(`${grenoble}/DC1.docx`),
    cadre: () => extract(`${franceTravail}/010.26 - Marché Bornes électriques - Cadre de réponses - VF.docx`),
    crf: () => extract(`${grenoble}/CRF_2026FCSSA0025.xlsx`),
    bpu: () => extract(`${franceTravail}/010.26 - Bornes électriques- BPU VF.xlsx`),
    odt: () => extract(file('rc.odt', odt())),
    ods: () => extract(file('bpu.ods', ods())),
    text: () => extract(file('notes.txt', Buffer.from('\ufeffQuestions des candidats\r\nRéponse : oui\r\n'))),
    corrupt: () => extract(files.corrupt),
    encrypted: () => extract(files.encrypted),
    manyPages: () => extract(files.manyPages),
    laughs: () => extract(file('laughs.docx', billionLaughs())),
    bombDocx: () => extract(file('bomb.docx', docx(Buffer.alloc(20 * 1024 * 1024, 0x20)))),
    lyingDocx: () => extract(file('lying.docx', docx(Buffer.alloc(5 * 1024 * 1024, 0x20), 1000))),
    exe: () => extract(file('program.pdf', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(2000, 0)]))),
    zip: () => {
      const nested = buildZip([{ name: 'Lot 2/note.txt', data: Buffer.from('Lot 2 : maintenance'), deflate: true }]);
      return extract(
        file(
          'dce.zip',
          buildZip([
            { name: 'DCE/', data: Buffer.alloc(0) },
            { name: 'DCE/RC.pdf', data: readFileSync(rcPdf), deflate: true },
            { name: 'DCE/DC1.docx', data: readFileSync(`${grenoble}/DC1.docx`) },
            { name: 'DCE/CRF.xlsx', data: readFileSync(`${grenoble}/CRF_2026FCSSA0025.xlsx`) },
            // "Réponses.txt" as Windows' own zip writes it: CP437, no UTF-8 flag (é is 0x82).
            { name: Buffer.from([...Buffer.from('DCE/R'), 0x82, ...Buffer.from('ponses.txt')]), data: Buffer.from('Réponse 1 : le délai est maintenu.'), utf8: false },
            { name: '__MACOSX/DCE/._RC.pdf', data: Buffer.alloc(100, 1) },
            { name: 'DCE/.DS_Store', data: Buffer.alloc(100, 1) },
            { name: 'DCE/plan.dwg', data: Buffer.from([0x41, 0x43, 0x31, 0x30, 0x33, 0x32, 0x00, 0x00, 0x01, 0x02, 0x03]) },
            { name: 'DCE/abîmé.pdf', data: corruptPdf(), deflate: true },
            { name: 'DCE/bombe.txt', data: Buffer.alloc(20 * 1024 * 1024, 0x41), deflate: true },
            { name: 'DCE/lots.zip', data: nested },
            // A password-protected XLSX (an OLE container with an EncryptionInfo stream), and a ZIP-encrypted entry.
            { name: 'DCE/offre.xlsx', data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1016), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(512)]) },
            { name: 'DCE/secret.pdf', data: Buffer.from('%PDF-1.4 scrambled'), encrypted: true },
          ]),
        ),
      );
    },
  };
  if (hasPoppler) {
    // Page 1 of the RC scanned: rasterised, then shown as an image in a PDF without text.
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-jpeg', '-f', '1', '-l', '1', '-singlefile', rcPdf, join(work, 'rc-page1')]);
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', rcPdf, join(work, 'rc-page1')]);
    scannedPdf = file('scan.pdf', imageOnlyPdf([readFileSync(join(work, 'rc-page1.jpg'))]));
    tasks.scan = () => extract(scannedPdf);
    // Pages 1 to 3 scanned, read two at a time whatever the machine's load (the children below
    // are started with this environment).
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-jpeg', '-f', '1', '-l', '3', rcPdf, join(work, 'rc')]);
    const jpegs = readdirSync(work)
      .filter((name) => /^rc-\d+\.jpg$/.test(name))
      .sort()
      .map((name) => readFileSync(join(work, name)));
    scannedPages = file('scan-3.pdf', imageOnlyPdf(jpegs));
    tasks.scan3 = () => extract(scannedPages);
    tasks.png = () => extract(join(work, 'rc-page1.png'));
  }
  process.env.EXTRACTION_OCR_CONCURRENCY = '2';
  try {
    native = await pool(tasks);
  } finally {
    delete process.env.EXTRACTION_OCR_CONCURRENCY;
  }
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

requiredUnderCi('poppler (pdftotext, pdftoppm)', hasPoppler, 'poppler-utils');
requiredUnderCi('tesseract with French', hasTesseract, 'tesseract-ocr and tesseract-ocr-fra');

describe.skipIf(!hasPoppler)('PDF with poppler (pdftotext -layout)', () => {
  it('reads the Grenoble RC: 15 pages, the deadline on page 1, criteria rows on one line', () => {
    const rc = part(native.rc);
    expect(rc).toMatchObject({ entry: null, format: 'pdf' });
    expect(rc.pages.map((p) => p.page)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(rc.pages[0]!.text).toContain('MERCREDI 15 JUILLET 2026 A 12:00');
    const text = pageTexts(rc).join('\n');
    expect(text).toMatch(/^ *1-Prix des prestations +40\.0 %$/m);
    expect(text).toMatch(/^ *2\.1-Finesse de structuration laser : +20\.0 %$/m);
    expect(rc.pages.every((p) => p.ocr === 'none')).toBe(true);
    expect(native.rc!.result!.ocrAvailable).toBe(hasTesseract);
  });

  it('reads the 35 pages of the France Travail contract and reports progress up to 100', () => {
    expect(part(native.contract).pages).toHaveLength(35);
    expect(pageTexts(part(native.contract)).join('\n')).toMatch(/bornes/i);
    expect(native.contract!.progress.at(-1)).toBe(100);
    expect(native.contract!.progress).toEqual([...native.contract!.progress].sort((a, b) => a - b));
  });

  it('fails a corrupt, an encrypted and a 10 001-page PDF with their own key, the last one quickly', () => {
    expect(errorKey(native.corrupt)).toBe('extraction-corrupt');
    expect(errorKey(native.encrypted)).toBe('extraction-encrypted');
    expect(errorKey(native.manyPages)).toBe('extraction-too_many_pages');
    expect(native.manyPages!.ms).toBeLessThan(10_000);
  });
});

describe('PDF with pdf.js (EXTRACTION_TOOLS=js)', () => {
  it('reads the same RC pages, in reading order', () => {
    const rc = part(js.rc);
    expect(rc.pages).toHaveLength(15);
    expect(rc.pages[0]!.text).toContain('MERCREDI 15 JUILLET 2026 A 12:00');
    expect(pageTexts(rc).join('\n')).toMatch(/1-Prix des prestations[\s\S]{0,40}40\.0 %/);
    expect(part(js.contract).pages).toHaveLength(35);
    expect(js.rc!.result!.ocrAvailable).toBe(false);
  });

  it('marks a page without text as not OCR-able rather than failing', () => {
    expect(part(js.scanOrImage).pages).toEqual([{ page: 1, text: '', ocr: 'unavailable' }]);
  });

  it('fails a corrupt, an encrypted and a 10 001-page PDF with their own key', () => {
    expect(errorKey(js.corrupt)).toBe('extraction-corrupt');
    expect(errorKey(js.encrypted)).toBe('extraction-encrypted');
    expect(errorKey(js.manyPages)).toBe('extraction-too_many_pages');
    expect(js.manyPages!.ms).toBeLessThan(15_000);
  });
});

describe.skipIf(!hasTesseract)('OCR (pdftoppm + tesseract fra)', () => {
  it('reads a scanned page back as French text', () => {
    const [page] = part(native.scan).pages;
    expect(page!.ocr).toBe('done');
    expect(page!.text).toMatch(/JUILLET/);
    expect(page!.text).toMatch(/consultation/i);
    expect(native.scan!.result!.ocrAvailable).toBe(true);
  });

  it('reads a PNG document', () => {
    expect(part(native.png)).toMatchObject({ format: 'image', pages: [{ page: 1, ocr: 'done' }] });
    expect(part(native.png).pages[0]!.text).toMatch(/JUILLET/);
  });

  it('reads a scan of several pages two at a time, each page its own text, in order', () => {
    const read = part(native.scan3);
    expect(read.pages.map(({ page, ocr }) => ({ page, ocr }))).toEqual([1, 2, 3].map((page) => ({ page, ocr: 'done' })));
    // Each page read back is the original page with the same number: most of its words (page 3, a
    // table of contents with dotted leaders, reads 77 % at 150 dpi), more than of any other page.
    const original = [1, 2, 3].map((n) => execFileSync('pdftotext', ['-f', String(n), '-l', String(n), rcPdf, '-']).toString('utf8'));
    for (const [index, page] of read.pages.entries()) {
      const recalls = original.map((text) => wordRecall(text, page.text));
      expect(recalls[index]).toBeGreaterThan(0.7);
      expect(Math.max(...recalls)).toBe(recalls[index]);
    }
    expect(read.pages[0]!.text).toMatch(/JUILLET/);
    expect(native.scan3!.progress.at(-1)).toBe(100);
  });

  it('runs two tesseracts at once on a two-page scan, and leaves no page image behind', async () => {
    const folder = mkdtempSync(join(work, 'pages-'));
    const seen = new Set<number>();
    let most = 0;
    const sampler = setInterval(() => {
      const running = descendants(process.pid).filter((pid) => processName(pid) === 'tesseract');
      running.forEach((pid) => seen.add(pid));
      most = Math.max(most, running.length);
    }, 20);
    let names = 0;
    try {
      const texts = await ocrPdfPages(scannedPages, [1, 2], { tempPath: () => join(folder, `page-${++names}`), limit: () => 2 });
      expect(texts[0]).toMatch(/JUILLET/);
      expect(wordRecall(execFileSync('pdftotext', ['-f', '2', '-l', '2', rcPdf, '-']).toString('utf8'), texts[1]!)).toBeGreaterThan(0.9);
    } finally {
      clearInterval(sampler);
    }
    expect(seen.size).toBe(2);
    expect(most).toBe(2);
    expect(readdirSync(folder)).toEqual([]);
  }, 120_000);
});

describe('OCR scheduling', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('keeps the pages in order when they end out of order, never more at once than the limit', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const jobs = [60, 5, 40, 1, 20, 10].map((ms, index) => ({
      pixels: 8_700_000,
      run: async () => {
        started.push(index);
        most = Math.max(most, ++running);
        await sleep(ms);
        running--;
        return `page ${index + 1}`;
      },
    }));
    expect(await runPageJobs(jobs, () => 2)).toEqual(['page 1', 'page 2', 'page 3', 'page 4', 'page 5', 'page 6']);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('follows the limit as it changes, and keeps the pixels in flight within one large page', async () => {
    let running = 0;
    const atOnce: number[] = [];
    const job = (pixels: number) => ({
      pixels,
      run: async () => {
        atOnce.push(++running);
        await sleep(5);
        running--;
      },
    });
    // Asked before each start: two, then one once the machine is busy.
    let asked = 0;
    await runPageJobs([job(1), job(1), job(1), job(1), job(1)], () => (++asked <= 1 ? 2 : 1));
    expect(atOnce.slice(0, 2)).toEqual([1, 2]);
    expect(Math.max(...atOnce.slice(2))).toBe(1);
    // Pages of 30 Mpx (a large plan at the resolution that keeps it under 40 Mpx) take turns; an A4
    // page (8.7 Mpx) still fits beside one.
    atOnce.length = 0;
    await runPageJobs([job(30_000_000), job(30_000_000), job(30_000_000)], () => 4);
    expect(Math.max(...atOnce)).toBe(1);
    atOnce.length = 0;
    await runPageJobs([job(30_000_000), job(8_700_000)], () => 4);
    expect(atOnce).toEqual([1, 2]);
  });

  it('uses the cores the rest of the machine leaves free, at most two, unless told a number', () => {
    const at = (cores: number, load: number, ours = 0, setting?: string) => ocrConcurrency(ours, { cores, load }, setting);
    expect(at(2, 0.1)).toBe(2);
    expect(at(2, 0.9)).toBe(1);
    expect(at(2, 8)).toBe(1);
    expect(at(1, 0)).toBe(1);
    expect(at(16, 0)).toBe(2);
    // Its own two tesseracts are in the load average: they do not make the machine busy.
    expect(at(2, 2.1, 2)).toBe(2);
    expect(at(2, 3.2, 2)).toBe(1);
    expect(at(2, 8, 0, '3')).toBe(3);
    expect(at(2, 0, 0, 'x')).toBe(2);
  });

  it('renders at 300 dpi, less for a page too large for it', () => {
    expect(renderResolution({ width: 595, height: 842 })).toEqual({ dpi: 300, pixels: 2480 * 3509 });
    const plan = renderResolution({ width: 3370, height: 2384 });
    expect(plan.dpi).toBeLessThan(300);
    expect(plan.pixels).toBeLessThanOrEqual(40_000_000);
  });
});

describe('Office documents', () => {
  it('reads DC1.docx: paragraphs, table rows as tab-separated cells, Word page breaks', () => {
    const dc1 = part(native.dc1);
    expect(dc1.format).toBe('docx');
    expect(dc1.pages).toHaveLength(2);
    const text = pageTexts(dc1).join('\n');
    expect(dc1.pages[0]!.text).toContain('Lettre de candidature');
    expect(text).toContain('Institut polytechnique de Grenoble');
    expect(text).toContain('Acquisition d’une machine de prototypage de circuits imprimés');
    expect(text).toMatch(/^N° du Lot\tNom commercial et dénomination sociale/m);
    expect(part(native.cadre).pages.length).toBeGreaterThan(5);
  });

  it('reads the CRF and BPU spreadsheets: one page per sheet, rows of formatted cells', () => {
    const crf = part(native.crf);
    expect(crf.format).toBe('xlsx');
    expect(crf.pages[0]!.text.split('\n')[0]).toBe('CRF ');
    expect(crf.pages[0]!.text).toContain('Consultation n° 2026FCSSA0025');
    expect(crf.pages[0]!.text).toMatch(/^PSE 1\tSystème de traitement d'air comprimé.*\tForfait$/m);
    expect(part(native.bpu).pages[0]!.text.split('\n').length).toBeGreaterThan(5);
  });

  it('reads an ODT: spaces, tabs, line breaks, table cells, soft and styled page breaks; notes left out', () => {
    const doc = part(native.odt);
    expect(doc.format).toBe('odt');
    expect(pageTexts(doc)).toEqual([
      'Règlement de la consultation\nDate limite :   15 juillet 2026\t12 h 00\nLigne un\nligne deux & été\nCritère\tPoids\nPrix\t40 %',
      'Deuxième page',
      'Troisième page',
    ]);
  });

  it('reads an ODS: each sheet a page, empty rows skipped', () => {
    const sheet = part(native.ods);
    expect(sheet.format).toBe('ods');
    expect(pageTexts(sheet)).toEqual([
      'BPU\nArticle\tDésignation\tPrix unitaire HT\n1.1\tBorne de recharge 22 kW\t1850.5\n1.2\tPose et raccordement\t420',
      'DQE\nDQE\tQuantité\n1.1\t12',
    ]);
  });

  it('reads plain text', () => {
    expect(part(native.text)).toEqual({ entry: null, format: 'text', pages: [{ page: 1, text: 'Questions des candidats\nRéponse : oui', ocr: 'none' }] });
  });
});

describe('Hostile files', () => {
  it('does not expand a billion-laughs DOCX', () => {
    expect(pageTexts(part(native.laughs))).toEqual(['Avant &lol9; après']);
    expect(native.laughs!.ms).toBeLessThan(10_000);
  });

  it('refuses a DOCX whose XML is a compression bomb, or unpacks past its declared size', () => {
    expect(errorKey(native.bombDocx)).toBe('extraction-too_large');
    expect(errorKey(native.lyingDocx)).toBe('extraction-too_large');
  });

  it('refuses a file it cannot read, whatever its name says', () => {
    expect(errorKey(native.exe)).toBe('extraction-unsupported');
  });

  it('kills a child past its time limit, with the tools it runs, and leaves no process behind', async () => {
    // During rasterising or OCR if tesseract is there, so that the tools' process group is killed
    // too (two pages at once): a scanned page takes two seconds or more on a quiet machine, the limit is 0.7.
    process.env.EXTRACTION_OCR_CONCURRENCY = '2';
    const slow = await extract(hasTesseract ? scannedPages : rcPdf, { timeoutMs: hasTesseract ? 700 : 1 }).finally(() => delete process.env.EXTRACTION_OCR_CONCURRENCY);
    expect(errorKey(slow)).toBe('extraction-timeout');
    expect(leftovers()).toEqual([]);
  });

  it('reports a child killed by its heap limit as out of memory', async () => {
    // pdf.js parses in the child's heap (pdftotext would not need it).
    process.env.EXTRACTION_TOOLS = 'js';
    try {
      expect(errorKey(await extract(contractPdf, { maxOldSpaceMb: 16 }))).toBe('extraction-out_of_memory');
    } finally {
      delete process.env.EXTRACTION_TOOLS;
    }
    expect(leftovers()).toEqual([]);
  });

  it('stops on abort', async () => {
    // pdf.js takes seconds for the 35 pages, where a child already started reads them with
    // pdftotext in a tenth of a second: the abort must come mid-file.
    process.env.EXTRACTION_TOOLS = 'js';
    try {
      const controller = new AbortController();
      const running = extract(contractPdf, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('cancelled')), 200);
      expect(String((await running).error)).toContain('cancelled');
    } finally {
      delete process.env.EXTRACTION_TOOLS;
    }
    expect(leftovers()).toEqual([]);
  });
});

describe('Pool of extraction children', () => {
  // A heap limit no other test uses: children of their own, started only here.
  const own = { maxOldSpaceMb: 320 };
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** The file's outcome and the pid of the child that read it. */
  const read = async (path: string, options: Parameters<typeof runExtraction>[1] = {}) => {
    let pid = 0;
    const outcome = await extract(path, { ...own, ...options, onChild: (p) => (pid = p) });
    return { ...outcome, pid };
  };
  const withJs = async <T>(run: () => Promise<T>) => {
    process.env.EXTRACTION_TOOLS = 'js';
    try {
      return await run();
    } finally {
      delete process.env.EXTRACTION_TOOLS;
    }
  };

  it('reads two files in a row in the same child', async () => {
    const first = await read(rcPdf);
    const startedAfterFirst = extractionChildrenStarted();
    const second = await read(`${grenoble}/DC1.docx`);
    expect(part(first).pages).toHaveLength(15);
    expect(part(second).pages[0]!.text).toContain('Lettre de candidature');
    expect(second.pid).toBe(first.pid);
    expect(extractionChildrenStarted()).toBe(startedAfterFirst);
    expect(alive(first.pid)).toBe(true);
  });

  it('kills a child past its time limit; the next file is read by a fresh one', async () => {
    const warm = await read(rcPdf);
    // pdf.js on the 35 pages takes seconds: killed mid-file.
    const slow = await withJs(() => read(contractPdf, { timeoutMs: 500 }));
    expect(errorKey(slow)).toBe('extraction-timeout');
    expect(slow.pid).toBe(warm.pid);
    expect(alive(slow.pid)).toBe(false);
    const next = await read(rcPdf);
    expect(part(next).pages).toHaveLength(15);
    expect(next.pid).not.toBe(slow.pid);
    expect(leftovers()).toEqual([]);
  });

  it('kills a child aborted mid-file; the next file is read by a fresh one', async () => {
    const controller = new AbortController();
    let pid = 0;
    const aborted = await withJs(async () => {
      try {
        // Aborted at its first page, from the progress it reports.
        return await runExtraction({ path: contractPdf, fileName: 'contrat.pdf' }, { ...own, signal: controller.signal, onChild: (p) => (pid = p), onProgress: () => controller.abort(new Error('cancelled')) });
      } catch (error) {
        return error;
      }
    });
    expect(String(aborted)).toContain('cancelled');
    expect(alive(pid)).toBe(false);
    const next = await read(contractPdf);
    expect(part(next).pages).toHaveLength(35);
    expect(next.pid).not.toBe(pid);
  });

  it('runs at most EXTRACTION_CHILDREN children: with one, two files at once take turns in it', async () => {
    process.env.EXTRACTION_CHILDREN = '1';
    try {
      const [a, b] = await Promise.all([read(rcPdf), read(contractPdf)]);
      expect(part(a).pages).toHaveLength(15);
      expect(part(b).pages).toHaveLength(35);
      expect(a.pid).toBe(b.pid);
    } finally {
      process.env.EXTRACTION_CHILDREN = '2';
    }
  });
});

describe('ZIP DCE', () => {
  it('extracts each entry as its own part; a bad entry fails only its part', () => {
    const parts = native.zip!.result!.parts;
    expect(parts.map((p) => [p.entry, p.format, p.error ?? null])).toEqual([
      ['DCE/RC.pdf', 'pdf', null],
      ['DCE/DC1.docx', 'docx', null],
      ['DCE/CRF.xlsx', 'xlsx', null],
      ['DCE/Réponses.txt', 'text', null],
      ['DCE/plan.dwg', 'unknown', 'extraction-unsupported'],
      ['DCE/abîmé.pdf', 'pdf', 'extraction-corrupt'],
      ['DCE/bombe.txt', 'unknown', 'extraction-too_large'],
      ['DCE/lots.zip/Lot 2/note.txt', 'text', null],
      ['DCE/offre.xlsx', 'unknown', 'extraction-encrypted'],
      ['DCE/secret.pdf', 'unknown', 'extraction-encrypted'],
    ]);
    expect(parts[0]!.pages).toHaveLength(15);
    expect(parts[0]!.pages[0]!.text).toContain('MERCREDI 15 JUILLET 2026 A 12:00');
    expect(parts[1]!.pages[0]!.text).toContain('Lettre de candidature');
    expect(parts[3]!.pages[0]!.text).toBe('Réponse 1 : le délai est maintenu.');
    expect(parts[7]!.pages[0]!.text).toBe('Lot 2 : maintenance');
    expect(native.zip!.progress.at(-1)).toBe(100);
  });
});

describe('stripRepeatedLines', () => {
  it('removes running headers and footers, page numbers included, and keeps the rest', () => {
    const body = (n: number) => {
      const word = ['un', 'deux', 'trois'][n - 1];
      return [`Chapitre ${word}`, `Texte ${word}`, `Détail ${word}`, `Article ${n}`, `Suite ${word}`, `Note ${word}`, `Fin ${word}`].join('\n');
    };
    const pages = [1, 2, 3].map((n) => `Grenoble INP\n${body(n)}\n  Page ${n} sur 3 `);
    // "Article N" is on every page too, but in the body: only the first and last lines can be running.
    expect(stripRepeatedLines(pages)).toEqual([1, 2, 3].map(body));
    expect(stripRepeatedLines(pages.slice(0, 2))).toEqual(pages.slice(0, 2));
  });

  it.skipIf(!hasPoppler)('removes the RC footer "Consultation n°: 2026FCSSA0025 Page N sur 15"', () => {
    const stripped = stripRepeatedLines(pageTexts(part(native.rc)));
    expect(stripped.join('\n')).not.toMatch(/Page \d+ sur 15/);
    expect(stripped[0]).toContain('MERCREDI 15 JUILLET 2026 A 12:00');
  });
});

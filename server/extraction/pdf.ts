import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { MAX_PAGE_TEXT_BYTES } from './limits';
import { needsOcr, ocrPdfPages, tidy } from './ocr';
import type { ExtractionTools } from './tools';
import { ExtractionError, MAX_PAGES, type ExtractedPage } from './types';

export type PdfInput = { path?: string; data?: Buffer };
/** `textLeft`: the bytes of text the document may still keep; reading stops once they are read. */
export type PdfContext = { tools: ExtractionTools; tmpDir: string; textLeft: () => number; progress: (fraction: number) => void; tempName: () => string };

// A page is kept raw up to this many characters before tidy() trims it and the budget cuts it to
// MAX_PAGE_TEXT_BYTES: room for -layout's indentation, and a bound on what a forged page holds in memory.
const RAW_PAGE_CHARS = 4 * MAX_PAGE_TEXT_BYTES;

/**
 * pdftotext's pages, read as it writes them. It stops one page past the limit, so a PDF of
 * 10 000 pages costs no more than one of 2 001; and it is stopped once the pages read hold the
 * text the document may still keep (`textLeft`): a forged PDF that draws megabytes on every page
 * is neither held in memory nor read to its end. No pdfinfo first: every page ends with a form feed.
 */
function textWithPoppler(path: string, textLeft: () => number, progress: (fraction: number) => void): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // -layout keeps the columns of a row (a criterion and its weight) on one line.
    const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-l', String(MAX_PAGES + 1), path, '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const decoder = new StringDecoder('utf8');
    const pages: string[] = [];
    let page = '';
    let kept = 0;
    let enough = false;
    let stderr = '';
    const addText = (text: string) => {
      if (page.length < RAW_PAGE_CHARS) page += text.slice(0, RAW_PAGE_CHARS - page.length);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (enough) return;
      const pieces = decoder.write(chunk).split('\f');
      addText(pieces[0]!);
      for (const piece of pieces.slice(1)) {
        const text = tidy(page);
        pages.push(text);
        page = '';
        addText(piece);
        kept += Math.min(Buffer.byteLength(text, 'utf8'), MAX_PAGE_TEXT_BYTES);
        // Past what is left, not at it: the budget must see the page that does not fit, to say the text was cut.
        if (kept > textLeft() || pages.length > MAX_PAGES) {
          enough = true;
          child.kill('SIGKILL');
          return;
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 16_384) stderr += chunk.toString('utf8');
    });
    child.on('error', () => reject(new ExtractionError('extraction-corrupt')));
    child.on('close', (code) => {
      if (/password/i.test(stderr)) return reject(new ExtractionError('extraction-encrypted'));
      if (!enough && code !== 0) return reject(new ExtractionError('extraction-corrupt'));
      // What follows the last form feed is not a page.
      if (pages.length > MAX_PAGES) return reject(new ExtractionError('extraction-too_many_pages'));
      progress(0.5);
      resolve(pages);
    });
  });
}

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** A page's lines as pdf.js reads them, each with its top as a fraction of the page's height (0 at the top). */
export type LaidOutPage = { lines: { text: string; top: number }[] };

/**
 * The lines of each page of a PDF we laid out ourselves (the memory's export), with where each
 * starts on its page: how much of the document a section takes (issue 25, a frame item's page
 * limit). Null when the PDF cannot be read.
 */
export async function pdfLayout(data: Buffer): Promise<LaidOutPage[] | null> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({ data: new Uint8Array(data), verbosity: 0, isEvalSupported: false, disableFontFace: true, cMapUrl: join(pdfjsRoot, 'cmaps') + '/', standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/' });
  try {
    const document = await task.promise;
    if (document.numPages > MAX_PAGES) return null;
    const pages: LaidOutPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const lines: LaidOutPage['lines'] = [];
      let text = '';
      let top: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        // transform[5]: the baseline's distance from the page's bottom.
        if (top === null && item.str.trim()) top = Math.min(1, Math.max(0, 1 - item.transform[5]! / height));
        text += item.str;
        if (item.hasEOL) {
          if (text.trim() && top !== null) lines.push({ text: text.replace(/\s+/g, ' ').trim(), top });
          text = '';
          top = null;
        }
      }
      if (text.trim() && top !== null) lines.push({ text: text.replace(/\s+/g, ' ').trim(), top });
      pages.push({ lines });
      page.cleanup();
    }
    return pages;
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}

async function textWithPdfjs(data: Buffer, textLeft: () => number, progress: (fraction: number) => void): Promise<string[]> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  const { getDocument } = await pdfjs;
  const task = getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
  });
  let document;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    throw new ExtractionError((error as { name?: string }).name === 'PasswordException' ? 'extraction-encrypted' : 'extraction-corrupt');
  }
  try {
    if (document.numPages > MAX_PAGES) throw new ExtractionError('extraction-too_many_pages');
    const pages: string[] = [];
    let kept = 0;
    // As with pdftotext: no more pages than the text the document may still keep.
    for (let number = 1; number <= document.numPages && kept <= textLeft(); number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        if (text.length < RAW_PAGE_CHARS) text += item.str.slice(0, RAW_PAGE_CHARS - text.length);
        if (item.hasEOL) text += '\n';
      }
      const tidied = tidy(text);
      pages.push(tidied);
      kept += Math.min(Buffer.byteLength(tidied, 'utf8'), MAX_PAGE_TEXT_BYTES);
      page.cleanup();
      progress((0.5 * number) / document.numPages);
    }
    return pages;
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError('extraction-corrupt');
  } finally {
    await document.destroy();
  }
}

/**
 * A PDF's pages: poppler's pdftotext when installed (fast, keeps the layout), pdf.js otherwise.
 * Pages without a text layer are OCR'd when pdftoppm and tesseract are there.
 */
export async function extractPdf(input: PdfInput, context: PdfContext): Promise<ExtractedPage[]> {
  const { tools } = context;
  let path = input.path;
  const materialise = async () => {
    if (path) return path;
    path = join(context.tmpDir, context.tempName());
    await writeFile(path, input.data!);
    return path;
  };
  const texts = tools.pdftotext
    ? await textWithPoppler(await materialise(), context.textLeft, context.progress)
    : await textWithPdfjs(input.data ?? (await readFile(path!)), context.textLeft, context.progress);

  const ocrCapable = tools.pdftoppm && tools.tesseractFra;
  const scanned = texts.flatMap((text, index) => (needsOcr(text) ? [index] : []));
  const pages: ExtractedPage[] = texts.map((text, index) => ({ page: index + 1, text, ocr: 'none' }));
  if (scanned.length && !ocrCapable) for (const index of scanned) pages[index]!.ocr = 'unavailable';
  else if (scanned.length) {
    // Several pages at once when the machine's cores are free (ocrConcurrency); each page's text
    // goes back to its own page, whatever order they finish in.
    let done = 0;
    const recognised = await ocrPdfPages(
      await materialise(),
      scanned.map((index) => index + 1),
      { tempPath: () => join(context.tmpDir, context.tempName()), onPage: () => context.progress(0.5 + (0.5 * ++done) / scanned.length) },
    );
    scanned.forEach((index, at) => {
      const page = pages[index]!;
      const text = recognised[at];
      if (text === undefined) page.ocr = 'unavailable';
      else {
        if (text.length > page.text.length) page.text = text;
        page.ocr = 'done';
      }
    });
  }
  context.progress(1);
  return pages;
}

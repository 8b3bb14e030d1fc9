import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { needsOcr, ocrPdfPage, tidy } from './ocr';
import { runCommand, type ExtractionTools } from './tools';
import { ExtractionError, MAX_PAGES, type ExtractedPage } from './types';

export type PdfInput = { path?: string; data?: Buffer };
export type PdfContext = { tools: ExtractionTools; tmpDir: string; progress: (fraction: number) => void; tempName: () => string };

async function textWithPoppler(path: string, progress: (fraction: number) => void): Promise<string[]> {
  // No pdfinfo first: pdftotext ends every page with a form feed, which gives the count. It stops
  // one page past the limit, so a PDF of 10 000 pages costs no more than one of 2 001.
  // -layout keeps the columns of a row (a criterion and its weight) on one line.
  const result = await runCommand('pdftotext', ['-layout', '-enc', 'UTF-8', '-l', String(MAX_PAGES + 1), path, '-']);
  if (/password/i.test(result.stderr)) throw new ExtractionError('extraction-encrypted');
  if (result.code !== 0) throw new ExtractionError('extraction-corrupt');
  // What follows the last form feed is not a page.
  const pages = result.stdout.toString('utf8').split('\f').slice(0, -1);
  if (pages.length > MAX_PAGES) throw new ExtractionError('extraction-too_many_pages');
  progress(0.5);
  return pages.map(tidy);
}

let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function textWithPdfjs(data: Buffer, progress: (fraction: number) => void): Promise<string[]> {
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
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(tidy(text));
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
    ? await textWithPoppler(await materialise(), context.progress)
    : await textWithPdfjs(input.data ?? (await readFile(path!)), context.progress);

  const ocrCapable = tools.pdftoppm && tools.tesseractFra;
  const scanned = texts.flatMap((text, index) => (needsOcr(text) ? [index] : []));
  const pages: ExtractedPage[] = texts.map((text, index) => ({ page: index + 1, text, ocr: 'none' }));
  let done = 0;
  for (const index of scanned) {
    const page = pages[index]!;
    if (!ocrCapable) {
      page.ocr = 'unavailable';
      continue;
    }
    try {
      const recognised = await ocrPdfPage(await materialise(), index + 1, context.tmpDir);
      if (recognised.length > page.text.length) page.text = recognised;
      page.ocr = 'done';
    } catch {
      page.ocr = 'unavailable';
    }
    context.progress(0.5 + (0.5 * ++done) / scanned.length);
  }
  context.progress(1);
  return pages;
}

import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { runCommand } from './tools';
import { ExtractionError } from './types';
import { childEnv, tuning } from '../config';

// A page rendered at 300 dpi is 8.7 Mpx for A4; a forged page (or image) far larger would make
// pdftoppm and tesseract allocate gigabytes outside the child's heap limit. Pages OCR'd at once
// share this bound (runPageJobs).
const MAX_PIXELS = 40_000_000;
// Tesseract's OpenMP threads double the time per page on a loaded machine (measured 2.4 s vs 5 s).
const ocrEnv = () => childEnv({ OMP_THREAD_LIMIT: '1' });

/** A page needs OCR when its text layer is (almost) empty: a scan, or text drawn as curves. */
export const needsOcr = (text: string) => text.replace(/\s/g, '').length < 20;

export async function ocrImageFile(path: string): Promise<string> {
  const result = await runCommand('tesseract', [path, 'stdout', '-l', 'fra'], { env: ocrEnv(), maxBuffer: 16 * 1024 * 1024 });
  if (result.code !== 0) throw new ExtractionError('extraction-corrupt');
  return tidy(result.stdout.toString('utf8'));
}

type PageSize = { width: number; height: number };

/**
 * The sizes in points of pages first..last, from one pdfinfo: the resolution each page is rendered
 * at so that it stays bounded. A page pdfinfo does not give is taken as A4.
 */
async function pageSizes(pdfPath: string, first: number, last: number): Promise<Map<number, PageSize>> {
  const result = await runCommand('pdfinfo', ['-f', String(first), '-l', String(last), pdfPath], { maxBuffer: 4 * 1024 * 1024 });
  const sizes = new Map<number, PageSize>();
  for (const match of result.stdout.toString('utf8').matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/gm)) {
    sizes.set(Number(match[1]), { width: Number(match[2]), height: Number(match[3]) });
  }
  return sizes;
}

/** 300 dpi, or less for a page so large that it would pass MAX_PIXELS; its pixels at that resolution. */
export function renderResolution(size: PageSize | undefined): { dpi: number; pixels: number } {
  const { width, height } = size ?? { width: 595, height: 842 };
  const inches = (width / 72) * (height / 72);
  const dpi = Math.max(30, Math.min(300, Math.floor(Math.sqrt(MAX_PIXELS / Math.max(inches, 0.01)))));
  return { dpi, pixels: Math.ceil((width / 72) * dpi) * Math.ceil((height / 72) * dpi) };
}

/**
 * One page rendered in grey as a raw PGM (not PNG: pdftoppm's PNG compression took 1–2.5 s of a
 * 300 dpi page, tesseract's decoding more; see docs/decisions.md), read by tesseract, deleted.
 * The resolution is told to tesseract, as a PGM does not carry it.
 */
async function ocrRenderedPage(pdfPath: string, page: number, dpi: number, root: string): Promise<string> {
  const image = `${root}.pgm`;
  try {
    const rendered = await runCommand('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', String(page), '-l', String(page), pdfPath, root], { maxBuffer: 1024 * 1024 });
    if (rendered.code !== 0) throw new ExtractionError('extraction-corrupt');
    const result = await runCommand('tesseract', [image, 'stdout', '-l', 'fra', '--dpi', String(dpi)], { env: ocrEnv(), maxBuffer: 16 * 1024 * 1024 });
    if (result.code !== 0) throw new ExtractionError('extraction-corrupt');
    return tidy(result.stdout.toString('utf8'));
  } finally {
    // 8.7 MB for an A4 page: a scan of hundreds of pages must not fill the disk.
    await rm(image, { force: true });
  }
}

/** Pages of one document OCR'd at once by default, on a machine whose cores are free. */
export const DEFAULT_OCR_CONCURRENCY = 2;

/**
 * How many pages may be OCR'd at once: EXTRACTION_OCR_CONCURRENCY when set (a fixed number);
 * otherwise the cores the rest of the machine leaves free, judged by the one-minute load average
 * less the `ours` tesseracts this document has been running (they are in that average too), at
 * least one and at most DEFAULT_OCR_CONCURRENCY. One tesseract uses one core (OMP_THREAD_LIMIT=1).
 */
export function ocrConcurrency(ours = 0, machine = { cores: availableParallelism(), load: loadavg()[0] ?? 0 }, setting = tuning.ocrConcurrency()): number {
  const fixed = Math.floor(Number(setting));
  if (setting && fixed >= 1) return fixed;
  const others = Math.max(0, machine.load - ours);
  return Math.max(1, Math.min(DEFAULT_OCR_CONCURRENCY, machine.cores, Math.round(machine.cores - others)));
}

export type PageJob<T> = { pixels: number; run: () => Promise<T> };

/**
 * Runs the jobs in their order, several at once: up to `limit(level)` (asked again before each
 * start, `level` being the limit it gave last), and never more than MAX_PIXELS of pages in flight
 * (one page alone always runs), so that rasters in memory stay within the bound one page had.
 * The results keep the jobs' order, whatever order they finish in.
 */
export function runPageJobs<T>(jobs: PageJob<T>[], limit: (level: number) => number = ocrConcurrency): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  let running = 0;
  let pixels = 0;
  let level = 0;
  let failed = false;
  return new Promise((resolve, reject) => {
    const pump = () => {
      if (failed) return;
      if (next >= jobs.length && running === 0) return resolve(results);
      level = Math.max(1, limit(level));
      while (next < jobs.length && running < level && (running === 0 || pixels + jobs[next]!.pixels <= MAX_PIXELS)) {
        const index = next++;
        const job = jobs[index]!;
        running++;
        pixels += job.pixels;
        job.run().then(
          (value) => {
            results[index] = value;
            running--;
            pixels -= job.pixels;
            pump();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    pump();
  });
}

/**
 * The text of each of `pages` (1-based, ascending) of a PDF, in that order, undefined for a page
 * that could not be read. Pages run in parallel as runPageJobs allows; `onPage` is called as each
 * one ends.
 */
export async function ocrPdfPages(
  pdfPath: string,
  pages: number[],
  options: { tempPath: () => string; onPage?: () => void; limit?: (level: number) => number },
): Promise<(string | undefined)[]> {
  if (!pages.length) return [];
  const sizes = await pageSizes(pdfPath, pages[0]!, pages[pages.length - 1]!);
  const jobs = pages.map((page): PageJob<string | undefined> => {
    const { dpi, pixels } = renderResolution(sizes.get(page));
    return {
      pixels,
      run: async () => {
        try {
          return await ocrRenderedPage(pdfPath, page, dpi, options.tempPath());
        } catch {
          return undefined;
        } finally {
          options.onPage?.();
        }
      },
    };
  });
  return runPageJobs(jobs, options.limit);
}

/** Image dimensions from the PNG or JPEG header, to refuse decompression bombs before decoding. */
export function imagePixels(data: Buffer): number | undefined {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) return data.readUInt32BE(16) * data.readUInt32BE(20);
  for (let at = 2; at + 9 < data.length; ) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return data.readUInt16BE(at + 5) * data.readUInt16BE(at + 7);
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) at += 2;
    else at += 2 + data.readUInt16BE(at + 2);
  }
  return undefined;
}

export const checkImageSize = (data: Buffer) => {
  if ((imagePixels(data) ?? 0) > MAX_PIXELS) throw new ExtractionError('extraction-too_large');
};

/** Trailing spaces and the form feed tesseract ends its output with. */
export const tidy = (text: string) =>
  text
    .replaceAll('\f', '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

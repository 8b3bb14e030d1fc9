import { join } from 'node:path';
import { runCommand } from './tools';
import { ExtractionError } from './types';

// A page rendered at 300 dpi is 8.7 Mpx for A4; a forged page (or image) far larger would make
// pdftoppm and tesseract allocate gigabytes outside the child's heap limit.
const MAX_PIXELS = 40_000_000;
// Tesseract's OpenMP threads double the time per page on a loaded machine (measured 2.4 s vs 5 s).
const ocrEnv = () => ({ ...process.env, OMP_THREAD_LIMIT: '1' });

/** A page needs OCR when its text layer is (almost) empty: a scan, or text drawn as curves. */
export const needsOcr = (text: string) => text.replace(/\s/g, '').length < 20;

export async function ocrImageFile(path: string): Promise<string> {
  const result = await runCommand('tesseract', [path, 'stdout', '-l', 'fra'], { env: ocrEnv(), maxBuffer: 16 * 1024 * 1024 });
  if (result.code !== 0) throw new ExtractionError('extraction-corrupt');
  return tidy(result.stdout.toString('utf8'));
}

/** The page's size in points, from pdfinfo, to render it at a resolution that stays bounded. */
async function pageSize(pdfPath: string, page: number): Promise<{ width: number; height: number } | undefined> {
  const result = await runCommand('pdfinfo', ['-f', String(page), '-l', String(page), pdfPath], { maxBuffer: 1024 * 1024 });
  const match = /Page\s+\d+\s+size:\s+([\d.]+)\s+x\s+([\d.]+)/.exec(result.stdout.toString('utf8'));
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
}

export async function ocrPdfPage(pdfPath: string, page: number, tmpDir: string): Promise<string> {
  const size = await pageSize(pdfPath, page);
  const inches = size ? (size.width / 72) * (size.height / 72) : 8.27 * 11.69;
  const dpi = Math.max(30, Math.min(300, Math.floor(Math.sqrt(MAX_PIXELS / Math.max(inches, 0.01)))));
  const root = join(tmpDir, `ocr-${page}`);
  const rendered = await runCommand('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', '-f', String(page), '-l', String(page), pdfPath, root], {
    maxBuffer: 1024 * 1024,
  });
  if (rendered.code !== 0) throw new ExtractionError('extraction-corrupt');
  return ocrImageFile(`${root}.png`);
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

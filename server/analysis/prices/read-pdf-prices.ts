// Price lines of a PDF, read where that is all the buyer gives: a CCTP-DPGF whose numbered articles
// each end with their quantity ("Quantité totale : 10,50 ML x ____ € = ____ €"), the form building
// DPGFs are often printed in. Such a file cannot be written back: its cells are synthetic
// ("T1R<line>C<column>", the line being the line of pdftotext's layout text).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { squash } from '../dce/text';
import { parseNumber } from './grid';
import { priceFileKind } from './kind';
import type { PriceFileRead, PriceLine, PriceTotal } from './types';

const MAX_TEXT = 8_000_000;

function pdfText(file: Buffer): Promise<string | null> {
  return (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prices-'));
    try {
      const path = join(dir, 'file.pdf');
      await writeFile(path, file);
      return await new Promise<string | null>((resolve) => {
        const child = spawn('pdftotext', ['-layout', '-enc', 'UTF-8', '-l', '500', path, '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
        const chunks: Buffer[] = [];
        let size = 0;
        child.stdout.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_TEXT) child.kill('SIGKILL');
          else chunks.push(chunk);
        });
        child.on('error', () => resolve(null));
        child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks).toString('utf8') : null));
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
}

const ARTICLE = /^\s{0,12}(\d{1,2}(?:\.\d{1,3}){1,4})\.?(?:\s{2,}(\S.*?))?\s*$/;
const CHAPTER = /^\s{0,12}(\d{1,2})\s{2,}(\S.*?)\s*$/;
const QUANTITY = /Quantit[ée]s?\s+totales?\s*:\s*(-?[\d\s]*\d(?:[.,]\d+)?)\s*([^\s\d€x][^\s€]*)?/i;
const TOTAL = /^\s*(Total\s+(?:H\.?\s?T\.?|T\.?\s?V\.?\s?A\.?(?:\s*\([^)]*\))?|T\.?\s?T\.?\s?C\.?))\s*:/i;
const OPTIONAL = /\boption|\bvariante|ne pas totaliser|non totalis|prestations? supplementaires? eventuelles?|\bpse\b/;

/** The DPGF lines of a PDF, or null when it has none in the form above. */
export async function readPdfPrices(file: Buffer, fileName: string): Promise<PriceFileRead | null> {
  const text = await pdfText(file);
  if (!text) return null;
  const rows = text.replace(/\f/g, '\n').split('\n');
  const lines: PriceLine[] = [];
  const totals: PriceTotal[] = [];
  let article: { ref: string; label: string } | null = null;
  let optional = false;
  const nearText = (from: number, step: 1 | -1) => {
    for (let k = from + step, seen = 0; k >= 0 && k < rows.length && seen < 2; k += step, seen++) {
      const near = rows[k]!.trim();
      if (near && !ARTICLE.test(near) && !QUANTITY.test(near)) return near;
    }
    return '';
  };
  rows.forEach((raw, index) => {
    const row = index + 1;
    const chapter = CHAPTER.exec(raw);
    if (chapter && !/^\s*\d+\s{2,}[\d,.]+\s/.test(raw)) {
      optional = OPTIONAL.test(squash(chapter[2]!));
      article = null;
      return;
    }
    const heading = ARTICLE.exec(raw);
    if (heading) {
      // A number alone on its line: the designation is printed just above it, sometimes ended below ("env").
      const below = nearText(index, 1);
      const label = heading[2] ?? [nearText(index, -1), below.length <= 12 && /^\p{Ll}/u.test(below) ? below : ''].filter(Boolean).join(' ');
      article = { ref: heading[1]!, label };
      return;
    }
    const quantity = QUANTITY.exec(raw);
    if (quantity && article) {
      const found = article as { ref: string; label: string };
      lines.push({
        id: `0:${row}`,
        ref: found.ref,
        label: found.label,
        unit: quantity[2]?.replace(/[x×]$/i, '') ?? '',
        quantity: parseNumber(quantity[1]!),
        unitPrice: null,
        total: null,
        row,
        cells: { ref: `T1R${row}C1`, label: `T1R${row}C2`, quantity: `T1R${row}C3`, unit: `T1R${row}C4`, unitPrice: `T1R${row}C5`, total: `T1R${row}C6` },
        ...(optional || OPTIONAL.test(squash(raw)) ? { optional: true } : {}),
      });
      return;
    }
    const total = TOTAL.exec(raw);
    if (total && lines.length) {
      const label = total[1]!.replace(/\s+/g, ' ');
      const t = squash(label);
      totals.push({ label, kind: /t\.?\s?v\.?\s?a/.test(t) ? 'vat' : /t\.?\s?t\.?\s?c/.test(t) ? 'incl_vat' : 'excl_vat', value: null, cell: `T1R${row}C6`, row });
    }
  });
  if (!lines.length) return null;
  // The grand total is the last "Total H.T." before the VAT; the others close a chapter.
  const vatAt = totals.findIndex((t) => t.kind === 'vat');
  totals.forEach((t, i) => {
    if (t.kind === 'excl_vat' && (vatAt === -1 ? i !== totals.length - 1 : i !== vatAt - 1)) t.kind = 'subtotal';
  });
  const words = `${fileName} ${text.slice(0, 20_000)}`;
  return { kind: priceFileKind(words, true, true), format: 'pdf', sheets: [{ name: 'DPGF', lines, totals }] };
}

// A hostile PDF for the heavy-document tests: a few kilobytes whose pages all draw one shared,
// compressed content stream, so that its text is megabytes (as in heavy-documents.test.ts).
import { deflateSync } from 'node:zlib';

/** The sentence every line of the amplified PDF repeats. */
export const AMPLIFIED_SENTENCE = 'Le titulaire fournit les equipements conformes a la norme NF EN 60204 et au CCTP. ';

/**
 * `pages` pages that all point at one content stream, deflated: 40 lines of 1 640 characters in a
 * 1-point font, of which pdftotext reads the ~1 280 that fit the page width: ~50 KB of text a page
 * from a file of about 160 bytes a page.
 */
export function amplifiedPdf(pages: number, sentence = AMPLIFIED_SENTENCE): Buffer {
  const line = sentence.repeat(20);
  const drawing = `BT /F1 1 Tf 20 TL 2 820 Td\n${`(${line}) Tj T*\n`.repeat(40)}ET`;
  const packed = deflateSync(Buffer.from(drawing, 'latin1'), { level: 9 });
  const objects: Buffer[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ].map((body) => Buffer.from(body, 'latin1'));
  objects.push(Buffer.concat([Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), packed, Buffer.from('\nendstream', 'latin1')]));
  for (let i = 0; i < pages; i++) {
    objects.push(Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>', 'latin1'));
  }
  const chunks = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets = objects.map((body, index) => {
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    length += chunk.length;
    return length - chunk.length;
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  chunks.push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

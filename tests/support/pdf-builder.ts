// Small PDFs built byte by byte, for the extraction tests and benches. Node built-ins only, so a
// bench importing it loads nothing of the app (bench/extraction.ts measures its own RSS).

/** A PDF from its objects (numbered from 1, the first being the catalog), with a correct xref. */
export function buildPdf(objects: (string | Buffer)[], trailer = ''): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n`, 'latin1'));
    push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    push(Buffer.from('\nendobj\n', 'latin1'));
  });
  const xref = length;
  const table = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

export const pdfStream = (dictionary: string, data: Buffer) =>
  Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);

/** A scan: each JPEG shown as a full A4 page, with no text layer at all. */
export function imageOnlyPdf(jpegs: Buffer[]): Buffer {
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: number[] = [];
  for (const jpeg of jpegs) {
    // The frame size is in the SOF marker.
    let at = 2;
    while (!(jpeg[at + 1]! >= 0xc0 && jpeg[at + 1]! <= 0xc2)) at += 2 + jpeg.readUInt16BE(at + 2);
    const height = jpeg.readUInt16BE(at + 5);
    const width = jpeg.readUInt16BE(at + 7);
    // pdftoppm -gray still writes three components.
    const colours = jpeg[at + 9] === 1 ? '/DeviceGray' : '/DeviceRGB';
    objects.push(pdfStream(`/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace ${colours} /BitsPerComponent 8 /Filter /DCTDecode`, jpeg));
    const image = objects.length;
    objects.push(pdfStream('', Buffer.from('q 595 0 0 842 0 0 cm /Im0 Do Q', 'latin1')));
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 ${image} 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return buildPdf(objects);
}

// Signing PDFs in tests the way signing software does it (issue 26): a /ByteRange placeholder, a
// /Contents hole, a detached CMS computed by OpenSSL over the two ranges and spliced in. The
// product only reads signatures: its reader is checked against this independent signer.
import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { expect } from 'vitest';

export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

export const BYTE_RANGE_PLACEHOLDER = '[0 9999999999 9999999999 9999999999]';
export const HOLE_BYTES = 8192;
export const MODIFIED_IN_DICTIONARY = new Date('2026-03-14T09:30:00Z');

export type Signer = { key: string; cert: string; certificate: X509Certificate };

/** Where OpenSSL reads and writes its files: a temporary directory the test makes (signingIn). */
let dir = '';
export const signingIn = (directory: string) => {
  dir = directory;
};
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

export function makeSigner(name: string, keyOptions: string[], subject = '/C=FR/O=Menuiserie Dupré SARL/CN=Jeanne Martin'): Signer {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.pem`);
  openssl('req', '-x509', '-utf8', ...keyOptions, '-nodes', '-keyout', key, '-out', cert, '-days', '365', '-subj', subject);
  return { key, cert, certificate: new X509Certificate(readFileSync(cert)) };
}

/** A one-page PDF with an empty signature field: its /ByteRange and /Contents are placeholders. */
export async function pdfWithSignatureField(subFilter: string): Promise<Buffer> {
  const doc = new PDFDocument({ info: { Title: 'Acte d’engagement', Producer: 'PDFKit' } });
  doc.text('Acte d’engagement — lot 1, menuiseries intérieures.');
  const signature = doc.ref({ Type: 'Sig', Filter: 'Adobe.PPKLite', SubFilter: subFilter, ByteRange: [0, 9999999999, 9999999999, 9999999999], Contents: new Uint8Array(HOLE_BYTES), M: MODIFIED_IN_DICTIONARY, Name: new String('Jeanne Martin') });
  const widget = doc.ref({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: new String('Signature du titulaire'), V: signature, Rect: [0, 0, 0, 0], F: 4, P: doc.page.dictionary });
  doc.page.annotations.push(widget);
  // pdfkit's own form (it writes the AcroForm at the end); a signature field is added by hand
  doc.initForm();
  const form = (doc as unknown as { _root: { data: { AcroForm: { data: { Fields: unknown[]; SigFlags?: number } } } } })._root.data.AcroForm;
  form.data.Fields.push(widget);
  form.data.SigFlags = 3;
  signature.end(undefined); // written now: the types want a chunk, pdfkit takes none
  widget.end(undefined);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Fills the last placeholders: the byte range around the hole, then the CMS `makeCms` writes to cms.der. */
export function fillSignature(pdf: Buffer, makeCms: (signedRangesFile: string) => void): Buffer {
  const signed = Buffer.from(pdf);
  const holeStart = signed.lastIndexOf('/Contents <') + '/Contents '.length;
  const holeEnd = signed.indexOf('>', holeStart) + 1;
  const byteRange = `[0 ${holeStart} ${holeEnd} ${signed.length - holeEnd}]`;
  signed.write(byteRange.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), signed.lastIndexOf(BYTE_RANGE_PLACEHOLDER), 'latin1');
  writeFileSync(join(dir, 'signed-ranges.bin'), Buffer.concat([signed.subarray(0, holeStart), signed.subarray(holeEnd)]));
  makeCms('signed-ranges.bin');
  const signatureHex = readFileSync(join(dir, 'cms.der')).toString('hex');
  expect(signatureHex.length).toBeLessThanOrEqual(HOLE_BYTES * 2);
  signed.write(signatureHex.padEnd(HOLE_BYTES * 2, '0'), holeStart + 1, 'latin1');
  return signed;
}

/** A detached CMS signature by OpenSSL over the byte ranges. */
export const sign = (pdf: Buffer, signer: Signer, cmsOptions: string[]) =>
  fillSignature(pdf, (ranges) => openssl('cms', '-sign', '-binary', '-in', ranges, '-signer', signer.cert, '-inkey', signer.key, '-outform', 'DER', '-nosmimecap', '-md', 'sha256', ...cmsOptions, '-out', 'cms.der'));

/** An RFC 3161 timestamp token over the byte ranges, from OpenSSL acting as the time-stamping authority. */
export const timestamp = (pdf: Buffer, authority: Signer) =>
  fillSignature(pdf, (ranges) => {
    writeFileSync(join(dir, 'tsa.serial'), '01\n');
    writeFileSync(join(dir, 'tsa.cnf'), ['[ tsa ]', 'default_tsa = local', '[ local ]', 'serial = ./tsa.serial', `signer_cert = ${authority.cert}`, `signer_key = ${authority.key}`, 'signer_digest = sha256', 'default_policy = 1.2.3.4.1', 'digests = sha256', 'ess_cert_id_alg = sha256', ''].join('\n'));
    openssl('ts', '-query', '-data', ranges, '-sha256', '-cert', '-no_nonce', '-out', 'request.tsq');
    openssl('ts', '-reply', '-queryfile', 'request.tsq', '-config', 'tsa.cnf', '-token_out', '-out', 'cms.der');
  });

/** An incremental update, as a later edit or a second signer's software writes one: `body` is its new object. */
export function appendIncrementalUpdate(pdf: Buffer, body = '<< /Note (annotation added after signing) >>'): Buffer {
  const text = pdf.toString('latin1');
  const previousXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1];
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
  const size = Math.max(...[...text.matchAll(/\/Size (\d+)/g)].map((match) => Number(match[1])));
  const object = `\n${size} 0 obj\n${body}\nendobj\n`;
  const xrefAt = pdf.length + object.length;
  const update = `${object}xref\n${size} 1\n${String(pdf.length + 1).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${previousXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(update, 'latin1')]);
}

/** A new signature dictionary in an incremental update, its placeholders still to fill. */
export const appendSignatureDictionary = (pdf: Buffer, type: 'Sig' | 'DocTimeStamp', subFilter: string) =>
  appendIncrementalUpdate(pdf, `<< /Type /${type} /Filter /Adobe.PPKLite /SubFilter /${subFilter} /ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(HOLE_BYTES * 2)}> >>`);

export const replaceOnce = (pdf: Buffer, from: string, to: string) => {
  const at = pdf.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const changed = Buffer.from(pdf);
  changed.write(to, at, 'latin1');
  return changed;
};

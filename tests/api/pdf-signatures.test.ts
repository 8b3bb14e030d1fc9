// Electronic signatures in PDFs (issue 26): the PDFs are made with pdfkit and signed here the way
// signing software does it (a /ByteRange placeholder, a /Contents hole, a detached CMS computed by
// OpenSSL over the two ranges and spliced in), so the reader is checked against an independent signer.

import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfSignatures, signatureSummary } from '../../server/analysis/signatures/index';
import { requiredUnderCi } from '../support/ci-tools';

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
requiredUnderCi('openssl (signs the test PDFs)', hasOpenssl, 'openssl');
const hasPdfsig = spawnSync('pdfsig', ['-v']).status === 0;
requiredUnderCi('pdfsig (checks the test PDFs as a reader would)', hasPdfsig, 'poppler-utils');

const UNSIGNED_REAL_PDF = join(import.meta.dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/Notice explicative DC1.pdf');
const BYTE_RANGE_PLACEHOLDER = '[0 9999999999 9999999999 9999999999]';
const HOLE_BYTES = 8192;
const MODIFIED_IN_DICTIONARY = new Date('2026-03-14T09:30:00Z');

type Signer = { key: string; cert: string; certificate: X509Certificate };

let dir = '';
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

function makeSigner(name: string, keyOptions: string[], subject = '/C=FR/O=Menuiserie Dupré SARL/CN=Jeanne Martin'): Signer {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.pem`);
  openssl('req', '-x509', '-utf8', ...keyOptions, '-nodes', '-keyout', key, '-out', cert, '-days', '365', '-subj', subject);
  return { key, cert, certificate: new X509Certificate(readFileSync(cert)) };
}

/** A one-page PDF with an empty signature field: its /ByteRange and /Contents are placeholders. */
async function pdfWithSignatureField(subFilter: string): Promise<Buffer> {
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
function fillSignature(pdf: Buffer, makeCms: (signedRangesFile: string) => void): Buffer {
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
const sign = (pdf: Buffer, signer: Signer, cmsOptions: string[]) =>
  fillSignature(pdf, (ranges) => openssl('cms', '-sign', '-binary', '-in', ranges, '-signer', signer.cert, '-inkey', signer.key, '-outform', 'DER', '-nosmimecap', '-md', 'sha256', ...cmsOptions, '-out', 'cms.der'));

/** An RFC 3161 timestamp token over the byte ranges, from OpenSSL acting as the time-stamping authority. */
const timestamp = (pdf: Buffer, authority: Signer) =>
  fillSignature(pdf, (ranges) => {
    writeFileSync(join(dir, 'tsa.serial'), '01\n');
    writeFileSync(join(dir, 'tsa.cnf'), ['[ tsa ]', 'default_tsa = local', '[ local ]', 'serial = ./tsa.serial', `signer_cert = ${authority.cert}`, `signer_key = ${authority.key}`, 'signer_digest = sha256', 'default_policy = 1.2.3.4.1', 'digests = sha256', 'ess_cert_id_alg = sha256', ''].join('\n'));
    openssl('ts', '-query', '-data', ranges, '-sha256', '-cert', '-no_nonce', '-out', 'request.tsq');
    openssl('ts', '-reply', '-queryfile', 'request.tsq', '-config', 'tsa.cnf', '-token_out', '-out', 'cms.der');
  });

/** An incremental update, as a later edit or a second signer's software writes one: `body` is its new object. */
function appendIncrementalUpdate(pdf: Buffer, body = '<< /Note (annotation added after signing) >>'): Buffer {
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
const appendSignatureDictionary = (pdf: Buffer, type: 'Sig' | 'DocTimeStamp', subFilter: string) =>
  appendIncrementalUpdate(pdf, `<< /Type /${type} /Filter /Adobe.PPKLite /SubFilter /${subFilter} /ByteRange ${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(HOLE_BYTES * 2)}> >>`);

const replaceOnce = (pdf: Buffer, from: string, to: string) => {
  const at = pdf.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  const changed = Buffer.from(pdf);
  changed.write(to, at, 'latin1');
  return changed;
};

describe.runIf(hasOpenssl)('PDF signatures', () => {
  let ecSigner: Signer;
  let rsaSigner: Signer;
  let timestampAuthority: Signer;
  let cadesSigned: Buffer;
  let signedJustBefore: Date;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdf-signatures-'));
    ecSigner = makeSigner('ec', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256']);
    rsaSigner = makeSigner('rsa', ['-newkey', 'rsa:2048']);
    timestampAuthority = makeSigner('tsa', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-addext', 'extendedKeyUsage=critical,timeStamping'], '/C=FR/O=Autorité de test/CN=Horodatage Test');
    signedJustBefore = new Date(Date.now() - 1000);
    cadesSigned = sign(await pdfWithSignatureField('ETSI.CAdES.detached'), ecSigner, ['-cades']);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('recognises a PAdES signature: its signer, its certificate and that nothing changed since', () => {
    const signatures = readPdfSignatures(cadesSigned);
    expect(signatures).toHaveLength(1);
    const [signature] = signatures;
    expect(signature).toMatchObject({
      fieldName: 'Signature du titulaire',
      subFilter: 'ETSI.CAdES.detached',
      pades: true,
      signerName: 'Jeanne Martin',
      signerOrganisation: 'Menuiserie Dupré SARL',
      coversWholeFile: true,
      intact: true,
    });
    const certificate = ecSigner.certificate;
    expect(signature!.certificate).toEqual({
      subject: 'C=FR, O=Menuiserie Dupré SARL, CN=Jeanne Martin',
      issuer: 'C=FR, O=Menuiserie Dupré SARL, CN=Jeanne Martin',
      notBefore: new Date(certificate.validFrom).toISOString(),
      notAfter: new Date(certificate.validTo).toISOString(),
      serialNumber: certificate.serialNumber.toUpperCase(),
    });
    // OpenSSL's signingTime (now), not the dictionary's /M (March 2026): the signed attribute wins
    const signedAt = Date.parse(signature!.signedAt!);
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(signedJustBefore.getTime() / 1000) * 1000 - 1000);
    expect(signedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it.skipIf(!hasPdfsig)('agrees with poppler’s pdfsig on the signed and the altered file', () => {
    const pdfsig = (pdf: Buffer) => {
      writeFileSync(join(dir, 'checked.pdf'), pdf);
      return spawnSync('pdfsig', ['checked.pdf'], { cwd: dir, encoding: 'utf8' }).stdout;
    };
    expect(pdfsig(cadesSigned)).toContain('Signature is Valid');
    expect(pdfsig(cadesSigned)).toContain('Total document signed');
    const altered = replaceOnce(cadesSigned, '(PDFKit)', '(PDFKiT)');
    expect(pdfsig(altered)).not.toContain('Signature is Valid');
    expect(readPdfSignatures(altered)[0]!.intact).toBe(false);
  });

  it('reads an RSA adbe.pkcs7.detached signature without signed attributes, dated by its /M', async () => {
    const signed = sign(await pdfWithSignatureField('adbe.pkcs7.detached'), rsaSigner, ['-noattr']);
    const [signature] = readPdfSignatures(signed);
    expect(signature).toMatchObject({ subFilter: 'adbe.pkcs7.detached', pades: false, signerName: 'Jeanne Martin', intact: true, coversWholeFile: true });
    expect(signature!.signedAt).toBe(MODIFIED_IN_DICTIONARY.toISOString());
  });

  it('says the signature is broken when one signed byte changed, before or after the hole', () => {
    const beforeHole = replaceOnce(cadesSigned, '(PDFKit)', '(PDFKiT)');
    const afterHole = replaceOnce(cadesSigned, 'Signature du titulaire', 'Signature du Titulaire');
    expect(cadesSigned.indexOf('Signature du titulaire')).toBeGreaterThan(cadesSigned.indexOf('/Contents <'));
    for (const tampered of [beforeHole, afterHole]) {
      const [signature] = readPdfSignatures(tampered);
      expect(signature).toMatchObject({ signerName: 'Jeanne Martin', intact: false, coversWholeFile: true });
    }
  });

  it('says the signature is broken when the signature value itself was altered', () => {
    const holeStart = cadesSigned.indexOf('/Contents <') + '/Contents <'.length;
    const der = Buffer.from(cadesSigned.subarray(holeStart, holeStart + HOLE_BYTES * 2).toString('latin1'), 'hex');
    // The last bytes of the DER are the ECDSA signature's: flip one of them
    const derEnd = holeStart + (2 + 2 + der.readUInt16BE(2)) * 2;
    const changed = Buffer.from(cadesSigned);
    changed[derEnd - 2] = changed[derEnd - 2] === 0x30 ? 0x31 : 0x30;
    const [signature] = readPdfSignatures(changed);
    expect(signature).toMatchObject({ signerName: 'Jeanne Martin', intact: false });
  });

  it('tells that something was appended after signing, while the signed part stays intact', () => {
    const updated = appendIncrementalUpdate(cadesSigned);
    const [signature] = readPdfSignatures(updated);
    expect(signature).toMatchObject({ coversWholeFile: false, intact: true, signerName: 'Jeanne Martin' });
    // A trailing line end is not an update
    expect(readPdfSignatures(Buffer.concat([cadesSigned, Buffer.from('\r\n')]))[0]).toMatchObject({ coversWholeFile: true, intact: true });
  });

  it('reads a second signer and a document timestamp added in later revisions; only the last covers the file', () => {
    const twice = sign(appendSignatureDictionary(cadesSigned, 'Sig', 'ETSI.CAdES.detached'), rsaSigner, ['-cades']);
    const timestamped = timestamp(appendSignatureDictionary(twice, 'DocTimeStamp', 'ETSI.RFC3161'), timestampAuthority);
    const signatures = readPdfSignatures(timestamped);
    expect(signatures.map(({ subFilter, pades, intact, coversWholeFile }) => ({ subFilter, pades, intact, coversWholeFile }))).toEqual([
      { subFilter: 'ETSI.CAdES.detached', pades: true, intact: true, coversWholeFile: false },
      { subFilter: 'ETSI.CAdES.detached', pades: true, intact: true, coversWholeFile: false },
      { subFilter: 'ETSI.RFC3161', pades: true, intact: true, coversWholeFile: true },
    ]);
    expect(signatures[2]).toMatchObject({ signerName: 'Horodatage Test', signerOrganisation: 'Autorité de test' });
    expect(Math.abs(Date.parse(signatures[2]!.signedAt!) - Date.now())).toBeLessThan(60_000);
    // The timestamp's imprint is the hash of its byte ranges: a changed byte breaks it too
    const [, , brokenTimestamp] = readPdfSignatures(replaceOnce(timestamped, '(PDFKit)', '(PDFKiT)'));
    expect(brokenTimestamp).toMatchObject({ subFilter: 'ETSI.RFC3161', intact: false });
  });

  it('finds no signature in a real unsigned DCE document (with compressed object streams)', () => {
    expect(readPdfSignatures(readFileSync(UNSIGNED_REAL_PDF))).toEqual([]);
  });

  it('never throws on garbage, empty, truncated or damaged files', () => {
    expect(readPdfSignatures(new Uint8Array())).toEqual([]);
    expect(readPdfSignatures(Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))).toEqual([]);
    expect(readPdfSignatures(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Sig /ByteRange [0 10 20 999999] /Contents <3082> >> endobj'))).toEqual([
      expect.objectContaining({ intact: false, coversWholeFile: false }),
    ]);
    // Cut inside the signature value: its dictionary no longer closes
    const truncated = cadesSigned.subarray(0, cadesSigned.indexOf('/Contents <') + 400);
    expect(readPdfSignatures(truncated)).toEqual([expect.objectContaining({ intact: false, coversWholeFile: false })]);
    // Deep nesting and random damage
    expect(readPdfSignatures(Buffer.from(`1 0 obj << /ByteRange ${'['.repeat(100_000)} >> endobj`))).toEqual([]);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 60; round++) {
      const damaged = Buffer.from(cadesSigned);
      for (let flips = 0; flips < 20; flips++) damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
      const signatures = readPdfSignatures(damaged.subarray(0, Math.floor(damaged.length * (0.5 + random() / 2))));
      for (const signature of signatures) expect(typeof signature.intact).toBe('boolean');
    }
  });

  it('sums up who signed and whether every certificate was valid at a given date', () => {
    const signatures = readPdfSignatures(cadesSigned);
    const { notBefore, notAfter } = signatures[0]!.certificate;
    expect(signatureSummary(signatures, new Date())).toEqual({ signed: true, signers: ['Jeanne Martin'], validAt: true });
    expect(signatureSummary(signatures, new Date(Date.parse(notAfter) + 86_400_000)).validAt).toBe(false);
    expect(signatureSummary(signatures, new Date(Date.parse(notBefore) - 86_400_000)).validAt).toBe(false);
    // A broken signature signs nothing
    const broken = readPdfSignatures(replaceOnce(cadesSigned, '(PDFKit)', '(PDFKiT)'));
    expect(signatureSummary(broken, new Date())).toEqual({ signed: false, signers: [], validAt: false });
    expect(signatureSummary([], new Date())).toEqual({ signed: false, signers: [], validAt: false });
  });
});

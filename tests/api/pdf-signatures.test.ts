// Electronic signatures in PDFs (issue 26): the PDFs are made with pdfkit and signed the way signing
// software does it (tests/support/signed-pdf.ts), so the reader is checked against an independent signer.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfSignatures, signatureSummary } from '../../server/analysis/signatures/index';
import { requiredUnderCi } from '../support/ci-tools';
import { appendIncrementalUpdate, appendSignatureDictionary, hasOpenssl, makeSigner, pdfWithSignatureField, replaceOnce, sign, signingIn, timestamp, HOLE_BYTES, MODIFIED_IN_DICTIONARY, type Signer } from '../support/signed-pdf';

let dir = '';

requiredUnderCi('openssl (signs the test PDFs)', hasOpenssl, 'openssl');
const hasPdfsig = spawnSync('pdfsig', ['-v']).status === 0;
requiredUnderCi('pdfsig (checks the test PDFs as a reader would)', hasPdfsig, 'poppler-utils');

const UNSIGNED_REAL_PDF = join(import.meta.dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/Notice explicative DC1.pdf');

describe.runIf(hasOpenssl)('PDF signatures', () => {
  let ecSigner: Signer;
  let rsaSigner: Signer;
  let timestampAuthority: Signer;
  let cadesSigned: Buffer;
  let signedJustBefore: Date;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pdf-signatures-'));
    signingIn(dir);
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

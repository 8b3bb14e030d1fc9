// Checks a PDF signature's CMS SignedData (PKCS#7) against the bytes it signs. PKI.js only parses
// the structures (synchronously); the digests and the signature are checked with node:crypto,
// which is synchronous too and knows RSA (PKCS#1 v1.5 and PSS), ECDSA and EdDSA keys.

import { createHash, createPublicKey, verify, constants, getHashes, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, IssuerAndSerialNumber, RSASSAPSSParams, SignedData, TSTInfo, type RelativeDistinguishedNames, type SignerInfo } from 'pkijs';
import type { SignatureCertificate } from './types.js';

const HASH_BY_OID: Record<string, string> = {
  '1.2.840.113549.2.5': 'md5',
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '2.16.840.1.101.3.4.2.8': 'sha3-256',
  '2.16.840.1.101.3.4.2.9': 'sha3-384',
  '2.16.840.1.101.3.4.2.10': 'sha3-512',
};

/** Signature algorithms that name their own hash (RSA PKCS#1 v1.5, ECDSA, DSA). */
const SIGNATURE_HASH_BY_OID: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'md5',
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.14': 'sha224',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.1': 'sha224',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
  '1.2.840.10040.4.3': 'sha1',
  '2.16.840.1.101.3.4.3.2': 'sha256',
};

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsaPss: '1.2.840.113549.1.1.10',
  ecPublicKey: '1.2.840.10045.2.1',
  ed25519: '1.3.101.112',
  ed448: '1.3.101.113',
};

const NAME_ATTRIBUTES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.42': 'GN',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

export type CmsCheck = {
  certificate?: SignatureCertificate;
  signerName?: string;
  signerOrganisation?: string;
  /** The signed signingTime attribute, or a document timestamp's genTime. */
  signedAt?: string;
  intact: boolean;
  /** Why it is not intact, for the logs (never shown as is to a user). */
  problem?: string;
};

export const EMPTY_CERTIFICATE: SignatureCertificate = { subject: '', issuer: '', notBefore: '', notAfter: '', serialNumber: '' };

const hex = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');
const nodeHashes = new Set(getHashes());

function digest(algorithm: string, parts: Uint8Array[]): Buffer {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function attributeText(value: unknown): string {
  const block = (value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock;
  return typeof block?.value === 'string' ? block.value : '';
}

function formatName(name: RelativeDistinguishedNames): string {
  return name.typesAndValues.map((entry) => `${NAME_ATTRIBUTES[entry.type] ?? entry.type}=${attributeText(entry.value)}`).join(', ');
}

function nameAttribute(name: RelativeDistinguishedNames, oid: string): string | undefined {
  const found = name.typesAndValues.find((entry) => entry.type === oid);
  const text = found ? attributeText(found.value).trim() : '';
  return text || undefined;
}

function describeCertificate(certificate: Certificate): SignatureCertificate {
  return {
    subject: formatName(certificate.subject),
    issuer: formatName(certificate.issuer),
    notBefore: certificate.notBefore.value.toISOString(),
    notAfter: certificate.notAfter.value.toISOString(),
    serialNumber: hex(certificate.serialNumber.valueBlock.valueHexView).toUpperCase(),
  };
}

/** The DER of the signature value's outer SEQUENCE, without the zero padding that fills the /Contents hole. */
function trimPadding(contents: Uint8Array): Uint8Array {
  if (contents[0] !== 0x30 || contents.length < 2) return contents;
  const first = contents[1]!;
  if (first === 0x80) return contents; // indefinite length (BER): leave it to the parser
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count > 4) return contents;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (contents[2 + i] ?? 0);
    header = 2 + count;
  }
  return header + length <= contents.length ? contents.subarray(0, header + length) : contents;
}

function findSignerCertificate(signedData: SignedData, signerInfo: SignerInfo): Certificate | undefined {
  const certificates = (signedData.certificates ?? []).filter((item): item is Certificate => item instanceof Certificate);
  const sid = signerInfo.sid as unknown;
  if (sid instanceof IssuerAndSerialNumber) {
    const match = certificates.find((certificate) => certificate.issuer.isEqual(sid.issuer) && certificate.serialNumber.isEqual(sid.serialNumber));
    if (match) return match;
  } else if (sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive) {
    // subjectKeyIdentifier [0]: RFC 5280's method 1, the SHA-1 of the subject's public key bits
    const wanted = hex((sid as asn1js.Primitive).valueBlock.valueHexView ?? new Uint8Array());
    const match = certificates.find((certificate) => hex(digest('sha1', [certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView])) === wanted);
    if (match) return match;
  }
  return certificates.length === 1 ? certificates[0] : undefined;
}

function verifySignature(signerInfo: SignerInfo, certificate: Certificate, signedBytes: Uint8Array, digestAlgorithm: string): boolean {
  const key: KeyObject = createPublicKey({ key: Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false)), format: 'der', type: 'spki' });
  const signature = Buffer.from(signerInfo.signature.valueBlock.valueHexView);
  const algorithm = signerInfo.signatureAlgorithm.algorithmId;
  if (algorithm === OID.ed25519 || algorithm === OID.ed448) return verify(null, signedBytes, key, signature);
  if (algorithm === OID.rsaPss) {
    const params = new RSASSAPSSParams({ schema: signerInfo.signatureAlgorithm.algorithmParams });
    const hash = HASH_BY_OID[params.hashAlgorithm.algorithmId] ?? 'sha1';
    return verify(hash, signedBytes, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength }, signature);
  }
  const hash = SIGNATURE_HASH_BY_OID[algorithm] ?? (algorithm === OID.rsaEncryption || algorithm === OID.ecPublicKey ? digestAlgorithm : undefined);
  if (!hash) throw new Error(`unsupported signature algorithm ${algorithm}`);
  return verify(hash, signedBytes, key, signature);
}

/** The bytes an eContent OCTET STRING holds, whether it was encoded primitive or constructed. */
function octetStringContent(content: asn1js.OctetString): Uint8Array {
  if (!content.idBlock.isConstructed) return content.valueBlock.valueHexView;
  return Buffer.concat((content.valueBlock.value as asn1js.OctetString[]).map((part) => Buffer.from(octetStringContent(part))));
}

/**
 * Checks the CMS in a signature's /Contents against the byte ranges it covers:
 * - a detached signature (ETSI.CAdES.detached, adbe.pkcs7.detached) signs the ranges themselves;
 * - a document timestamp (ETSI.RFC3161) signs a TSTInfo whose message imprint is the ranges' hash;
 * - adbe.pkcs7.sha1 signs an eContent that is the ranges' SHA-1.
 */
export function checkCms(contents: Uint8Array, signedRanges: Uint8Array[]): CmsCheck {
  let contentInfo: ContentInfo;
  let signedData: SignedData;
  try {
    contentInfo = ContentInfo.fromBER(new Uint8Array(trimPadding(contents)));
    if (contentInfo.contentType !== OID.signedData) return { intact: false, problem: `not a SignedData (${contentInfo.contentType})` };
    signedData = new SignedData({ schema: contentInfo.content });
  } catch (error) {
    return { intact: false, problem: `unreadable CMS: ${error instanceof Error ? error.message : String(error)}` };
  }
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) return { intact: false, problem: 'no signer' };

  const check: CmsCheck = { intact: false };
  const certificate = findSignerCertificate(signedData, signerInfo);
  if (certificate) {
    check.certificate = describeCertificate(certificate);
    check.signerName = nameAttribute(certificate.subject, '2.5.4.3');
    check.signerOrganisation = nameAttribute(certificate.subject, '2.5.4.10');
  }
  const signedAttributes = signerInfo.signedAttrs?.attributes ?? [];
  const signingTime = signedAttributes.find((attribute) => attribute.type === OID.signingTime)?.values[0] as asn1js.UTCTime | undefined;
  if (signingTime && typeof signingTime.toDate === 'function') check.signedAt = signingTime.toDate().toISOString();

  try {
    const digestAlgorithm = HASH_BY_OID[signerInfo.digestAlgorithm.algorithmId];
    if (!digestAlgorithm || !nodeHashes.has(digestAlgorithm)) return { ...check, problem: `unsupported digest ${signerInfo.digestAlgorithm.algorithmId}` };

    // What the signer's message digest covers: the PDF's ranges, or the encapsulated content.
    let content: Uint8Array[] = signedRanges;
    const eContent = signedData.encapContentInfo.eContent;
    if (eContent) {
      const encapsulated = octetStringContent(eContent);
      content = [encapsulated];
      if (signedData.encapContentInfo.eContentType === OID.tstInfo) {
        const tstInfo = TSTInfo.fromBER(new Uint8Array(encapsulated));
        check.signedAt ??= tstInfo.genTime.toISOString();
        const imprintAlgorithm = HASH_BY_OID[tstInfo.messageImprint.hashAlgorithm.algorithmId];
        if (!imprintAlgorithm) return { ...check, problem: 'unsupported timestamp imprint' };
        if (hex(digest(imprintAlgorithm, signedRanges)) !== hex(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)) return { ...check, problem: 'timestamp imprint differs from the signed bytes' };
      } else if (hex(digest('sha1', signedRanges)) !== hex(encapsulated)) {
        return { ...check, problem: 'encapsulated digest differs from the signed bytes' };
      }
    }

    if (!certificate) return { ...check, problem: 'signer certificate not embedded' };
    let signedBytes: Uint8Array;
    if (signerInfo.signedAttrs) {
      const messageDigest = signedAttributes.find((attribute) => attribute.type === OID.messageDigest)?.values[0] as asn1js.OctetString | undefined;
      if (!messageDigest) return { ...check, problem: 'no message digest' };
      if (hex(digest(digestAlgorithm, content)) !== hex(messageDigest.valueBlock.valueHexView)) return { ...check, problem: 'message digest differs from the signed bytes' };
      signedBytes = new Uint8Array(signerInfo.signedAttrs.encodedValue); // re-tagged as a SET by PKI.js, as RFC 5652 signs it
    } else {
      signedBytes = Buffer.concat(content);
    }
    const verified = verifySignature(signerInfo, certificate, signedBytes, digestAlgorithm);
    return verified ? { ...check, intact: true } : { ...check, problem: 'signature does not verify with the certificate' };
  } catch (error) {
    return { ...check, intact: false, problem: `check failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

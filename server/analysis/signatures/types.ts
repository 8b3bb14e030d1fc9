// Electronic signatures found in a PDF before a bid is deposited (issue 26). The product checks
// them; it never signs.

export type SignatureCertificate = {
  /** "C=FR, O=Acme, CN=Jeanne Martin", in the certificate's own order; '' when unreadable. */
  subject: string;
  issuer: string;
  /** ISO instants. */
  notBefore: string;
  notAfter: string;
  /** Upper-case hex. */
  serialNumber: string;
};

export type PdfSignature = {
  /** The signature field's partial name (/T), when the field can be found. */
  fieldName?: string;
  /** ETSI.CAdES.detached, adbe.pkcs7.detached, ETSI.RFC3161, ...; '' when the dictionary names none. */
  subFilter: string;
  /** A PAdES signature (ETSI.CAdES.detached) or document timestamp (ETSI.RFC3161). */
  pades: boolean;
  /** The CN of the signer's certificate. */
  signerName?: string;
  signerOrganisation?: string;
  /** ISO instant: the CMS signingTime, a document timestamp's time, else the dictionary's /M. */
  signedAt?: string;
  certificate: SignatureCertificate;
  /** The /ByteRange covers the whole file but the /Contents hole: nothing was appended after signing. */
  coversWholeFile: boolean;
  /** The CMS message digest matches the signed bytes and the signature verifies with the certificate's key. */
  intact: boolean;
};

export type SignatureSummary = {
  /** At least one signature is intact. */
  signed: boolean;
  /** The intact signatures' signer names, each once. */
  signers: string[];
  /** There is an intact signature, and every intact signature's certificate is valid at the date asked. */
  validAt: boolean;
};

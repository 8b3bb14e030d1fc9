// The pieces a French bid folder is made of (issue 26), by the codes the DCE analysis reads from
// the RC's lists (docs/dce-analysis.md): which part of the folder each goes in, and where its file
// comes from — made by Soumissio, the company's vault, or a file uploaded for the tender.

export type PieceOrigin =
  | { from: 'generated'; what: 'dc1' | 'dc2' | 'espd' | 'ae' | 'memory' | 'prices' }
  | { from: 'vault'; kinds: string[] }
  | { from: 'upload' }
  /** A declaration the DC2 or the DUME already makes (turnover, staff): present with them. */
  | { from: 'within'; codes: string[] };

export type PieceKind = { code: string; part: 'candidature' | 'offre'; origin: PieceOrigin; words: RegExp };

export const PIECES: PieceKind[] = [
  { code: 'DC1', part: 'candidature', origin: { from: 'generated', what: 'dc1' }, words: /\bDC\s?1\b|lettre de candidature/i },
  { code: 'DC2', part: 'candidature', origin: { from: 'generated', what: 'dc2' }, words: /\bDC\s?2\b|d[ée]claration du candidat/i },
  { code: 'DUME', part: 'candidature', origin: { from: 'generated', what: 'espd' }, words: /\bDUME\b|\bESPD\b|document unique de march[ée] europ[ée]en/i },
  { code: 'HONOUR_DECLARATION', part: 'candidature', origin: { from: 'within', codes: ['DC1', 'DUME'] }, words: /d[ée]claration sur l.honneur/i },
  { code: 'KBIS', part: 'candidature', origin: { from: 'vault', kinds: ['kbis'] }, words: /\bK\s?-?bis\b|extrait K\b/i },
  { code: 'URSSAF', part: 'candidature', origin: { from: 'vault', kinds: ['urssaf'] }, words: /URSSAF|attestation de vigilance/i },
  { code: 'TAX', part: 'candidature', origin: { from: 'vault', kinds: ['tax'] }, words: /r[ée]gularit[ée] fiscale|attestation fiscale/i },
  { code: 'INSURANCE', part: 'candidature', origin: { from: 'vault', kinds: ['insurance'] }, words: /assurance/i },
  { code: 'CERTIFICATIONS', part: 'candidature', origin: { from: 'vault', kinds: ['certification'] }, words: /certificat|qualification|qualibat|\bISO\b/i },
  { code: 'REFERENCES', part: 'candidature', origin: { from: 'vault', kinds: ['reference_letter'] }, words: /r[ée]f[ée]rences?|attestations? de bonne ex[ée]cution/i },
  { code: 'TURNOVER', part: 'candidature', origin: { from: 'within', codes: ['DC2', 'DUME'] }, words: /chiffre d.affaires/i },
  { code: 'STAFF', part: 'candidature', origin: { from: 'within', codes: ['DC2', 'DUME'] }, words: /effectifs?/i },
  { code: 'POWER', part: 'candidature', origin: { from: 'upload' }, words: /pouvoir|d[ée]l[ée]gation de signature|habilit/i },
  // Written by the product (the buyer's AE filled, else the ATTRI1 model); the signed copy uploaded replaces it.
  { code: 'ATTRI1', part: 'offre', origin: { from: 'generated', what: 'ae' }, words: /ATTRI\s?1|acte d.engagement/i },
  { code: 'AE', part: 'offre', origin: { from: 'generated', what: 'ae' }, words: /acte d.engagement|\bAE\b/i },
  { code: 'MEMOIRE_TECHNIQUE', part: 'offre', origin: { from: 'generated', what: 'memory' }, words: /m[ée]moire technique|m[ée]moire justificatif/i },
  { code: 'CRT', part: 'offre', origin: { from: 'generated', what: 'memory' }, words: /cadre de r[ée]ponse technique/i },
  { code: 'BPU', part: 'offre', origin: { from: 'generated', what: 'prices' }, words: /\bBPU\b|bordereau des prix/i },
  { code: 'DQE', part: 'offre', origin: { from: 'generated', what: 'prices' }, words: /\bDQE\b|d[ée]tail quantitatif/i },
  { code: 'DPGF', part: 'offre', origin: { from: 'generated', what: 'prices' }, words: /\bDPGF\b|d[ée]composition du prix global/i },
  { code: 'CRF', part: 'offre', origin: { from: 'generated', what: 'prices' }, words: /cadre de r[ée]ponse financi/i },
  { code: 'RIB', part: 'offre', origin: { from: 'upload' }, words: /\bRIB\b|relev[ée] d.identit[ée] bancaire/i },
  { code: 'TECHNICAL_SHEETS', part: 'offre', origin: { from: 'upload' }, words: /fiches? techniques?/i },
  { code: 'PLANNING', part: 'offre', origin: { from: 'upload' }, words: /planning|calendrier d.ex[ée]cution/i },
];

export const pieceKind = (code: string) => PIECES.find((piece) => piece.code === code);

/** The piece codes a company may set a file for (the folder's own, and any other the RC names). */
export const PIECE_CODE = /^[A-Z0-9_]{2,40}$/;

import { fold } from './text';
import type { DocumentKind, SourcePage } from './types';

// Titles as they open a document (folded). The one written first wins: a DC2 names the DC1
// ("en complément de sa lettre de candidature") only after its own title.
const TITLES: [DocumentKind, RegExp][] = [
  ['QR', /\b(?:registre (?:des |de )?questions|questions?\s*[-/]\s*reponses?\b|questions? reponses? n)/],
  ['RC', /\breglement (?:de (?:la )?|particulier de (?:la )?)?consultation\b/],
  ['CCAP', /\bcahier des clauses administratives particulieres\b|\bccap\b/],
  ['CCTP', /\bcahier des (?:clauses techniques particulieres|charges (?:techniques|fonctionnel|particulier))|\bcctp\b|\bccft\b/],
  // The CCAP and the CCTP in one document (CCAG: "cahier des clauses particulières").
  // (Not the bare acronym here: "CCP" is as often the Code de la commande publique.)
  ['CCP', /\bcahier des clauses particulieres\b/],
  ['AE', /\bacte d'engagement\b/],
  ['DPGF', /\bdecomposition du prix (?:global(?: et)? )?forfaitaire\b|\bdpgf\b/],
  ['DQE', /\bdetail quantitatif(?: et)? estimatif\b|\bdqe\b/],
  ['BPU', /\bbordereau (?:des |de )?prix\b|\bbpu\b/],
  ['ATTRI1', /\battri ?1\b/],
  ['DUME', /\bdocument unique de marche europeen\b|\bdume\b/],
  ['DC1', /\blettre de candidature\b/],
  ['DC2', /\bdeclaration du candidat\b/],
];

// The same kinds told by the file's name (folded, separators as spaces).
const NAMES: [DocumentKind, RegExp][] = [
  ['QR', /\b(?:questions?|reponses?|q ?r)\b/],
  ['RC', /\b(?:rc|reglement (?:de (?:la )?)?consultation)\b/],
  ['CCAP', /\bccap\b/],
  ['CCTP', /\b(?:cctp|ccft|cahier des charges)\b/],
  ['CCP', /\bccp\b/],
  ['AE', /\b(?:ae|acte d engagement|contrat)\b/],
  ['DPGF', /\b(?:dpgf|dpf)\b/],
  ['DQE', /\bdqe\b/],
  ['BPU', /\b(?:bpu|bordereau)\b/],
  ['ATTRI1', /\battri ?1\b/],
  ['DUME', /\bdume\b/],
  ['DC1', /\bdc ?1\b/],
  ['DC2', /\bdc ?2\b/],
  ['PLANS', /\b(?:plans?|synoptique|facades?|coupes?)\b|\.(?:dwg|dxf)$/],
];

// Response frames as buyers title them (folded): the technical frame (cadre de réponse technique,
// cadre de mémoire technique, questionnaire technique, trame de mémoire) and the financial one
// (cadre de réponse financier, cadre de décomposition du prix).
const FRAME_TITLES: [DocumentKind, RegExp][] = [
  ['CRF', /\bcadre (?:de |des )?reponses? financi(?:er|ere)s?\b|\bcadre (?:de |pour la )?decomposition (?:du |des )?prix\b|\bcadre (?:de |du )?(?:bordereau|devis) financier\b/],
  ['CRT', /\bcadre (?:de |des )?reponses? techniques?\b|\bcadre (?:de |du )?memoire (?:technique|justificatif)\b|\bquestionnaire technique\b|\btrame (?:de |du )?memoire (?:technique|justificatif)\b|\bcadre (?:de |du )?(?:proposition|offre) technique\b/],
];
// The same by file name (separators as spaces): "CRTE_…", "CMT lot 2", "Cadre de réponse financier".
const FRAME_NAMES: [DocumentKind, RegExp][] = [
  ['CRF', /\bcrf\b|\bcadre (?:de )?reponses? financ|\bcadre (?:de )?decomposition (?:du )?prix\b/],
  ['CRT', /\bcrte?\b|\bcmt\b|\bcadre (?:de |du )?(?:reponses? )?(?:technique|memoire)|\bquestionnaire technique\b|\btrame (?:de |du )?memoire\b/],
];

/**
 * Whether a document is a response frame, which, and where its title says so (-1 when its name
 * does). A bare "cadre de réponse(s)" is told by what it asks: France Travail's "Le présent Cadre de
 * réponse … constitue sa proposition technique" is technical; one that says neither is an answer
 * template of no known kind (OTHER), not the Q&A its name's "réponses" would suggest.
 */
function responseFrame(name: string, title: string): { kind: 'CRT' | 'CRF' | 'OTHER'; at: number } | undefined {
  for (const [kind, re] of FRAME_TITLES) {
    const at = title.search(re);
    if (at >= 0) return { kind: kind as 'CRT' | 'CRF', at };
  }
  const named = FRAME_NAMES.find(([, re]) => re.test(name))?.[0];
  if (named) return { kind: named as 'CRT' | 'CRF', at: -1 };
  const bare = /\bcadre (?:de |des )?reponses?\b/;
  if (!bare.test(name) && !bare.test(title)) return undefined;
  const at = Math.max(0, title.search(bare));
  if (/\bprix\b|\bfinanci|\b(?:ht|ttc)\b/.test(title)) return { kind: 'CRF', at };
  if (/\b(?:proposition|offre|memoire|valeur) technique\b|\bquestionnaire\b/.test(title)) return { kind: 'CRT', at };
  return { kind: 'OTHER', at };
}

/** The title zone: the first non-empty lines of the first two pages. */
function titleZone(pages: SourcePage[]): string {
  const lines = pages
    .slice(0, 2)
    .flatMap((page) => page.text.split('\n'))
    .map((line) => line.trim())
    .filter(Boolean);
  // "C.C.T.P. & D.P.G.F." reads as the acronyms it spells.
  return fold(lines.slice(0, 14).join(' \n '))
    .replace(/\b(?:[a-z]\.){2,}/g, (dotted) => dotted.replace(/\./g, ''))
    .replace(/\s+/g, ' ');
}

export function classifyDocument(fileName: string, pages: SourcePage[]): DocumentKind {
  const name = fold(fileName.replace(/\.[a-z0-9]+$/i, '')).replace(/[_\-.()[\]]+/g, ' ').replace(/\s+/g, ' ');
  const title = titleZone(pages);
  let byTitle: DocumentKind | undefined;
  let firstAt = Infinity;
  for (const [kind, re] of TITLES) {
    const at = title.search(re);
    if (at >= 0 && at < firstAt) [byTitle, firstAt] = [kind, at];
  }
  const isPriceSchedule = byTitle === 'BPU' || byTitle === 'DQE' || byTitle === 'DPGF';

  // Notices of the official forms are no part the candidate must sign.
  if (/\bnotice\b/.test(name) || /\bnotice explicative\b|\bnotice\b.{0,40}\bdc ?[1-4]\b|\bdc ?[1-4]\b.{0,40}\bnotice\b/.test(title)) return 'OTHER';
  // The buyer's response frames, filled and returned with the offer: a price schedule by its
  // title keeps its kind (a "cadre de réponse financier" titled BPU is read as a BPU).
  // A frame named in the title zone after another title (an RC listing its pieces) is not this one.
  const frame = responseFrame(name, title);
  if (frame && (isPriceSchedule || !byTitle || frame.at < 0 || frame.at <= firstAt)) return isPriceSchedule ? (byTitle as DocumentKind) : frame.kind;
  if (byTitle) return byTitle;
  // A contract the candidate completes and signs ("CONTRAT", parties "soussignés") is its AE.
  if (/^contrat\b/.test(title) || /\bconclu entre les soussignes\b/.test(fold(pages.slice(0, 4).map((p) => p.text).join(' ')))) return 'AE';
  return NAMES.find(([, re]) => re.test(name))?.[0] ?? 'OTHER';
}

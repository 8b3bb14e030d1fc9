// Whether a sentence states a requirement, and of which kind. Written for folded text (see
// fold in ../dce/text.ts: lower case, no accents, one apostrophe).
import { fold } from '../dce/text';
import { findNorms } from './norms';

export type RequirementKind = 'obligation' | 'performance' | 'norm' | 'deliverable' | 'training' | 'warranty' | 'other';

const STRONG = new RegExp(
  [
    String.raw`\bdoi(?:t|vent)\b`,
    String.raw`\bdevr(?:a|ont)\b`,
    String.raw`\bser(?:a|ont) exige(?:e|s|es)?\b`,
    String.raw`\b(?:est|sont) exige(?:e|s|es)?\b`,
    String.raw`\bexige(?:e|s|es)? (?:est|sont)\b`,
    String.raw`\bobligatoire(?:s|ment)?\b`,
    String.raw`\ba minima\b`,
    String.raw`\bau (?:minimum|maximum|moins)\b`,
    String.raw`\b(?:minimum|maximum) (?:de|d')`,
    String.raw`\b(?:delai|duree|valeur|temps|niveau|exigence|performance|puissance|capacite|nombre|seuil|surface|diametre|resolution)s? (?:minima|maxima)(?:l|le|les|ux)\b`,
    String.raw`\bconformes? (?:a|aux|au)\b`,
    String.raw`\bconformement aux normes\b`,
    String.raw`\bs'engagen?t?\b`,
    String.raw`\bil appartient (?:au|a l')`,
    String.raw`\b(?:est|sont|sera|seront) (?:[a-z]+ment )?tenue?s? (?:de|d'|a|au)`,
    // "Le titulaire est soumis aux obligations de discrétion".
    String.raw`\b(?:est|sont|sera|seront) (?:[a-z]+ment )?soumise?s?,? (?:a|aux) (?:obligations?|regles?|dispositions?|exigences?|prescriptions?|contraintes?|secret)\b`,
    // "Expertises minimales requises", "une habilitation est requise".
    String.raw`\b(?:minima(?:le|les|ux)?|minimum) requise?s?\b`,
    String.raw`\b(?:est|sont|sera|seront) (?:[a-z]+ment )?requise?s?\b`,
    // Who bears the work: "relèvent de la responsabilité du titulaire", "incombe au prestataire",
    // "sous la seule responsabilité de l'entrepreneur", "à ses frais".
    String.raw`\brelev(?:e|ent|era|eront) (?:de la (?:seule |pleine )?(?:responsabilite|charge)|du ressort) (?:du|de l'|des) ?(?:titulaire|prestataire|fournisseur|entrepreneur)`,
    String.raw`\bincomb(?:e|ent|era|eront) (?:au|aux|a l') ?(?:titulaire|prestataire|fournisseur|entrepreneur)`,
    String.raw`\b(?:sous la (?:seule |pleine |entiere )?responsabilite|aux (?:frais|risques))(?: et (?:perils|risques))? (?:du|de l') ?(?:titulaire|prestataire|fournisseur|entrepreneur)`,
    // The buyer asks it of the holder: "demande au titulaire de fournir", "il est exigé du
    // prestataire", "implique pour les agents du titulaire".
    String.raw`\b(?:demande|impose|exige|prescri(?:t|vent)|requiert|requierent)n?t? (?:au|aux|du|des) (?:titulaire|prestataire|fournisseur|entrepreneur|candidat)s? (?:de|d'|qu)`,
    String.raw`\bil est (?:demande|exige|requis|impose) (?:au|aux|du|des) (?:titulaire|prestataire|fournisseur|entrepreneur|candidat)`,
    String.raw`\b(?:impliqu|exig|impos|necessit)(?:e|ent) (?:pour|de la part d[eu]s?) (?:le |les |l')?(?:agents? (?:du|de l') ?)?(?:titulaire|prestataire|fournisseur|entrepreneur)`,
    // "Aucun agent ne sera accepté s'il …", "ne sera toléré".
    String.raw`\bne (?:sera|seront|serai(?:en)?t) (?:pas )?(?:accepte|admis|tolere|autorise)e?s?\b`,
    // What the work gives rise to: "Chaque intervention fera l'objet d'un rapport".
    String.raw`\bfer(?:a|ont) (?:[a-z]+ment )?l'objet d'(?:un|une)\b`,
    // A service level of guarding or reception: "une présence permanente".
    String.raw`\bpresence (?:permanente|continue|physique)\b`,
    String.raw`\bimperativement\b`,
    String.raw`\bne (?:peut|peuvent|pourra|pourront|saurai?t)\b`,
    String.raw`\binterdite?s?\b`,
    String.raw`\bs'interdit\b`,
    String.raw`\bse conforme(?:nt)?\b`,
    String.raw`\ba la charge (?:du|de la|de l') ?(?:titulaire|prestataire|candidat|fournisseur|entreprise)`,
    String.raw`\bcompris(?:e|es)? dans (?:l'offre|le prix|le forfait)`,
  ].join('|'),
);

const NUMBER_WORD = '(?:\\d+(?:[.,]\\d+)?|un|une|deux|trois|quatre|cinq|six|sept|huit|dix|douze|quinze|vingt|trente|quarante-huit|soixante-douze)';
const TIME_UNIT = String.raw`(?:h\b|heures?|minutes?|min\b|jours?|journees?|semaines?|mois|ans?\b|annees?)`;
// A delay or deadline the work is bound by: "Le délai de réalisation est de 4 semaines",
// "un délai d'intervention de 2 jours ouvrés est fixé", "soumises à un délai d'intervention",
// "sans dépasser un délai d'un mois". The buyer's delays (payment, validation) are not the holder's.
const DELAY = new RegExp(
  [
    String.raw`\bdelai (?!(?:global )?(?:de |d')(?:paiement|mandatement|validation|recours))[^.;]{0,60}?\b(?:est|sera) (?:fixe a|de|d'|limite a|porte a|ramene a) ?${NUMBER_WORD} ?(?:[a-z]+ )?${TIME_UNIT}`,
    String.raw`\bdelai (?!(?:global )?(?:de |d')(?:paiement|mandatement|validation|recours))(?:de |d')[^.;]{0,40}?${NUMBER_WORD} ?${TIME_UNIT}[^.;]{0,30}? (?:est|sont|sera|seront) (?:fixe|impose|exige|requis|demande|applique)e?s?\b`,
    String.raw`\b(?:soumise?s?|astreinte?s?|assujettie?s?) a (?:un|des) delais?\b`,
    String.raw`\bsans (?:depasser|exceder) (?:un|le|les) delais?\b`,
  ].join('|'),
);
// What the work consists of: "La prestation comprend la fourniture, la pose et le raccordement",
// "Les prestations de maintenance corrective comprennent …", "Cette phase comprend …".
const SCOPE =
  /^(?:(?:les?|la|l'|cette|ces|chaque|cet?) )?(?:prestations?|missions?|phases?|fournitures?|livraisons?|interventions?|operations?|maintenance|taches|travaux|etapes?)\b[^.;:]{0,60}?\b(?:comprend|comprennent|comprendra|comprendront|inclut|incluent|inclura|incluront|englobe|englobent)\b/;
// Said for information only: "Ces valeurs sont données à titre indicatif".
const INDICATIVE = /\ba titre (?:indicatif|informatif|d'information|d'exemple)\b|\bpour (?:information|memoire)\b|\bnon contractuel/;

// "Le titulaire fournit …": French clauses state duties in the present tense.
const DUTY_VERBS = [
  'fournit|garantit|assure|remet|transmet|produit|informe|communique|detruit|met|presente|affecte|prend|limite|privilegie|reserve|notifie|traite|verifie|repond|veille|respecte|realise|installe|livre|effectue|execute|fait parvenir|adresse|declare souscrire|definit|tient|conserve|s\'inscrit|depose|s\'assure|procede|forme|accompagne|maintient|organise|controle|surveille|signale|rend compte|etablit|redige|elabore|a en charge|a la charge|dispose|intervient|porte|nettoie|mobilise|pilote|supervise|documente|planifie|coordonne|anime|gere',
  // The verbs of an IT or service CCTP ("le titulaire exploite l'outil", "propose une trajectoire",
  // "applique les obligations du RGPD") and of the CCAG ("est chargé de", "est responsable de").
  'exploite|administre|propose|applique|mene|prepare|deploie|configure|parametre|integre|corrige|securise|sensibilise|suit|alerte|avertit|previent|avise|consigne|enregistre|archive|restitue|recense|identifie|evalue|mesure|justifie|prevoit|designe|soumet|remplace|repare|depanne|entretient|renouvelle|actualise|teste|participe|assiste|conseille|apporte|s\'oblige|se charge|prend en charge',
  String.raw`est (?:seul |pleinement |entierement )?(?:charge|responsable|garant)e? (?:de|d'|du|des)|est en charge (?:de|d'|du|des)|a (?:pour|en) (?:mission|role|tache|charge)s?`,
].join('|');
// Who owes the work: the holder by any of its names, and its staff (a guarding CCTP speaks of its agents).
const HOLDER = String.raw`(?:\b(?:titulaire|prestataire|fournisseur|soumissionnaire|entrepreneur|entreprise titulaire|cocontractant|candidat)s?|\b(?:l'|les )agents?(?: de (?:securite|surveillance|gardiennage))?|(?:^|[.;:,] )ils?)`;
// Plural present and the future of any verb ("les agents effectuent", "le titulaire mettra en
// place"): a CCTP states duties in the present or the future as often as with "doit".
const PLURAL_DUTY_VERBS =
  'assurent|effectuent|realisent|veillent|controlent|surveillent|verifient|respectent|fournissent|remettent|portent|signalent|interviennent|disposent|exploitent|administrent|proposent|appliquent|menent|participent|transmettent|produisent|garantissent|maintiennent|prennent en charge';
// A clitic before the verb: "le titulaire en assure l'administration", "le prestataire y procède".
const CLITIC = String.raw`(?:(?:en|y|le|la|les|lui|leur) |l'|s')?`;
// "Le titulaire en sera informé", "sera convoqué": the holder told or paid, no duty.
const TOLD = String.raw`(?:sera|seront) (?:informe|avise|averti|consulte|convoque|invite|associe|paye|regle|rembourse|indemnise|remunere|destinataire)`;
// "Il y aura", "il en sera de même", "il s'agit de": an impersonal 'il' is no one's duty.
const IMPERSONAL = String.raw`(?:y a|y aura|en est|en sera|en va|s'agit|s'agira)\b`;
const DUTY = new RegExp(
  String.raw`${HOLDER}(?: du marche)?,? (?:(?:lui-meme|en outre|egalement|ainsi|notamment|par ailleurs|alors|donc|aussi|contractuellement) )*(?!${IMPERSONAL})${CLITIC}(?!${TOLD})(?:${DUTY_VERBS}|${PLURAL_DUTY_VERBS}|(?!pourra|pourront)[a-z]{2,}(?:era|ira|ra|ront))\b` +
    // "… est rédigé par le titulaire", "sont prises en charge directement par le prestataire",
    // "en serait averti par le titulaire".
    String.raw`|\b(?:est|sont|sera|seront|serai(?:en)?t) [a-z]+(?:e|s|es)?(?: en charge)?(?: [a-z]+ment)? par (?:le|les) (?:titulaire|prestataire|fournisseur|entrepreneur)` +
    // "Les rondes seront effectuées …": the work to be done, in the passive future.
    String.raw`|\b(?:sera|seront) (?:effectue|realise|assure|fourni|livre|installe|remis|controle|verifie|maintenu|respecte|execute|tenu|transmis|redige|mis en oeuvre|mis en place)(?:e|s|es)?\b`,
);
// "Le délai de garantie … est fixé à un an", "Cette garantie d'une durée de 10 ans".
const WARRANTY_TERM = /\bgarantie\b[^.]{0,80}\b(?:duree|fixee?)\b[^.]{0,25}\b(?:\d+|un|une|deux|trois|cinq|dix) (?:ans?|annees?|mois)\b/;
const LEAD_IN = new RegExp(
  [
    String.raw`\bdescription des (?:travaux|prestations|missions|taches)\b`,
    String.raw`\b(?:travaux|livrables?)\b[^:]{0,60}\b(?:suivants|a realiser|attendus|a fournir|a remettre)\b`,
    String.raw`\bcompren(?:d|nent|ant)\b|\bcomporter(?:a|ont)\b|\bconsiste(?:nt|ra|ront)? (?:a|en)\b`,
    // "Les horaires de surveillance sont les suivants :", "les contrôles ci-après".
    String.raw`\b(?:missions?|taches|prestations|activites|operations|interventions|horaires|frequences|vacations|rondes|exigences|obligations|engagements|effectifs)\b[^:]{0,80}\b(?:suivante?s|attendue?s|ci-dessous|ci-apres|a realiser|a effectuer|a respecter|a assurer)\b`,
    // "Le titulaire :", "Dans ce cadre, le prestataire :": the items are its verbs.
    String.raw`(?:^|[.;:,] )(?:le |les |l')(?:titulaire|prestataire|fournisseur|entrepreneur|cocontractant)s?(?: du marche| de l'accord-cadre)?\s*:$`,
    // "Référentiels :", "Normes applicables :": the items are standards to meet.
    String.raw`(?:^|[.;:] |\d\.? ?)(?:referentiels?|normes?|reglementations?|textes reglementaires|normes et (?:reglements|referentiels))(?: (?:applicables?|a respecter|en vigueur|de reference))?\s*:$`,
    // "Il s'agit également de proposer et mettre en œuvre :".
    String.raw`\bil s'agit (?:egalement |aussi |notamment |donc )?(?:de |d')[a-z]+(?:er|ir|re)\b`,
  ].join('|'),
);
// "Les prestations suivantes sont exclues du marché :"; "Les missions du service sont les
// suivantes :" (someone else's tasks).
const EXCLUDED =
  /\bexclue?s?\b|\bhors (?:du )?(?:perimetre|champ|marche)\b|\bne (?:sont|font) pas partie\b|\b(?:missions?|taches|activites|roles?) (?:du|de la|de l'|des) (?!titulaire|prestataire|fournisseur|entrepreneur|candidat|agent)/;

const OPTIONAL = /(?<!\bne )\b(?:peut|peuvent|pourra|pourront|a la faculte|possibilite de|se reserven?t? le droit)\b/;
// The buyer acting, the object of the contract, the context: not the holder's duties.
const BUYER_SUBJECT =
  /^(?:(?:a|en|dans|par|pour|sur|apres|des|lors)\b[^,]{0,80}, )?(?:france travail|l'acheteur|le pouvoir adjudicateur|l'entite adjudicatrice|la personne publique|le maitre d'ouvrage|la maitrise d'ouvrage|le maitre d'oeuvre|l'administration|l'etablissement|l'universite|la direction|le directeur|le representant de|la collectivite|la ville|la commune|la prefecture|les? beneficiaires?|le client|le donneur d'ordres?)\b/;
// "Le maître d'ouvrage demande au titulaire de …": the buyer speaking, the holder's duty.
const ASKS_HOLDER = /\b(?:demande|impose|exige|prescrit|requiert)n?t? (?:au|aux|du|des) (?:titulaire|prestataire|fournisseur|entrepreneur)s? (?:de|d'|qu)|\bet (?:le|du|au) (?:titulaire|prestataire)\b/;
const CONTEXT = /\ba pour objet\b|\best destinee?s?\b|\bsont decrite?s?\b|\bne sont pas pris(?:es)? en compte\b|\bsont communique(?:e|s|es)? au titulaire\b/;

// "VSGP s'engage à communiquer …": a commitment of someone who is not the holder is the buyer's.
const OTHERS_COMMITMENT = new RegExp(String.raw`^(?:(?!${HOLDER}).)*\bs'engagen?t?\b`);

// "La VA sera réalisée par le SPC", "… seront fournis au titulaire": work someone else does, or hands over.
const OTHERS_WORK = /\b(?:sera|seront) [a-z]+(?:e|s|es)?\b[^.]{0,80}?(?:\bpar (?:le |la |l'|les )(?!titulaire|prestataire|fournisseur|entreprise)|\b(?:au|aux) (?:titulaire|prestataire|candidat)s?\b)/;

/** Whether a (folded) sentence states a duty of the holder. */
export function statesRequirement(folded: string): boolean {
  if (INDICATIVE.test(folded)) return false;
  if (OTHERS_COMMITMENT.test(folded) && !STRONG.test(folded.replace(/\bs'engagen?t?\b/g, ''))) return false;
  if (OTHERS_WORK.test(folded) && !STRONG.test(folded)) return false;
  const strong = STRONG.test(folded);
  const duty = strong || DUTY.test(folded) || WARRANTY_TERM.test(folded) || DELAY.test(folded) || SCOPE.test(folded);
  if (!duty) return false;
  if (BUYER_SUBJECT.test(folded) && !ASKS_HOLDER.test(folded)) return false;
  if (!strong && CONTEXT.test(folded)) return false;
  // "Le titulaire exploite l'outil et peut proposer …": the duty said before the option stands.
  const optional = OPTIONAL.exec(folded);
  if (!strong && optional && !DUTY.test(folded.slice(0, optional.index))) return false;
  if (CONTEXT.test(folded) && !/\b(?:doi(?:t|vent)|devr(?:a|ont))\b/.test(folded)) return false;
  return true;
}

// A finite verb of being, having or allowing: the item is a sentence that says something itself
// ("Chaque UO est décomposée en sous-UO", "Les titulaires pourront affecter …"), not a bare task.
const FINITE = /\b(?:est|sont|sera|seront|etait|ont|aura|auront|peut|peuvent|pourra|pourront|correspond|correspondent|s'applique|s'appliquent)\b/;

/** Whether a list item is a sentence of its own (judged as one) rather than a bare task. */
export function isSentence(folded: string): boolean {
  return FINITE.test(folded) || BUYER_SUBJECT.test(folded);
}

/** Whether a sentence ending in ':' announces a list of duties. */
export function leadsDuties(folded: string): boolean {
  return statesRequirement(folded) || (LEAD_IN.test(folded) && !BUYER_SUBJECT.test(folded) && !OPTIONAL.test(folded) && !EXCLUDED.test(folded));
}

const TRAINING = /\bformation|\bformer\b|\bsensibilis/;
const DELIVERABLE =
  /\bdocumentations?\b|\bdocuments?\b|\brapports?\b|\bcomptes?[- ]rendus?\b|\bplans? (?:de|des|d')|\bdoe\b|dossier des ouvrages|\bnotices?\b|\bmanuels?\b|proces-verbal|proces-verbaux|\bpv\b|\bbilans?\b|\btutoriels?\b|\battestations?\b|\bcertificats?\b|\bpieces (?:justificatives|attestant)|\bcopie\b|fiches? techniques?|\bliste\b|\bsynoptique|\bschemas?\b/;
const NORM_WORDS = /\bnormes?\b|\bnormative|marquage ce\b|\bnf\b/;
const WARRANTY = /\bgaranties?\b|\bmaintenance\b|pieces detachees|\bsav\b|parfait achevement|decennale|biennale/;
// Units written as in the text (case matters: "16 A", not "il y a").
const UNIT = /\d\s?(?:µm|μm|mm|cm²?\/min|cm|m²|m³\/h|km|GHz|MHz|kHz|Hz|kVA|kWh|kW|MW|W|mA|kV|V|A|dB\(A\)|dB|bars?|l\/min|°C|Ω|lm|lux|Wh|Ah)(?![\w/])/;
const PERCENT = /\d\s?%(?!\s*(?:du|de la|des) (?:montant|droits|prix|capital))/;
const RESPONSE_TIME = new RegExp(
  String.raw`(?:delai|intervention|reponse|retablissement|disponibilite|prise en main|sous|dans les)[^.]{0,80}?\b${NUMBER_WORD}\s?(?:h\d{0,2}|heures?|minutes?|min|jours?(?: ouvres| ouvrables| calendaires)?|journee)\b|\b\d{1,3}h\d{2}\b`,
);

/** The kind of a requirement, from the words of its text (its lead-in included). */
export function kindOf(text: string): RequirementKind {
  const folded = fold(text);
  if (TRAINING.test(folded)) return 'training';
  if (DELIVERABLE.test(folded)) return 'deliverable';
  if (findNorms(text).length || NORM_WORDS.test(folded)) return 'norm';
  if (WARRANTY.test(folded)) return 'warranty';
  if (UNIT.test(text) || PERCENT.test(text) || /[≤≥±]|\+\/-/.test(text) || /\bip ?\d{2}\b|\bik ?\d{2}\b/.test(folded) || RESPONSE_TIME.test(folded)) return 'performance';
  return 'obligation';
}

/** Whether a table row's cells (past the first) demand a value. */
export function rowDemands(cells: string[]): boolean {
  const values = cells.slice(1).join(' ');
  if (!values) return false;
  return statesRequirement(fold(cells.join(' '))) || kindOf(values) === 'performance' || findNorms(values).length > 0;
}

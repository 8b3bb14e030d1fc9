// BOAMP opendatasoft records (dataset `boamp`, API v2.1 or exports): the flat columns plus the
// `donnees` JSON string in one of its shapes (FNSimple, MAPA, legacy v110, EFORMS). An export made
// with `select=` carries only some columns and no `donnees`: the columns alone make the notice.
import { NoticeRefused, type ImportedNotice, type NoticeKind, type NoticeLot, type NoticeShape, type RelatedNotice } from '../notice';
import {
  amount,
  asArray,
  boampUrl,
  cleanText,
  cpvCode,
  departement,
  departementOfPostcode,
  isoDate,
  place,
  placeOfText,
  wallClock,
  wallClockOfStamp,
  type Deadline,
} from '../normalise';
import { webLink } from '../../../../rules/links';
import { finish, firstLine } from './build';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const get = (v: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => obj(o)[k], v);

/** Columns of the dataset a BOAMP record always has besides `idweb`, whichever a `select=` kept. */
const ODS_COLUMNS = ['donnees', 'objet', 'nomacheteur', 'dateparution', 'datelimitereponse', 'code_departement', 'url_avis'];

export function isOdsRecord(v: Obj): boolean {
  return typeof v.idweb === 'string' && ODS_COLUMNS.some((column) => column in v);
}

function parseJsonField(value: unknown, field: string, id: string): Obj {
  if (value === null || value === undefined || value === '') return {};
  if (typeof value === 'object') return obj(value);
  try {
    return obj(JSON.parse(String(value)));
  } catch (err) {
    throw new NoticeRefused('sourcing-malformed-json', `${field}: ${(err as Error).message}`, id);
  }
}

export function odsShape(donnees: Obj): NoticeShape {
  if (Object.keys(donnees).length === 0) return 'boamp-ods-columns';
  if ('FNSimple' in donnees) return 'boamp-ods-fnsimple';
  if ('MAPA' in donnees) return 'boamp-ods-mapa';
  if ('EFORMS' in donnees) return 'boamp-ods-eforms';
  return 'boamp-ods-v110';
}

function kindOf(r: Obj): NoticeKind {
  const etat = String(r.etat ?? '').toUpperCase();
  if (etat === 'ANNULATION') return 'cancellation';
  if (etat === 'RECTIFICATIF' || etat === 'MODIFICATION') return 'correction';
  const nature = `${String(r.nature ?? '')} ${String(r.nature_categorise ?? '')}`.toUpperCase();
  if (nature.includes('ATTRIBUTION')) return 'award';
  return 'call';
}

/** `annonce_lie` and `annonces_anterieures` hold idweb values (a string, a list, or JSON text). */
function relatedIds(value: unknown): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.flatMap(relatedIds);
  if (typeof value === 'object') return relatedIds(obj(value).IDWEB ?? obj(value).idweb);
  const text = String(value);
  return [...text.matchAll(/\b(\d{2}-\d{1,7}|[A-Z]{3}\d{8,}[A-Z0-9]*)\b/g)].map((m) => m[1]!);
}

/** "1- Prestations…", "Lot 2 : Finition" → the lot number; otherwise null. */
const LOT_PREFIX = /^\s*(?:lot\s*(?:n\s*[°o]?\s*)?)?(\d{1,3})\s*[-:–.)]\s*/i;
function lotNumberOf(text: string | null): string | null {
  const m = text ? LOT_PREFIX.exec(text) : null;
  return m ? m[1]! : null;
}

export function importOdsRecord(r: Obj): ImportedNotice {
  const idweb = cleanText(r.idweb);
  if (!idweb) throw new NoticeRefused('sourcing-missing-id', 'record without idweb');
  const donnees = parseJsonField(r.donnees, 'donnees', idweb);
  const gestion = parseJsonField(r.gestion, 'gestion', idweb);
  const shape = odsShape(donnees);

  // The columns every record has; each shape refines them below.
  let title = cleanText(r.objet);
  let description: string | null = null;
  let buyerName = cleanText(r.nomacheteur);
  let buyerSiret: string | null = null;
  let reference: string | null = null;
  const cpv: (string | null)[] = [];
  let estimated: number | null = null;
  let deadline: Deadline = wallClockOfStamp(r.datelimitereponse);
  let lots: NoticeLot[] = [];
  // Where the work is done: `code_departement_prestation`, then the shape's place fields.
  // `code_departement` lists where the notice is *published* (a gendarmerie in 52 is published
  // in nine départements, Aisne first): it never says the place.
  const places: unknown[] = [];
  const placeDepts: (string | null)[] = asArray(r.code_departement_prestation as unknown).map(departement);
  const related: RelatedNotice[] = [...relatedIds(r.annonce_lie), ...relatedIds(r.annonces_anterieures)].map((id) => ({ source: 'boamp', sourceId: id }));
  const awards = cleanText(r.titulaire) ? [{ lot: null, winners: [{ name: cleanText(r.titulaire), siret: null }], amount: null, date: null, offers: null }] : [];

  if (shape === 'boamp-ods-fnsimple') {
    const fn = obj(donnees.FNSimple);
    const initial = obj(fn.initial);
    const nature = obj(initial.natureMarche);
    title = cleanText(nature.intitule) ?? title;
    description = cleanText(nature.description);
    places.push(nature.lieuExecution);
    const org = obj(fn.organisme);
    buyerName = cleanText(org.nomOfficiel) ?? buyerName;
    if ('siret' in obj(org.typeIdentificationNational)) buyerSiret = siretOf(org.codeIdentificationNational);
    reference = cleanText(get(initial, 'communication.identifiantInterne'));
    cpv.push(cpvCode(get(nature, 'codeCPV.objetPrincipal.classPrincipale')));
    for (const extra of asArray(get(nature, 'codeCPV.objetComplementaire') as unknown)) cpv.push(cpvCode(get(extra, 'classPrincipale') ?? extra));
    const value = obj(nature.valeurEstimee);
    estimated = amount(value.valeur) ?? amount(get(value, 'fourchette.valeurHaute'));
    const reception = get(initial, 'procedure.dateReceptionOffres');
    if (reception) deadline = wallClockOfStamp(reception);
    lots = asArray(get(initial, 'lots.lot') as Obj | Obj[]).map((lot, i) => {
      const text = cleanText(lot.intitule) ?? cleanText(lot.description);
      const number = cleanText(lot.numero) ?? lotNumberOf(text);
      const lotCpv = cpvCode(get(lot, 'codeCPV.objetPrincipal.classPrincipale'));
      cpv.push(lotCpv);
      places.push(lot.lieuExecutionLivraison);
      return {
        number: number ?? String(i + 1),
        title: firstLine(number && text ? text.replace(LOT_PREFIX, '') : text, 160) ?? `Lot ${i + 1}`,
        cpv: lotCpv ? [lotCpv] : [],
        amount: amount(get(lot, 'estimationValeur.valeur')),
      };
    });
  } else if (shape === 'boamp-ods-mapa') {
    const mapa = obj(donnees.MAPA);
    const initial = obj(mapa.initial);
    title = cleanText(get(initial, 'description.objet')) ?? title;
    description = cleanText(get(initial, 'description.objet'));
    buyerName = cleanText(get(mapa, 'organisme.acheteurPublic')) ?? buyerName;
    reference = cleanText(get(initial, 'renseignements.idMarche'));
    cpv.push(cpvCode(get(initial, 'description.CPV.objetPrincipal.classPrincipale')));
    estimated = amount(get(initial, 'caracteristiques.valeurEstimee.valeur'));
    const where = get(initial, 'description.lieuExecutionLivraison');
    if (typeof where === 'string') places.push(where);
    else placeDepts.push(departementOfPostcode(get(where, 'cp')));
    const reception = get(initial, 'delais.receptionOffres');
    if (reception) deadline = wallClockOfStamp(reception);
  } else if (shape === 'boamp-ods-v110') {
    const objet = obj(donnees.OBJET);
    title = cleanText(objet.TITRE_MARCHE) ?? title;
    description = cleanText(objet.OBJET_COMPLET);
    places.push(objet.LIEU_EXEC);
    buyerName = cleanText(get(donnees, 'IDENT.NOM')) ?? buyerName;
    cpv.push(cpvCode(objet.CPV_OBJ));
    // v110 stamps T00:00 while the text says "à 12 heures": the hour comes from DELAI.
    const delai = obj(donnees.DELAI);
    const hour = asArray(delai.AUTRES as unknown)
      .map((t) => (typeof t === 'string' ? /(\d{1,2})\s*(?:heures?|h)\s*(\d{2})?/i.exec(t) : null))
      .find(Boolean);
    const day = isoDate(r.datelimitereponse);
    deadline = day ? wallClock(day, hour ? `${hour[1]}:${hour[2] ?? '00'}` : null) : deadline;
    // A v110 rectificatif says what to read instead: a moved deadline is the new deadline.
    for (const rectif of asArray(donnees.RECTIF as unknown)) {
      const rubrics = asArray(get(rectif, 'RUB_INIT') as unknown);
      const readings = asArray(get(rectif, 'LIRE') as unknown);
      rubrics.forEach((rubric, i) => {
        if (typeof rubric === 'string' && /date limite/i.test(rubric)) {
          const moved = frenchDeadline(readings[i]);
          if (moved.deadlineDate) deadline = moved;
        }
      });
    }
    const lotsNode = obj(donnees.LOTS);
    const numbers = asArray(lotsNode.NUM_LOT as unknown).map(cleanText);
    const texts = (lotsNode.DESC_LOT ? asArray(lotsNode.DESC_LOT as unknown) : asArray(lotsNode.AUTRES as unknown)).map(cleanText).filter(Boolean);
    const codes = asArray(lotsNode.NOMENC_LOT as unknown).map(cpvCode);
    lots = numbers.map((number, i) => ({
      number,
      title: texts[i]?.replace(/\.$/, '') ?? `Lot ${number ?? i + 1}`,
      cpv: codes[i] ? [codes[i]!] : [],
      amount: null,
    }));
    cpv.push(...codes);
    for (const previous of asArray(get(gestion, 'INDEXATION.AVISLIEE.AVIS_PRECEDENT') as unknown)) {
      const id = cleanText(get(previous, 'IDWEB'));
      if (id) related.push({ source: 'boamp', sourceId: id });
    }
  }
  // EFORMS `donnees`: no real sample exists (fixtures/SOURCES.md, gaps): the columns above carry it.
  const fromText = places.map(placeOfText);

  return finish({
    source: 'boamp',
    sourceId: idweb,
    shape,
    kind: kindOf(r),
    reference,
    title,
    description: description ?? withDescriptors(cleanText(r.objet), r.descripteur_libelle),
    buyer: { name: buyerName, siret: buyerSiret },
    procedureRaw: cleanText(r.type_procedure),
    cpv,
    place: place([...placeDepts, ...fromText.flatMap((p) => p.departements)], [], fromText.flatMap((p) => p.regions)),
    estimatedAmount: estimated,
    publishedAt: isoDate(r.dateparution),
    ...deadline,
    lots,
    url: webLink(r.url_avis) ?? boampUrl(idweb),
    related,
    awards,
  });
}

/** An export's `descripteur_libelle` (BOAMP's own keywords: "Peinture (travaux)") said after the object, for matching by words. */
function withDescriptors(objet: string | null, descriptors: unknown): string | null {
  const list = asArray(descriptors as unknown).map(cleanText).filter((d): d is string => !!d);
  if (list.length === 0) return objet;
  return [objet, `Descripteurs : ${list.join(', ')}`].filter(Boolean).join('\n\n');
}

const MONTHS = ['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre'];

/** "24 juillet 2006, à 12 heures" → that Paris wall-clock time. */
export function frenchDeadline(text: unknown): Deadline {
  if (typeof text !== 'string') return wallClock(null, null);
  const folded = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const m = /(\d{1,2})(?:er)?\s+([a-z]+)\s+(\d{4})(?:[^0-9]*?(\d{1,2})\s*(?:heures?|h)\s*(\d{2})?)?/.exec(folded);
  const month = m ? MONTHS.indexOf(m[2]!) : -1;
  if (!m || month < 0) return wallClock(null, null);
  const day = `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return wallClock(day, m[4] ? `${m[4]}:${m[5] ?? '00'}` : null);
}

function siretOf(v: unknown): string | null {
  const digits = typeof v === 'string' ? v.replace(/\s/g, '') : '';
  return /^(\d{14}|\d{9})$/.test(digits) ? digits : null;
}

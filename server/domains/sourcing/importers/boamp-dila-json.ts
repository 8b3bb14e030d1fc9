// The retired DILA API (api.dila.fr/opendata/api-boamp/annonces/v230/{idweb}): a lower-cased JSON
// rendering of the v230 XML. Flags are embedded XML strings or null; dates are epoch milliseconds,
// true instants (Paris midnight is the previous day in UTC).
import type { ImportedNotice, NoticeKind } from '../notice';
import { amount, asArray, boampUrl, cleanText, cpvCode, dateInZone, departement, departementOfPostcode, instant, NO_DEADLINE, place, siret, wallClockOfStamp } from '../normalise';
import { finish, firstLine } from './build';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const get = (v: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => obj(Array.isArray(o) ? o[0] : o)[k], v);
/** A flag is set when its value is anything but null. */
const flag = (v: unknown, key: string) => obj(v)[key] !== null && obj(v)[key] !== undefined;
const firstSet = (v: unknown) => Object.entries(obj(v)).find(([, value]) => value !== null && value !== undefined)?.[0] ?? null;

export function isDilaJson(v: Obj): boolean {
  return !!get(v, 'gestion.reference.idweb') && 'donnees' in v;
}

function kindOf(typeavis: unknown): NoticeKind {
  const statut = get(typeavis, 'statut');
  const nature = get(typeavis, 'nature');
  if (flag(statut, 'annulation')) return 'cancellation';
  if (flag(statut, 'rectificatif') || flag(nature, 'rectificatif') || flag(nature, 'modification')) return 'correction';
  if (flag(nature, 'attribution')) return 'award';
  return 'call';
}

const day = (v: unknown) => (typeof v === 'number' ? dateInZone(v) : cleanText(v)?.slice(0, 10) ?? null);

export function importDilaJson(v: Obj): ImportedNotice {
  const gestion = obj(v.gestion);
  const donnees = obj(v.donnees);
  const idweb = cleanText(get(gestion, 'reference.idweb'));
  const objet = obj(asArray(donnees.objet as unknown)[0]);
  const reception = get(donnees, 'conditiondelai.receptoffres') ?? get(gestion, 'indexation.datelimitereponse');
  const lots = asArray(get(objet, 'lots.lot') as unknown).map((raw, i) => {
    const lot = obj(raw);
    return {
      number: cleanText(lot.num) ?? String(i + 1),
      title: cleanText(lot.intitule) ?? firstLine(cleanText(lot.description)) ?? `Lot ${i + 1}`,
      cpv: asArray(get(lot, 'cpv.principal') as unknown).map(cpvCode).filter((c): c is string => !!c),
      amount: amount(lot.valeur),
    };
  });
  return finish({
    source: 'boamp',
    sourceId: idweb,
    shape: 'boamp-dila-json',
    kind: kindOf(get(gestion, 'reference.typeavis')),
    reference: cleanText(get(donnees, 'conditionadministrative.referencemarche')),
    title: cleanText(objet.titremarche) ?? cleanText(get(gestion, 'indexation.resumeobjet')),
    description: cleanText(objet.objetcomplet),
    buyer: { name: cleanText(get(donnees, 'identite.denomination')), siret: siret(get(donnees, 'identite.codeidentnational')) },
    procedureRaw: firstSet(get(donnees, 'procedure.typeprocedure')),
    cpv: [...asArray(get(objet, 'cpv.principal') as unknown).map(cpvCode), ...lots.flatMap((l) => l.cpv)],
    // Where the work is done; `deppublication` is where the notice is published, never the place.
    place: place(
      [...asArray(get(gestion, 'indexation.depprestation') as unknown).map(departement), ...asArray(objet.lieuexeclivr as unknown).map((l) => departementOfPostcode(obj(l).cp))],
      asArray(objet.lieuexeclivr as unknown).map((l) => cleanText(obj(l).codenuts)),
    ),
    estimatedAmount: amount(get(objet, 'caracteristiques.valeurtotale')) ?? amount(get(objet, 'caracteristiques.valeurmax')),
    publishedAt: day(get(gestion, 'indexation.datepublication')),
    ...(typeof reception === 'number' ? instant(reception) : reception ? wallClockOfStamp(reception) : NO_DEADLINE),
    lots,
    url: idweb ? boampUrl(idweb) : null,
    related: asArray(get(gestion, 'marche.annonceanterieur') as unknown)
      .map((a) => cleanText(get(a, 'reference.idweb')))
      .filter((id): id is string => !!id)
      .map((id) => ({ source: 'boamp', sourceId: id })),
    awards: [],
  });
}

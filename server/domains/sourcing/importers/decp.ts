// DECP (données essentielles de la commande publique): every record is an awarded contract.
// 2019 shape (arrêté 2016): acheteur {id, nom}, titulaires [{typeIdentifiant, id, denominationSociale}].
// 2024 shape (arrêté 22/12/2022): acheteur {id} only, titulaires [{typeIdentifiant, id}] or
// [{titulaire: {…}}], new fields (considerationsSociales, typeGroupementOperateurs, origineUE…).
import type { ImportedNotice, NoticeShape } from '../notice';
import { amount, asArray, cleanText, cpvCode, departement, departementOfPostcode, integer, isoDate, place, siret } from '../normalise';
import { finish } from './build';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

const NEW_FIELDS = ['considerationsSociales', 'considerationsEnvironnementales', 'typeGroupementOperateurs', 'origineUE', 'marcheInnovant', 'actesSousTraitance'];

export function isDecpRecord(v: Obj): boolean {
  return 'acheteur' in v && 'objet' in v && ('titulaires' in v || 'montant' in v || 'codeCPV' in v);
}

export function decpShape(v: Obj): NoticeShape {
  return NEW_FIELDS.some((f) => f in v) ? 'decp-2024' : 'decp-2019';
}

function placeOf(lieu: Obj) {
  const code = cleanText(lieu.code);
  const type = String(lieu.typeCode ?? '').toLowerCase();
  if (!code) return place([], []);
  if (type.includes('postal')) return place([departementOfPostcode(code)], []);
  if (type.includes('commune')) return place([departementOfPostcode(code) ?? departement(code.slice(0, code.startsWith('97') ? 3 : 2))], []);
  if (type.includes('département') || type.includes('departement')) return place([departement(code)], []);
  if (type.includes('nuts')) return place([], [code]);
  return place([], []);
}

export function importDecp(v: Obj): ImportedNotice {
  const buyer = obj(v.acheteur);
  const buyerId = cleanText(buyer.id);
  const id = cleanText(v.id);
  const winners = asArray(v.titulaires as unknown).map((t) => {
    const titulaire = obj(obj(t).titulaire ?? t);
    const isSiret = String(titulaire.typeIdentifiant ?? 'SIRET').toUpperCase() === 'SIRET';
    return { name: cleanText(titulaire.denominationSociale), siret: isSiret ? siret(titulaire.id) : null };
  });
  return finish({
    source: 'decp',
    // DECP's own uid is the buyer's SIRET followed by its contract id; ids alone repeat across buyers.
    sourceId: cleanText(v.uid) ?? (buyerId && id ? `${buyerId}${id}` : null),
    shape: decpShape(v),
    kind: 'award',
    reference: id,
    title: cleanText(v.objet),
    description: cleanText(v.objet),
    buyer: { name: cleanText(buyer.nom), siret: siret(buyerId) },
    procedureRaw: cleanText(v.procedure),
    cpv: [cpvCode(v.codeCPV)],
    place: placeOf(obj(v.lieuExecution)),
    estimatedAmount: null,
    publishedAt: isoDate(v.datePublicationDonnees),
    deadline: null,
    deadlineDate: null,
    deadlineZone: null,
    lots: [],
    url: null,
    related: [],
    awards: [
      {
        lot: null,
        winners,
        amount: amount(v.montant),
        date: isoDate(v.dateNotification),
        offers: integer(v.offresRecues),
      },
    ],
  });
}

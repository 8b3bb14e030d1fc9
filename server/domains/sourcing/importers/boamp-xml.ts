// BOAMP XML (Boamp_v230.xsd, DILA bulk files): one <ANNONCE> per notice.
import type { ImportedNotice, NoticeAward, NoticeKind, RelatedNotice, Winner } from '../notice';
import { amount, boampUrl, cpvCode, departement, departementOfPostcode, integer, isoDate, place, siret, tedNumber, wallClockOfStamp } from '../normalise';
import { all, at, child, childrenNamed, findAll, textAt, textOf, type XmlElement } from '../xml';
import { finish, firstLine } from './build';

const firstChildName = (el: XmlElement | null) => el?.children[0]?.name ?? null;

function kindOf(typeAvis: XmlElement | null): NoticeKind {
  const statut = firstChildName(at(typeAvis, 'STATUT'));
  const nature = firstChildName(at(typeAvis, 'NATURE'));
  if (statut === 'ANNULATION') return 'cancellation';
  if (statut === 'RECTIFICATIF' || nature === 'RECTIFICATIF' || nature === 'MODIFICATION') return 'correction';
  if (nature === 'ATTRIBUTION') return 'award';
  return 'call';
}

/** TED number of a JOUE publication: ANNEE + NUM_ANNONCE → "252708-2016". */
function joueNumbers(root: XmlElement): string[] {
  return findAll(root, 'PUBLICATION_JOUE')
    .map((p) => tedNumber(`${textAt(p, 'NUM_ANNONCE') ?? ''}-${textAt(p, 'ANNEE') ?? ''}`))
    .filter((n): n is string => !!n);
}

/**
 * Winners of one ATTRIBUTION: TITULAIRE and RENSEIGNEMENT come interleaved inside a DECISION, each
 * RENSEIGNEMENT (date, offers, amount) belonging to the titulaires just before it.
 */
function awardsOf(attribution: XmlElement | null): NoticeAward[] {
  if (!attribution) return [];
  const awards: NoticeAward[] = [];
  for (const decision of childrenNamed(attribution, 'DECISION')) {
    const lot = textAt(decision, 'NUM_LOT');
    let pending: Winner[] = [];
    const flush = (info: XmlElement | null) => {
      if (!pending.length) return;
      awards.push({
        lot,
        winners: pending,
        amount: amount(textAt(info, 'MONTANT')),
        date: isoDate(textAt(info, 'DATE_ATTRIBUTION')),
        offers: integer(textAt(info, 'NB_OFFRE_RECU')),
      });
      pending = [];
    };
    for (const c of decision.children) {
      if (c.name === 'TITULAIRE') pending.push({ name: textAt(c, 'DENOMINATION'), siret: siret(textAt(c, 'CODE_IDENT_NATIONAL')) });
      else if (c.name === 'RENSEIGNEMENT') flush(c);
    }
    flush(null);
  }
  // A single decision without its own amount or date takes the notice's.
  if (awards.length === 1) {
    awards[0]!.amount ??= amount(textAt(attribution, 'VALEUR_TOTALE'));
    awards[0]!.date ??= isoDate(textAt(attribution, 'DATE_DECISION'));
  }
  return awards;
}

export function importBoampXml(root: XmlElement): ImportedNotice {
  const gestion = child(root, 'GESTION');
  const donnees = child(root, 'DONNEES');
  const idweb = textAt(gestion, 'REFERENCE/IDWEB');
  const objet = child(donnees, 'OBJET');
  const lots = all(objet, 'LOTS/LOT').map((lot, i) => {
    const title = textAt(lot, 'INTITULE') ?? firstLine(textAt(lot, 'DESCRIPTION'), 160);
    return {
      number: textAt(lot, 'NUM') ?? String(i + 1),
      title: title ?? `Lot ${i + 1}`,
      cpv: all(lot, 'CPV/PRINCIPAL').map((c) => cpvCode(textOf(c))).filter((c): c is string => !!c),
      amount: amount(textAt(lot, 'VALEUR')),
    };
  });
  const caracteristiques = child(objet, 'CARACTERISTIQUES');
  const lotValues = lots.map((l) => l.amount);
  const related: RelatedNotice[] = [
    ...all(gestion, 'MARCHE/ANNONCE_ANTERIEUR/REFERENCE/IDWEB').map((e) => ({ source: 'boamp' as const, sourceId: textOf(e) ?? '' })),
    ...joueNumbers(root).map((n) => ({ source: 'ted' as const, sourceId: n })),
  ].filter((r) => r.sourceId);
  const deadlineStamp = textAt(donnees, 'CONDITION_DELAI/RECEPT_OFFRES') ?? textAt(gestion, 'INDEXATION/DATE_LIMITE_REPONSE');

  return finish({
    source: 'boamp',
    sourceId: idweb,
    shape: 'boamp-xml-v230',
    kind: kindOf(at(gestion, 'REFERENCE/TYPE_AVIS')),
    reference: textAt(donnees, 'CONDITION_ADMINISTRATIVE/REFERENCE_MARCHE'),
    title: textAt(objet, 'TITRE_MARCHE') ?? textAt(gestion, 'INDEXATION/RESUME_OBJET'),
    description: textAt(objet, 'OBJET_COMPLET'),
    buyer: { name: textAt(donnees, 'IDENTITE/DENOMINATION'), siret: siret(textAt(donnees, 'IDENTITE/CODE_IDENT_NATIONAL')) },
    procedureRaw: firstChildName(at(donnees, 'PROCEDURE/TYPE_PROCEDURE')),
    cpv: [...all(objet, 'CPV/PRINCIPAL'), ...all(objet, 'CPV/SUPPLEMENTAIRE')].map((c) => cpvCode(textOf(c))).concat(lots.flatMap((l) => l.cpv)),
    // Where the work is done; DEP_PUBLICATION is where the notice is published, never the place.
    place: place(
      [
        ...all(gestion, 'INDEXATION/DEP_PRESTATION').map((d) => departement(textOf(d))),
        ...all(objet, 'LIEU_EXEC_LIVR/CP').map((c) => departementOfPostcode(textOf(c))),
      ],
      [...all(objet, 'LIEU_EXEC_LIVR/CODE_NUTS'), ...all(objet, 'LOTS/LOT/CODE_NUTS')].map(textOf),
    ),
    estimatedAmount:
      amount(textAt(caracteristiques, 'VALEUR_TOTALE')) ??
      amount(textAt(caracteristiques, 'VALEUR_MAX')) ??
      (lotValues.length && lotValues.every((v) => v !== null) ? lotValues.reduce((a, b) => a! + b!, 0) : null),
    publishedAt: isoDate(textAt(gestion, 'INDEXATION/DATE_PUBLICATION')),
    ...wallClockOfStamp(deadlineStamp),
    lots,
    url: idweb ? boampUrl(idweb) : null,
    related,
    awards: awardsOf(child(donnees, 'ATTRIBUTION')),
  });
}

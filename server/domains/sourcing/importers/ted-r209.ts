// TED XML exports (TED_EXPORT, R2.0.9 forms F01–F25): the ORIGINAL language form section is read.
import type { ImportedNotice, NoticeAward, NoticeKind } from '../notice';
import { amount, cpvCode, integer, isoDate, PARIS, place, siret, tedNumber, tedUrl, wallClock, zoneOfCountry } from '../normalise';
import { all, at, child, findAll, textAt, textOf, type XmlElement } from '../xml';
import { finish } from './build';

const AWARD_FORMS = new Set(['F03', 'F06', 'F13', 'F15', 'F25']);
const CORRECTION_FORMS = new Set(['F14', 'F20']);

function kindOf(form: string | undefined): NoticeKind {
  if (form && AWARD_FORMS.has(form)) return 'award';
  if (form && CORRECTION_FORMS.has(form)) return 'correction';
  return 'call';
}

const nutsOf = (el: XmlElement | null) => findAll(el, 'NUTS').map((n) => n.attrs.CODE ?? null);

export function importTedR209(root: XmlElement): ImportedNotice {
  const sections = child(root, 'FORM_SECTION')?.children ?? [];
  const form = sections.find((s) => s.attrs.CATEGORY === 'ORIGINAL') ?? sections[0] ?? null;
  const notice = at(root, 'CODED_DATA_SECTION/NOTICE_DATA');
  const number = tedNumber(root.attrs.DOC_ID) ?? tedNumber(textAt(notice, 'NO_DOC_OJS'));
  const body = at(form, 'CONTRACTING_BODY/ADDRESS_CONTRACTING_BODY');
  const object = child(form, 'OBJECT_CONTRACT');
  const descriptions = all(object, 'OBJECT_DESCR');
  const procedure = child(form, 'PROCEDURE');
  // TED times carry no zone: they are the buyer's local time.
  const zone = zoneOfCountry(at(body, 'COUNTRY')?.attrs.VALUE) ?? PARIS;
  const uris = all(notice, 'URI_LIST/URI_DOC');
  const uri = uris.find((u) => u.attrs.LG === 'FR') ?? uris[0];

  const lots = descriptions
    .filter((d) => child(d, 'LOT_NO'))
    .map((d) => ({
      number: textAt(d, 'LOT_NO'),
      title: textAt(d, 'TITLE') ?? `Lot ${textAt(d, 'LOT_NO')}`,
      cpv: all(d, 'CPV_ADDITIONAL/CPV_CODE').map((c) => cpvCode(c.attrs.CODE)).filter((c): c is string => !!c),
      amount: amount(textAt(d, 'VAL_OBJECT')),
    }));

  const awards: NoticeAward[] = all(form, 'AWARD_CONTRACT').flatMap((ac) => {
    const awarded = child(ac, 'AWARDED_CONTRACT');
    if (!awarded) return [];
    const winners = findAll(awarded, 'CONTRACTOR').map((c) => {
      const address = child(c, 'ADDRESS_CONTRACTOR');
      return { name: textAt(address, 'OFFICIALNAME'), siret: siret(textAt(address, 'NATIONALID')) };
    });
    return [
      {
        lot: textAt(ac, 'LOT_NO'),
        winners,
        amount: amount(textAt(awarded, 'VALUES/VAL_TOTAL')) ?? amount(textAt(awarded, 'VAL_TOTAL')),
        date: isoDate(textAt(awarded, 'DATE_CONCLUSION_CONTRACT')),
        offers: integer(textAt(awarded, 'TENDERS/NB_TENDERS_RECEIVED')),
      },
    ];
  });

  const coded = at(root, 'CODED_DATA_SECTION/NOTICE_DATA');
  const placeNuts = [
    descriptions.flatMap(nutsOf),
    all(coded, 'PERFORMANCE_NUTS').map((n) => n.attrs.CODE ?? null),
  ].find((codes) => codes.some((c) => c && c.length > 2)) ?? [];

  const previous = [
    ...all(notice, 'REF_NOTICE/NO_DOC_OJS'),
    ...all(procedure, 'NOTICE_NUMBER_OJ'),
  ].map((e) => tedNumber(textOf(e)));

  return finish({
    source: 'ted',
    sourceId: number,
    shape: 'ted-r209',
    kind: kindOf(form?.attrs.FORM),
    reference: textAt(object, 'REFERENCE_NUMBER'),
    title: textAt(object, 'TITLE'),
    description: textAt(object, 'SHORT_DESCR') ?? textAt(descriptions[0], 'SHORT_DESCR'),
    buyer: { name: textAt(body, 'OFFICIALNAME'), siret: siret(textAt(body, 'NATIONALID')) },
    procedureRaw: procedure?.children.find((c) => c.name.startsWith('PT_'))?.name ?? textAt(at(root, 'CODED_DATA_SECTION/CODIF_DATA'), 'PR_PROC'),
    cpv: [
      cpvCode(at(object, 'CPV_MAIN/CPV_CODE')?.attrs.CODE),
      ...descriptions.flatMap((d) => all(d, 'CPV_ADDITIONAL/CPV_CODE').map((c) => cpvCode(c.attrs.CODE))),
    ],
    // Place of performance; failing that, TED's coded performance NUTS. Never the buyer's
    // (CA_CE_NUTS): a ministry in Paris buys for the whole country.
    place: place([], placeNuts),
    estimatedAmount: amount(textAt(object, 'VAL_ESTIMATED_TOTAL')),
    publishedAt: isoDate(textAt(root, 'CODED_DATA_SECTION/REF_OJS/DATE_PUB')),
    ...wallClock(textAt(procedure, 'DATE_RECEIPT_TENDERS'), textAt(procedure, 'TIME_RECEIPT_TENDERS'), zone),
    lots,
    url: textOf(uri) ?? (number ? tedUrl(number) : null),
    related: previous.filter((n): n is string => !!n).map((n) => ({ source: 'ted', sourceId: n })),
    awards,
  });
}

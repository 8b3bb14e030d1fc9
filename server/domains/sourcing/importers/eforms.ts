// eForms UBL notices (ContractNotice, ContractAwardNotice, PriorInformationNotice).
// Organisations, tenders and results live in the extension and are joined by their ids.
import type { ImportedNotice, NoticeAward, NoticeKind } from '../notice';
import { amount, cpvCode, integer, isoDate, PARIS, place, siret, tedNumber, tedUrl, wallClock, zoneOfCountry, type Deadline } from '../normalise';
import { all, at, child, findAll, findFirst, textAt, textOf, type XmlElement } from '../xml';
import { finish } from './build';

const idOf = (el: XmlElement | null) => textAt(el, 'ID');

function lotNumber(id: string | null): string | null {
  const m = id ? /^LOT-0*(\d+)$/.exec(id) : null;
  return m ? m[1]! : id;
}

function kindOf(root: XmlElement): NoticeKind {
  const changes = findFirst(root, 'Changes');
  if (changes) {
    const reason = textOf(findFirst(changes, 'ReasonCode')) ?? '';
    return /cancel/i.test(reason) ? 'cancellation' : 'correction';
  }
  return root.name === 'ContractAwardNotice' ? 'award' : 'call';
}

interface Org {
  name: string | null;
  siret: string | null;
  country: string | null;
}

function organisations(root: XmlElement): Map<string, Org> {
  const map = new Map<string, Org>();
  for (const org of findAll(root, 'Organization')) {
    const company = child(org, 'Company');
    const id = textAt(company, 'PartyIdentification/ID');
    if (!id) continue;
    map.set(id, {
      name: textAt(company, 'PartyName/Name'),
      siret: siret(textAt(company, 'PartyLegalEntity/CompanyID')),
      country: textAt(company, 'PostalAddress/Country/IdentificationCode'),
    });
  }
  return map;
}

function awardsOf(root: XmlElement, orgs: Map<string, Org>): NoticeAward[] {
  const result = findFirst(root, 'NoticeResult');
  if (!result) return [];
  const byId = (name: string) => new Map(all(result, name).map((e) => [idOf(e) ?? '', e] as const));
  const tenders = byId('LotTender');
  const parties = byId('TenderingParty');
  const contracts = all(result, 'SettledContract');
  return all(result, 'LotResult').flatMap((lr) => {
    const offers = all(lr, 'ReceivedSubmissionsStatistics').find((s) => textAt(s, 'StatisticsCode') === 'tenders');
    return all(lr, 'LotTender').flatMap((ref) => {
      const tenderId = idOf(ref);
      const tender = tenders.get(tenderId ?? '');
      if (!tender) return [];
      const party = parties.get(textAt(tender, 'TenderingParty/ID') ?? '');
      const contract = contracts.find((c) => textAt(c, 'LotTender/ID') === tenderId);
      return [
        {
          lot: lotNumber(textAt(tender, 'TenderLot/ID') ?? textAt(lr, 'TenderLot/ID')),
          winners: all(party, 'Tenderer').map((t) => {
            const org = orgs.get(idOf(t) ?? '');
            return { name: org?.name ?? null, siret: org?.siret ?? null };
          }),
          amount: amount(textAt(tender, 'LegalMonetaryTotal/PayableAmount')),
          date: isoDate(textAt(contract, 'IssueDate')),
          offers: integer(textAt(offers, 'StatisticsNumeric')),
        },
      ];
    });
  });
}

export function importEforms(root: XmlElement): ImportedNotice {
  const orgs = organisations(root);
  const buyer = orgs.get(textAt(root, 'ContractingParty/Party/PartyIdentification/ID') ?? '') ?? null;
  const project = child(root, 'ProcurementProject');
  const lotNodes = all(root, 'ProcurementProjectLot');
  const number = tedNumber(textOf(findFirst(root, 'NoticePublicationID')));
  const zone = zoneOfCountry(buyer?.country) ?? PARIS;
  const french = zone === PARIS;

  // Earliest submission deadline of the lots. French buyers' times are Paris wall-clock time
  // (the converter stamps +01:00 even in August); other buyers keep the offset they wrote.
  const deadlines: Deadline[] = lotNodes
    .map((lot) => at(lot, 'TenderingProcess/TenderSubmissionDeadlinePeriod'))
    .filter((p): p is XmlElement => !!p)
    .map((p) => {
      const date = textAt(p, 'EndDate');
      const time = textAt(p, 'EndTime');
      const stamped = time ? /^(\d{2}:\d{2})(:\d{2})?([+-]\d{2}:\d{2}|Z)$/.exec(time.trim()) : null;
      const day = isoDate(date);
      if (french || !stamped || !day) return wallClock(date, time, zone);
      const offset = stamped[3] === 'Z' ? '+00:00' : stamped[3];
      return { deadline: `${day}T${stamped[1]}${stamped[2] ?? ':00'}${offset}`, deadlineDate: day, deadlineZone: zone };
    })
    .filter((d) => d.deadlineDate)
    .sort((a, b) => Date.parse(a.deadline ?? a.deadlineDate!) - Date.parse(b.deadline ?? b.deadlineDate!));

  const realLots = lotNodes.filter((l) => textAt(l, 'ID') !== 'LOT-0000');
  const lots = realLots.map((lot) => {
    const p = child(lot, 'ProcurementProject');
    return {
      number: lotNumber(textAt(lot, 'ID')),
      title: textAt(p, 'Name') ?? `Lot ${lotNumber(textAt(lot, 'ID'))}`,
      cpv: [...all(p, 'MainCommodityClassification/ItemClassificationCode'), ...all(p, 'AdditionalCommodityClassification/ItemClassificationCode')]
        .map((c) => cpvCode(textOf(c)))
        .filter((c, i, list): c is string => !!c && list.indexOf(c) === i),
      amount: amount(textAt(p, 'RequestedTenderTotal/EstimatedOverallContractAmount')),
    };
  });
  const projects = [project, ...lotNodes.map((l) => child(l, 'ProcurementProject'))];
  const placeNuts = projects.flatMap((p) => all(p, 'RealizedLocation/Address/CountrySubentityCode').map(textOf)).filter((c): c is string => !!c);
  const publication = textOf(findFirst(root, 'PublicationDate')) ?? textAt(root, 'IssueDate');

  return finish({
    source: 'ted',
    sourceId: number,
    shape: 'ted-eforms',
    kind: kindOf(root),
    reference: textAt(project, 'ID'),
    title: textAt(project, 'Name'),
    description: textAt(project, 'Description') ?? textAt(child(lotNodes[0] ?? null, 'ProcurementProject'), 'Description'),
    buyer: { name: buyer?.name ?? null, siret: buyer?.siret ?? null },
    procedureRaw: textAt(root, 'TenderingProcess/ProcedureCode'),
    cpv: [
      ...all(project, 'MainCommodityClassification/ItemClassificationCode').map((c) => cpvCode(textOf(c))),
      ...all(project, 'AdditionalCommodityClassification/ItemClassificationCode').map((c) => cpvCode(textOf(c))),
      ...projects.flatMap((p) => [
        ...all(p, 'MainCommodityClassification/ItemClassificationCode'),
        ...all(p, 'AdditionalCommodityClassification/ItemClassificationCode'),
      ]).map((c) => cpvCode(textOf(c))),
    ],
    // Place of performance only: the buyer's address says where it sits, not where the work is.
    place: place([], placeNuts),
    estimatedAmount: amount(textAt(project, 'RequestedTenderTotal/EstimatedOverallContractAmount')),
    publishedAt: isoDate(publication),
    ...(deadlines[0] ?? wallClock(null, null)),
    lots,
    url: number ? tedUrl(number) : null,
    related: all(root, 'TenderingProcess/NoticeDocumentReference')
      .map((r) => tedNumber(textAt(r, 'ID')))
      .filter((n): n is string => !!n)
      .map((n) => ({ source: 'ted', sourceId: n })),
    awards: awardsOf(root, orgs),
  });
}

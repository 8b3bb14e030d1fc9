import type { PartySnapshot } from '../../db/schema';
import type { InvoiceWithLines } from './invoices';
import { bankDetails } from './seller';

/**
 * The Cross Industry Invoice XML (UN/CEFACT D16B) of an invoice, Factur-X profile EN 16931: what
 * the PDF carries as factur-x.xml. Written by hand against the official XSD (checked in
 * tests/api/billing-invoices.test.ts); the mentions without a field of their own are notes with
 * their subject code (PMT: the €40 recovery indemnity, PMD: late-payment penalties, AAB: no
 * early-payment discount; rules BR-FR-05/06/07).
 */
export const FACTURX_PROFILE_URN = 'urn:cen.eu:en16931:2017';
export const FACTURX_CONFORMANCE = 'EN 16931';

export const LATE_PENALTY_TEXT = 'Pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance.';
export const RECOVERY_INDEMNITY_TEXT = 'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce).';
export const NO_DISCOUNT_TEXT = 'Pas d’escompte pour paiement anticipé.';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const text = (tag: string, value: string, attributes = '') => `<${tag}${attributes}>${escapeXml(value)}</${tag}>`;
/** Cents as the decimal the XML wants: 4900 → "49.00". */
export const decimal = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const rate = (basisPoints: number) => decimal(basisPoints);
const date102 = (iso: string) => iso.replace(/-/g, '').slice(0, 8);
const dateTime = (tag: string, iso: string, prefix = 'udt') => `<${tag}><${prefix}:DateTimeString format="102">${date102(iso)}</${prefix}:DateTimeString></${tag}>`;

const siren = (siret: string) => siret.replace(/\s/g, '').slice(0, 9);

function party(tag: string, who: PartySnapshot) {
  const legal = /^[0-9]{9}/.test(who.siret) ? `<ram:SpecifiedLegalOrganization>${text('ram:ID', siren(who.siret), ' schemeID="0002"')}</ram:SpecifiedLegalOrganization>` : '';
  const address =
    '<ram:PostalTradeAddress>' +
    (who.postalCode ? text('ram:PostcodeCode', who.postalCode) : '') +
    (who.address ? text('ram:LineOne', who.address) : '') +
    (who.city ? text('ram:CityName', who.city) : '') +
    text('ram:CountryID', who.country || 'FR') +
    '</ram:PostalTradeAddress>';
  const email = who.email ? `<ram:URIUniversalCommunication>${text('ram:URIID', who.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>` : '';
  const vat = who.vatNumber ? `<ram:SpecifiedTaxRegistration>${text('ram:ID', who.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>` : '';
  return `<${tag}>${text('ram:Name', who.legalName)}${legal}${address}${email}${vat}</${tag}>`;
}

/** VAT per rate: the basis and the VAT of the lines at that rate. */
export function vatBreakdown(invoice: Pick<InvoiceWithLines, 'lines'>) {
  const byRate = new Map<number, { basis: number; vat: number }>();
  for (const line of invoice.lines) {
    const entry = byRate.get(line.vatRate) ?? { basis: 0, vat: 0 };
    entry.basis += line.totalExclVat;
    entry.vat += line.vat;
    byRate.set(line.vatRate, entry);
  }
  return [...byRate.entries()].sort(([a], [b]) => b - a).map(([vatRate, amounts]) => ({ vatRate, ...amounts }));
}

export function facturxXml(invoice: InvoiceWithLines, credited?: { number: string; issueDate: string } | null): string {
  const typeCode = invoice.kind === 'credit_note' ? '381' : '380';
  const notes = [
    { content: invoice.kind === 'credit_note' && credited ? `Avoir annulant la facture ${credited.number}.${invoice.note ? ` Motif : ${invoice.note}` : ''}` : 'Catégorie de l’opération : prestation de services.', code: 'AAI' },
    { content: LATE_PENALTY_TEXT, code: 'PMD' },
    { content: RECOVERY_INDEMNITY_TEXT, code: 'PMT' },
    { content: NO_DISCOUNT_TEXT, code: 'AAB' },
  ];
  const lines = invoice.lines
    .map(
      (line, index) =>
        '<ram:IncludedSupplyChainTradeLineItem>' +
        `<ram:AssociatedDocumentLineDocument>${text('ram:LineID', String(index + 1))}</ram:AssociatedDocumentLineDocument>` +
        `<ram:SpecifiedTradeProduct>${text('ram:Name', line.description)}</ram:SpecifiedTradeProduct>` +
        `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>${text('ram:ChargeAmount', decimal(line.unitPrice))}</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
        `<ram:SpecifiedLineTradeDelivery>${text('ram:BilledQuantity', String(line.quantity), ' unitCode="C62"')}</ram:SpecifiedLineTradeDelivery>` +
        '<ram:SpecifiedLineTradeSettlement>' +
        `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode>${text('ram:RateApplicablePercent', rate(line.vatRate))}</ram:ApplicableTradeTax>` +
        `<ram:SpecifiedTradeSettlementLineMonetarySummation>${text('ram:LineTotalAmount', decimal(line.totalExclVat))}</ram:SpecifiedTradeSettlementLineMonetarySummation>` +
        '</ram:SpecifiedLineTradeSettlement>' +
        '</ram:IncludedSupplyChainTradeLineItem>',
    )
    .join('');
  const taxes = vatBreakdown(invoice)
    .map(
      (tax) =>
        `<ram:ApplicableTradeTax>${text('ram:CalculatedAmount', decimal(tax.vat))}<ram:TypeCode>VAT</ram:TypeCode>${text('ram:BasisAmount', decimal(tax.basis))}<ram:CategoryCode>S</ram:CategoryCode>${text('ram:RateApplicablePercent', rate(tax.vatRate))}</ram:ApplicableTradeTax>`,
    )
    .join('');
  const bank = bankDetails();
  const means =
    invoice.paymentMethod === 'transfer'
      ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount>${text('ram:IBANID', bank.iban.replace(/\s/g, ''))}</ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>`
      : '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>48</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>';
  const period =
    invoice.periodStart && invoice.periodEnd ? `<ram:BillingSpecifiedPeriod>${dateTime('ram:StartDateTime', invoice.periodStart)}${dateTime('ram:EndDateTime', invoice.periodEnd)}</ram:BillingSpecifiedPeriod>` : '';
  // The document never changes after issue: only a card invoice, issued once paid, shows the amount as prepaid.
  const prepaid = invoice.paymentMethod === 'card' ? invoice.totalInclVat : 0;
  const referenced = credited ? `<ram:InvoiceReferencedDocument>${text('ram:IssuerAssignedID', credited.number)}${dateTime('ram:FormattedIssueDateTime', credited.issueDate, 'qdt')}</ram:InvoiceReferencedDocument>` : '';

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">' +
    `<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>${text('ram:ID', FACTURX_PROFILE_URN)}</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>` +
    '<rsm:ExchangedDocument>' +
    text('ram:ID', invoice.number) +
    text('ram:TypeCode', typeCode) +
    dateTime('ram:IssueDateTime', invoice.issueDate) +
    notes.map((note) => `<ram:IncludedNote>${text('ram:Content', note.content)}${text('ram:SubjectCode', note.code)}</ram:IncludedNote>`).join('') +
    '</rsm:ExchangedDocument>' +
    '<rsm:SupplyChainTradeTransaction>' +
    lines +
    '<ram:ApplicableHeaderTradeAgreement>' +
    party('ram:SellerTradeParty', invoice.seller) +
    party('ram:BuyerTradeParty', invoice.buyer) +
    '</ram:ApplicableHeaderTradeAgreement>' +
    // The service's date (BT-72): an empty delivery element is refused (PEPPOL-EN16931-R008).
    `<ram:ApplicableHeaderTradeDelivery><ram:ActualDeliverySupplyChainEvent>${dateTime('ram:OccurrenceDateTime', invoice.periodStart ?? invoice.issueDate)}</ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>` +
    '<ram:ApplicableHeaderTradeSettlement>' +
    text('ram:PaymentReference', invoice.paymentReference) +
    text('ram:InvoiceCurrencyCode', invoice.currency) +
    means +
    taxes +
    period +
    `<ram:SpecifiedTradePaymentTerms>${text('ram:Description', `Paiement à réception, au plus tard le ${invoice.dueDate.split('-').reverse().join('/')}.`)}${dateTime('ram:DueDateDateTime', invoice.dueDate)}</ram:SpecifiedTradePaymentTerms>` +
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    text('ram:LineTotalAmount', decimal(invoice.totalExclVat)) +
    text('ram:TaxBasisTotalAmount', decimal(invoice.totalExclVat)) +
    text('ram:TaxTotalAmount', decimal(invoice.totalVat), ` currencyID="${invoice.currency}"`) +
    text('ram:GrandTotalAmount', decimal(invoice.totalInclVat)) +
    text('ram:TotalPrepaidAmount', decimal(prepaid)) +
    text('ram:DuePayableAmount', decimal(invoice.totalInclVat - prepaid)) +
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    referenced +
    '</ram:ApplicableHeaderTradeSettlement>' +
    '</rsm:SupplyChainTradeTransaction>' +
    '</rsm:CrossIndustryInvoice>\n'
  );
}

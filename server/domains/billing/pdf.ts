import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceWithLines } from './invoices';
import { facturxXml, FACTURX_CONFORMANCE, LATE_PENALTY_TEXT, NO_DISCOUNT_TEXT, RECOVERY_INDEMNITY_TEXT, vatBreakdown } from './facturx';
import { bankDetails } from './seller';

// Liberation Sans (SIL OFL), shipped with pdfjs-dist: PDF/A wants every font embedded.
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');
const FONT_BOLD = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf');

// The product's mark (public/favicon.svg): a blue rounded square with a white S.
const LOGO_S =
  'M10 21.5c1.6 1.3 3.6 2 5.9 2 3.3 0 5.6-1.6 5.6-4.2 0-2.4-1.7-3.4-4.8-4.1l-1.6-.4c-1.6-.4-2.3-.9-2.3-1.8 0-1.1 1-1.8 2.6-1.8 1.5 0 2.9.5 4 1.4l1.5-2.2a8.6 8.6 0 0 0-5.4-1.8c-3.2 0-5.4 1.7-5.4 4.3 0 2.4 1.7 3.5 4.6 4.1l1.6.4c1.7.4 2.4.9 2.4 1.9 0 1.1-1.1 1.8-2.8 1.8-1.8 0-3.3-.6-4.6-1.7L10 21.5Z';
const BLUE = '#1d4ed8';
const GREY = '#52525b';
const LINE = '#d4d4d8';

/**
 * Euros in French: "1 490,00 €". Intl puts U+202F between thousands, which Liberation Sans lacks:
 * it becomes a no-break space (U+00A0).
 */
export const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202f\u00a0]/g, '\u00a0');
const frDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const percent = (basisPoints: number) => `${String(basisPoints / 100).replace('.', ',')}\u00a0%`;
const xmp = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Factur-X extension schema and fields of the XMP (Factur-X 1.0x, §6.2.2). */
function facturxXmp() {
  return `
    <rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
      <fx:DocumentType>INVOICE</fx:DocumentType>
      <fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${FACTURX_CONFORMANCE}</fx:ConformanceLevel>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentFileName</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The name of the embedded XML document</pdfaProperty:description></rdf:li>
                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>DocumentType</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The type of the hybrid document in capital letters, e.g. INVOICE or ORDER</pdfaProperty:description></rdf:li>
                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>Version</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The actual version of the standard applying to the embedded XML document</pdfaProperty:description></rdf:li>
                <rdf:li rdf:parseType="Resource"><pdfaProperty:name>ConformanceLevel</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>The conformance level of the embedded XML document</pdfaProperty:description></rdf:li>
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>`;
}

/**
 * The invoice as a PDF/A-3b that carries its CII XML (factur-x.xml, relationship Alternative):
 * logo, seller and buyer, the lines table, VAT per rate, totals, payment and the legal mentions,
 * page numbers. Deterministic for one invoice (dates from the invoice, not the clock).
 */
export async function invoicePdf(invoice: InvoiceWithLines, credited?: { number: string; issueDate: string } | null): Promise<{ pdf: Buffer; xml: string }> {
  const xml = facturxXml(invoice, credited);
  const issued = new Date(`${invoice.issueDate}T12:00:00Z`);
  const title = `${invoice.kind === 'credit_note' ? 'Avoir' : 'Facture'} ${invoice.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 56, left: 48, right: 48 },
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: xmp(title), Author: xmp(invoice.seller.legalName), Subject: xmp(title), Creator: 'Soumissio', Producer: 'Soumissio', CreationDate: issued, ModDate: issued },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // Header: the logo and the seller on the left, the document's title and dates on the right.
  doc.save().translate(left, 44).scale(1.4).roundedRect(0, 0, 32, 32, 7).fill(BLUE).path(LOGO_S).fill('#ffffff').restore();
  doc.font('bold').fontSize(16).fillColor('#18181b').text(invoice.seller.legalName, left + 56, 50);
  doc.font('regular').fontSize(8.5).fillColor(GREY).text('Veille et réponse aux appels d’offres publics', left + 56, 70);
  doc.font('bold').fontSize(20).fillColor(BLUE).text(invoice.kind === 'credit_note' ? 'AVOIR' : 'FACTURE', left, 46, { width, align: 'right' });
  doc.font('regular').fontSize(9).fillColor('#18181b');
  doc.text(`N° ${invoice.number}`, left, 72, { width, align: 'right' });
  doc.text(`Date d’émission : ${frDate(invoice.issueDate)}`, { width, align: 'right' });
  if (invoice.periodStart && invoice.periodEnd) doc.text(`Période : du ${frDate(invoice.periodStart)} au ${frDate(invoice.periodEnd)}`, { width, align: 'right' });
  doc.text(`Échéance : ${frDate(invoice.dueDate)}`, { width, align: 'right' });
  if (credited) doc.text(`Annule la facture n° ${credited.number} du ${frDate(credited.issueDate)}`, { width, align: 'right' });
  if (invoice.kind === 'credit_note' && invoice.note) doc.text(`Motif : ${invoice.note}`, { width, align: 'right' });

  // The parties.
  const partiesTop = 140;
  const party = (label: string, who: InvoiceWithLines['seller'], x: number) => {
    doc.font('bold').fontSize(8).fillColor(GREY).text(label.toUpperCase(), x, partiesTop, { width: width / 2 - 12 });
    doc.moveDown(0.3).font('bold').fontSize(10).fillColor('#18181b').text(who.legalName, { width: width / 2 - 12 });
    doc.font('regular').fontSize(9);
    if (who.legalForm || who.capital) doc.text([who.legalForm, who.capital ? `au capital de ${who.capital}` : ''].filter(Boolean).join(' '), { width: width / 2 - 12 });
    if (who.address) doc.text(who.address, { width: width / 2 - 12 });
    doc.text(`${who.postalCode} ${who.city}`.trim() + (who.country && who.country !== 'FR' ? `, ${who.country}` : ''), { width: width / 2 - 12 });
    if (who.siret) doc.text(`SIREN ${who.siret.slice(0, 9)} — SIRET ${who.siret}`, { width: width / 2 - 12 });
    if (who.rcs) doc.text(who.rcs, { width: width / 2 - 12 });
    doc.text(who.vatNumber ? `N° TVA intracommunautaire : ${who.vatNumber}` : 'N° TVA intracommunautaire : —', { width: width / 2 - 12 });
    return doc.y;
  };
  const bottom = Math.max(party('Émetteur', invoice.seller, left), party('Client', invoice.buyer, left + width / 2 + 12));

  // The lines.
  const columns = [
    { label: 'Désignation', x: left, w: width * 0.46, align: 'left' as const },
    { label: 'Qté', x: left + width * 0.46, w: width * 0.08, align: 'right' as const },
    { label: 'P.U. HT', x: left + width * 0.54, w: width * 0.16, align: 'right' as const },
    { label: 'TVA', x: left + width * 0.7, w: width * 0.1, align: 'right' as const },
    { label: 'Total HT', x: left + width * 0.8, w: width * 0.2, align: 'right' as const },
  ];
  let y = bottom + 24;
  const header = () => {
    doc.rect(left, y, width, 20).fill('#eef2ff');
    doc.font('bold').fontSize(8.5).fillColor('#18181b');
    columns.forEach((c) => doc.text(c.label, c.x + 6, y + 6, { width: c.w - 12, align: c.align }));
    y += 20;
  };
  header();
  doc.font('regular').fontSize(9);
  for (const line of invoice.lines) {
    const cells = [line.description, String(line.quantity), euros(line.unitPrice), percent(line.vatRate), euros(line.totalExclVat)];
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.w - 12 }))) + 12;
    if (y + height > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      y = doc.page.margins.top;
      header();
      doc.font('regular').fontSize(9);
    }
    cells.forEach((cell, i) => doc.fillColor('#18181b').text(cell, columns[i]!.x + 6, y + 6, { width: columns[i]!.w - 12, align: columns[i]!.align }));
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(LINE).stroke();
  }

  // Totals, VAT per rate.
  const totals: [string, string, boolean][] = [['Total HT', euros(invoice.totalExclVat), false]];
  for (const tax of vatBreakdown(invoice)) totals.push([`TVA ${percent(tax.vatRate)} sur ${euros(tax.basis)}`, euros(tax.vat), false]);
  totals.push(['Total TVA', euros(invoice.totalVat), false]);
  totals.push(['Total TTC', euros(invoice.totalInclVat), true]);
  if (invoice.paymentMethod === 'card') totals.push(['Déjà réglé', euros(invoice.totalInclVat), false]);
  totals.push([invoice.kind === 'credit_note' ? 'Montant remboursé' : 'Net à payer', euros(invoice.paymentMethod === 'card' ? 0 : invoice.totalInclVat), true]);
  if (y + totals.length * 16 + 200 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  y += 12;
  const labelX = left + width * 0.5;
  for (const [label, amount, strong] of totals) {
    if (strong) doc.rect(labelX, y - 3, width * 0.5, 18).fill('#eef2ff');
    doc.font(strong ? 'bold' : 'regular').fontSize(9.5).fillColor('#18181b');
    doc.text(label, labelX + 6, y + 1, { width: width * 0.3 - 6 });
    doc.text(amount, labelX + width * 0.3, y + 1, { width: width * 0.2 - 6, align: 'right' });
    y += 18;
  }

  // Payment and the mentions the law asks for.
  y += 16;
  doc.font('bold').fontSize(9.5).fillColor('#18181b').text('Règlement', left, y);
  doc.font('regular').fontSize(9);
  if (invoice.kind === 'credit_note') {
    doc.text('Montant remboursé ou imputé sur la prochaine facture.');
  } else if (invoice.paymentMethod === 'transfer') {
    const bank = bankDetails();
    doc.text(`Par virement avant le ${frDate(invoice.dueDate)}, en indiquant la référence : ${invoice.paymentReference}`);
    doc.text(`Titulaire : ${bank.holder} — IBAN : ${bank.iban} — BIC : ${bank.bic}`);
  } else {
    doc.text(`Réglée par carte bancaire le ${frDate(invoice.issueDate)}.`);
  }
  doc.moveDown(0.8).fontSize(8).fillColor(GREY);
  doc.text('Catégorie de l’opération : prestation de services. TVA acquittée sur les débits.');
  doc.text(LATE_PENALTY_TEXT);
  doc.text(RECOVERY_INDEMNITY_TEXT);
  doc.text(NO_DISCOUNT_TEXT);
  doc.text('Ce document est une facture électronique Factur-X (profil EN 16931) : ses données structurées sont jointes au PDF (factur-x.xml).');

  // Page numbers and the seller's line on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would open a new page: the footer lifts it for its lines.
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - 40;
    const s = invoice.seller;
    doc.font('regular').fontSize(7.5).fillColor(GREY);
    doc.text(`${s.legalName}${s.legalForm ? `, ${s.legalForm}` : ''}${s.capital ? ` au capital de ${s.capital}` : ''} — ${s.address}, ${s.postalCode} ${s.city} — SIRET ${s.siret} — ${s.rcs ?? ''} — TVA ${s.vatNumber}`, left, footerY, {
      width: width - 70,
      lineBreak: true,
      height: 24,
    });
    doc.text(`Page ${i - range.start + 1} / ${range.count}`, right - 70, footerY, { width: 70, align: 'right', lineBreak: false });
  }

  // AFRelationship /Alternative, listed in the catalog's /AF (pdfkit 0.20; its type definitions lag).
  const attachment = { name: 'factur-x.xml', type: 'text/xml', relationship: 'Alternative', description: 'Factur-X', creationDate: issued, modifiedDate: issued };
  doc.file(Buffer.from(xml, 'utf8'), attachment);
  doc.appendXML(facturxXmp());
  doc.end();
  await done;
  return { pdf: Buffer.concat(chunks), xml };
}

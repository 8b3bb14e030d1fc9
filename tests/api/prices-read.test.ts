// readPriceFile (server/analysis/prices) on the real price files of the fixtures, labelled by hand
// from the files opened with SheetJS (cells, merges, formulas) and the PDFs' text, and on a
// synthetic 2,000-line DPGF for the reading time.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { headerRole, readPriceFile } from '../../server/analysis/prices/read-prices';
import { priceFileKind } from '../../server/analysis/prices/kind';
import type { PriceFileRead } from '../../server/analysis/prices/types';

const dce = (set: string, file: string) => join(__dirname, '../fixtures/dce', set, file);
const read = async (set: string, file: string) => (await readPriceFile(await readFile(dce(set, file)), file))!;
const line = (file: PriceFileRead, id: string) => file.sheets.flatMap((s) => s.lines).find((l) => l.id === id)!;

describe('readPriceFile: Bourget BPU (XLSX)', async () => {
  const file = await read('bourget-infogerance-2025', '1b_BPU_DQE.xlsx');

  it('reads the 38 priced lines of the catalogue sheet, their code, designation, unit of work and empty price cell in "Prix unitaire HT (€)"', () => {
    expect(file).toMatchObject({ kind: 'BPU', format: 'xlsx' });
    // The sheets defining the units and the billing rules hold no price table.
    expect(file.sheets.map((s) => s.name)).toEqual(['BPU Catalogue']);
    const [sheet] = file.sheets;
    expect(sheet!.lines).toHaveLength(38);
    expect(sheet!.totals).toEqual([]);
    expect(sheet!.lines[0]).toMatchObject({
      id: '0:2', ref: 'A.1', label: "Journée d'expertise N3 Systèmes/VDI/Infra", unit: 'Jour', quantity: null, unitPrice: null, total: null, row: 2,
      cells: { ref: 'A2', label: 'B2', unit: 'F2', unitPrice: 'P2' },
    });
    expect(line(file, '0:4')).toMatchObject({ ref: 'A.3', label: 'Intervention sur site N2/N3', unit: 'Demi-journée' });
    expect(line(file, '0:39')).toMatchObject({ ref: 'K.5', unit: 'Palier-mois', cells: { unitPrice: 'P39' } });
    expect(sheet!.lines.every((l) => /^P\d+$/.test(l.cells.unitPrice) && !l.optional)).toBe(true);
  });
});

describe('readPriceFile: Grenoble INP cadre de réponse financier (XLSX)', async () => {
  const file = await read('grenoble-inp_2026FCSSA0025', 'CRF_2026FCSSA0025.xlsx');
  const [sheet] = file.sheets;

  it('takes the price the candidate fills ("Prix HT (à renseigner)", D), not the unit price the sheet computes from it (G = D/50)', () => {
    expect(file).toMatchObject({ kind: 'CRF', format: 'xlsx' });
    expect(sheet!.name).toBe('CRF ');
    expect(sheet!.lines).toHaveLength(28);
    expect(line(file, '0:19')).toMatchObject({ ref: 'Offre de base', unit: 'Forfait', quantity: null, cells: { unitPrice: 'D19', label: 'B19' } });
    expect(line(file, '0:19').label).toMatch(/^Fourniture, installation, mise en service/);
    // A26:A27 merged: the second plate line belongs to PSE 4.
    expect(line(file, '0:27')).toMatchObject({ ref: 'PSE 4', cells: { unitPrice: 'D27' } });
    expect(line(file, '0:27').label).toMatch(/^Fourniture de 10 plaques cuivre FR4 16\/10 simple face/);
    expect(sheet!.lines.map((l) => l.ref).slice(-2)).toEqual(['PSE 10e', 'PSE 10f']);
    expect(sheet!.lines.every((l) => l.cells.unitPrice.startsWith('D'))).toBe(true);
  });

  it('marks the PSE optional, the base offer not; the recapitulation rows are no lines', () => {
    expect(line(file, '0:19').optional).toBeUndefined();
    expect(sheet!.lines.filter((l) => l.optional)).toHaveLength(27);
    expect(sheet!.lines.some((l) => l.row >= 65)).toBe(false);
  });

  it('reads the sub-totals and the base offer total with their formulas', () => {
    expect(sheet!.totals.map((t) => [t.kind, t.cell])).toEqual([
      ['subtotal', 'D28'], ['subtotal', 'D32'], ['subtotal', 'D44'], ['subtotal', 'D55'], ['subtotal', 'D59'], ['subtotal', 'D63'], ['excl_vat', 'D81'],
    ]);
    expect(sheet!.totals[0]).toMatchObject({ label: 'Sous-total PSE 4 – Plaques de cuivre', formula: 'IF(SUM(D26:D27)=0,"",D26+D27)', value: null, row: 28 });
    expect(sheet!.totals[6]).toMatchObject({ label: 'TOTAL OFFRE DE BASE – Critère Prix (40 %)', formula: 'IF(D19="","",D19)' });
  });
});

describe('readPriceFile: France Travail BPU (XLSX)', async () => {
  const file = await read('france-travail_010.26_bornes-irve', '010.26 - Bornes électriques- BPU VF.xlsx');

  it('reads the 86 lines under the header of row 13, the price in "Prix HT" (H), never the TTC column the sheet computes', () => {
    expect(file).toMatchObject({ kind: 'BPU', format: 'xlsx' });
    const [sheet] = file.sheets;
    expect(sheet!.lines).toHaveLength(86);
    expect(sheet!.lines[0]).toMatchObject({ id: '0:14', ref: 'UO1.1', label: 'Borne 7 kw - 1 point de charge - sur pied', unit: 'Prix unitaire', cells: { unitPrice: 'H14', ref: 'C14', label: 'D14', unit: 'F14' } });
    expect(line(file, '0:44')).toMatchObject({ ref: 'UO4.1', unit: 'Mètre linéaire' });
    expect(line(file, '0:99')).toMatchObject({ ref: '', label: 'Coefficient de revente sur prix catalogue (en %)', unit: '%' });
    expect(sheet!.lines.every((l) => l.cells.unitPrice === `H${l.row}`)).toBe(true);
    // The legend of the indices below the table is no line.
    expect(sheet!.lines.some((l) => l.row > 99)).toBe(false);
  });
});

describe('readPriceFile: Vigicrues BPU and DPF (ODT tables, not writable)', async () => {
  it('reads the BPU\'s two tables, their header on two rows ("Prix" over "H.T." and "T.T.C.")', async () => {
    const file = await read('vigicrues-aquareel-tma-2025', 'BPU_Aquareel_2025_vd.odt');
    expect(file).toMatchObject({ kind: 'BPU', format: 'docx' });
    expect(file.sheets.map((s) => [s.name, s.lines.map((l) => l.label)])).toEqual([
      ['Tableau1', ["Audit d'une instance Aquareel", "Audit du fonctionnement d'ensemble (haute disponibilité) Aquareel", "Installation du fonctionnement d'ensemble Aquareel"]],
      // The "*" row is for a quality the candidate adds: no designation to price.
      ['Tableau3', ['Chef de projet', 'Développeur']],
    ]);
    expect(file.sheets[0]!.lines[0]).toMatchObject({ id: '0:3', row: 3, unit: '', quantity: null, unitPrice: null, cells: { label: 'T1R3C1', unitPrice: 'T1R3C2' } });
  });

  it('reads the DPF as a DPGF: a phase, the annual support and the reversibility', async () => {
    const file = await read('vigicrues-aquareel-tma-2025', 'DPF_Aquareel_2025_vd.odt');
    expect(file.kind).toBe('DPGF');
    expect(file.sheets.flatMap((s) => s.lines.map((l) => l.label))).toEqual(['Phase n°1 : initialisation Aquareel', 'Forfait annuel de support (15 jours)', 'Réversibilité / Transférabilité']);
  });
});

describe('readPriceFile: Cuzieu CCTP-DPGF (PDF)', async () => {
  it('reads each article with its "Quantité totale", the option apart, and the lot\'s totals', async () => {
    const file = await read('cuzieu-ecole-2015', 'Lot-02-Menuiserie-Interieure.pdf');
    expect(file).toMatchObject({ kind: 'DPGF', format: 'pdf' });
    const lines = file.sheets[0]!.lines;
    expect(lines.map((l) => [l.ref, l.unit, l.quantity])).toEqual([
      ['3.2', 'U', 1], ['3.4.1', 'U', 1], ['3.5', 'U', 1], ['3.6', 'ML', 10.5], ['3.7', 'ML', 27], ['4.1', 'ENS', 1],
    ]);
    expect(lines[0]!.label).toBe('Dépose et évacuation de porte - huisserie conservée');
    expect(lines[3]!.label).toBe("Tablette médium stratifié sur appui d'ouverture-Largeur 0.20 m env");
    // "Option 1 : Plan de travail … ne pas totaliser".
    expect(lines.map((l) => Boolean(l.optional))).toEqual([false, false, false, false, false, true]);
    expect(file.sheets[0]!.totals.map((t) => [t.label, t.kind])).toEqual([
      ['Total H.T.', 'subtotal'], ['Total H.T.', 'subtotal'], ['Total H.T.', 'excl_vat'], ['Total T.V.A. (20%)', 'vat'], ['Total T.T.C.', 'incl_vat'],
    ]);
  });

  it('reads the 20 articles of lot 1 and the 19 of lot 3', async () => {
    expect((await read('cuzieu-ecole-2015', 'Lot-01-Charpente-Couverture-Menuiserie-Alu.pdf')).sheets[0]!.lines).toHaveLength(20);
    const lot3 = (await read('cuzieu-ecole-2015', 'Lot-03-Platrerie-Peinture-Plafond.pdf')).sheets[0]!.lines;
    expect(lot3).toHaveLength(19);
    expect(lot3.find((l) => l.ref === '4.4')).toMatchObject({ unit: 'M2', quantity: 174 });
  });
});

describe('readPriceFile: a DQE table in a DOCX', () => {
  const cell = (text: string, props = '') => `<w:tc><w:tcPr>${props}</w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  const row = (...cells: string[]) => `<w:tr>${cells.join('')}</w:tr>`;
  const document = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
    <w:p><w:r><w:t>Détail quantitatif </w:t></w:r><w:r><w:t>estimatif</w:t></w:r></w:p>
    <w:tbl>
      ${row(cell('N°'), cell('Désignation'), cell('U'), cell('Qté'), cell('Prix', '<w:gridSpan w:val="2"/>'))}
      ${row(cell(''), cell(''), cell(''), cell(''), cell('unitaire HT'), cell('total HT'))}
      ${row(cell('1'), cell('Lot unique : fournitures', '<w:gridSpan w:val="5"/>'))}
      ${row(cell('1.1'), cell('Câble U1000 R2V 3G2,5'), cell('ml'), cell('250'), cell(''), cell(''))}
      ${row(cell('1.2'), cell('Prise 2P+T encastrée'), cell('u'), cell('1 200,5'), cell('3,20'), cell(''))}
      ${row(cell('Total HT', '<w:gridSpan w:val="5"/>'), cell(''))}
    </w:tbl></w:body></w:document>`;

  it('reads its lines with synthetic cells, its header on two rows under a spanned "Prix"', async () => {
    const docx = Buffer.from(zipSync({ 'word/document.xml': strToU8(document) }));
    const file = (await readPriceFile(docx, 'annexe 3.docx'))!;
    expect(file).toMatchObject({ kind: 'DQE', format: 'docx' });
    expect(file.sheets[0]!.lines).toEqual([
      expect.objectContaining({ id: '0:4', ref: '1.1', label: 'Câble U1000 R2V 3G2,5', unit: 'ml', quantity: 250, unitPrice: null, cells: expect.objectContaining({ unitPrice: 'T1R4C5', total: 'T1R4C6' }) }),
      expect.objectContaining({ id: '0:5', ref: '1.2', quantity: 1200.5, unitPrice: 3.2 }),
    ]);
    expect(file.sheets[0]!.totals).toMatchObject([{ label: 'Total HT', kind: 'excl_vat', cell: 'T1R6C6', row: 6 }]);
  });
});

describe('the vocabulary', () => {
  it('names the columns of a price table', () => {
    expect(['N°', 'Réf.', 'Désignation des ouvrages', 'U', 'Qté', 'P.U. HT', 'Prix unitaire HT (€)', 'Montant HT', 'Prix total HT', 'Prix TTC', 'Taux de TVA'].map(headerRole)).toEqual([
      'ref', 'ref', 'label', 'unit', 'quantity', 'unitPrice', 'unitPrice', 'total', 'total', 'ttc', 'vat',
    ]);
  });

  it('tells the kind from the file\'s words, then its columns', () => {
    expect(priceFileKind('DPGF lot 3 platrerie', true, true)).toBe('DPGF');
    expect(priceFileKind('Détail quantitatif estimatif', true, true)).toBe('DQE');
    expect(priceFileKind('1b_BPU_DQE.xlsx', false, false)).toBe('BPU');
    expect(priceFileKind('1b_BPU_DQE.xlsx', true, true)).toBe('DQE');
    expect(priceFileKind('Cadre de réponse financier', false, false)).toBe('CRF');
    expect(priceFileKind('annexe 2.xlsx', true, true)).toBe('DQE');
    expect(priceFileKind('annexe 2.xlsx', false, false)).toBe('OTHER');
  });
});

describe('reading time', () => {
  it('reads a 2,000-line DPGF well under 2 s', async () => {
    const rows: (string | number | { f: string } | null)[][] = [['DÉCOMPOSITION DU PRIX GLOBAL ET FORFAITAIRE'], [], ['N°', 'Désignation des ouvrages', 'U', 'Qté', 'PU HT', 'Montant HT']];
    for (let chapter = 1; chapter <= 20; chapter++) {
      rows.push([`${chapter}`, `CHAPITRE ${chapter}`]);
      for (let k = 1; k <= 100; k++) {
        const r = rows.length + 1;
        rows.push([`${chapter}.${k}`, `Ouvrage ${chapter}.${k} fourni et posé`, 'm²', k, null, { f: `D${r}*E${r}` }]);
      }
    }
    rows.push([null, 'Total HT', null, null, null, { f: `SUM(F4:F${rows.length})` }]);
    const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r.map((v) => (v && typeof v === 'object' ? null : v))));
    rows.forEach((r, i) => r.forEach((v, c) => v && typeof v === 'object' && (sheet[XLSX.utils.encode_cell({ r: i, c })] = { t: 'n', v: 0, f: v.f })));
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'DPGF');
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const started = performance.now();
    const file = (await readPriceFile(data, 'DPGF lot 1.xlsx'))!;
    const elapsed = performance.now() - started;
    console.info(`read a 2,000-line DPGF in ${elapsed.toFixed(0)} ms`);
    expect(file.kind).toBe('DPGF');
    expect(file.sheets[0]!.lines).toHaveLength(2000);
    expect(file.sheets[0]!.lines[0]).toMatchObject({ ref: '1.1', quantity: 1, totalFormula: 'D5*E5', cells: { unitPrice: 'E5', total: 'F5' } });
    expect(file.sheets[0]!.totals).toMatchObject([{ label: 'Total HT', kind: 'excl_vat', formula: 'SUM(F4:F2023)' }]);
    expect(elapsed).toBeLessThan(1000);
  });
});

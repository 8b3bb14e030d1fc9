import type { PriceFile, PriceFileCheck, PriceFileImport } from './price-grid.machine';

// A works tender's price files as the server gives them: a BPU+DQE workbook the company fills
// (XLSX, writable), and a DPGF read from a PDF table (read only).
export const priceTenderId = '3f2a9c10-7b4d-4e8a-9c21-5d6e7f8a9b0c';

export const bpuFile: PriceFile = {
  _id: 'a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b',
  documentId: 'd0c00001-1111-4222-8333-944445555666',
  entry: null,
  fileName: 'BPU-DQE lot 2 menuiseries.xlsx',
  kind: 'DQE',
  format: 'xlsx',
  writable: true,
  version: 4,
  updatedAt: '2026-11-27T09:00:00.000Z',
  sheets: [
    {
      name: 'DQE',
      lines: [
        {
          _id: 'DQE!8',
          ref: '2.1',
          label: 'Fourniture et pose de fenêtre PVC 2 vantaux 125 × 135',
          unit: 'U',
          quantity: 24,
          unitPrice: null,
          total: null,
          row: 8,
          suggestion: { unitPrice: 12.5, fileName: 'BPU 2025.xlsx', exportedAt: '2026-03-02T10:00:00.000Z' },
        },
        { _id: 'DQE!9', ref: '2.2', label: 'Dépose de menuiserie existante y compris évacuation', unit: 'U', quantity: 24, unitPrice: 85, total: 2040, row: 9, suggestion: null },
        { _id: 'DQE!10', ref: '2.3', label: "Habillage d'appui en aluminium laqué", unit: 'ml', quantity: 30.5, unitPrice: 42, total: 1281, row: 10, suggestion: null },
        { _id: 'DQE!11', ref: '2.4', label: 'Joint de calfeutrement extérieur', unit: 'ml', quantity: 120, unitPrice: null, total: null, row: 11, suggestion: null },
      ],
      totals: [
        { label: 'Total HT', value: 3321 },
        { label: 'TVA 20 %', value: 664.2 },
        { label: 'Total TTC', value: 3985.2 },
      ],
    },
  ],
};

export const dpgfFile: PriceFile = {
  _id: 'a1b2c3d4-0002-4e5f-8a9b-0c1d2e3f4a5b',
  documentId: 'd0c00002-1111-4222-8333-944445555666',
  entry: null,
  fileName: 'CCTP-DPGF lot 3.pdf',
  kind: 'DPGF',
  format: 'pdf',
  writable: false,
  version: 1,
  updatedAt: '2026-11-27T09:00:00.000Z',
  sheets: [
    {
      name: 'DPGF',
      lines: [
        { _id: 'p1-3', ref: '3.1', label: 'Cloison de distribution 72/48', unit: 'm²', quantity: 10.5, unitPrice: null, total: null, row: 3, suggestion: null },
        { _id: 'p1-4', ref: '3.2', label: 'Doublage collé 10+80', unit: 'm²', quantity: 48, unitPrice: 31.2, total: 1497.6, row: 4, suggestion: null },
      ],
      totals: [{ label: 'Total HT', value: 1497.6 }],
    },
  ],
};

export const priceFiles = [bpuFile, dpgfFile];

export const bpuCheck: PriceFileCheck = {
  issues: [
    { sheet: 'DQE', row: 8, lineId: 'DQE!8', kind: 'blank', cell: 'E8', field: 'unitPrice', msg: 'Ligne 8 : prix unitaire non renseigné (Fourniture et pose de fenêtre PVC 2 vantaux 125 × 135).' },
    { sheet: 'DQE', row: 11, lineId: 'DQE!11', kind: 'blank', cell: 'E11', field: 'unitPrice', msg: 'Ligne 11 : prix unitaire non renseigné (Joint de calfeutrement extérieur).' },
    { sheet: 'DQE', row: 14, lineId: null, kind: 'ae_mismatch', cell: 'F14', field: null, msg: "Le total HT du bordereau (3 321,00 €) diffère du montant porté à l'acte d'engagement (3 500,00 €)." },
  ],
  totalExclVat: 3321,
  totalInclVat: 3985.2,
};

export const cleanCheck: PriceFileCheck = { issues: [], totalExclVat: 4200, totalInclVat: 5040 };

/** The same file saved by a colleague meanwhile: their price for 2.2, a price for 2.4. */
export const bpuTheirs: PriceFile = {
  ...bpuFile,
  version: 6,
  updatedAt: '2026-11-27T09:04:00.000Z',
  sheets: bpuFile.sheets.map((sheet) => ({
    ...sheet,
    lines: sheet.lines.map((line) => (line._id === 'DQE!9' ? { ...line, unitPrice: 90, total: 2160 } : line._id === 'DQE!11' ? { ...line, unitPrice: 3.2, total: 384 } : line)),
  })),
};

export const bpuImport: PriceFileImport = {
  priceFile: {
    ...bpuFile,
    version: 5,
    sheets: bpuFile.sheets.map((sheet) => ({ ...sheet, lines: sheet.lines.map((line) => (line._id === 'DQE!8' ? { ...line, unitPrice: 310, total: 7440 } : line)) })),
  },
  taken: 3,
  changes: [
    { sheet: 'DQE', row: 11, lineId: 'DQE!11', kind: 'changed', cell: 'D11', field: 'quantity', msg: 'Ligne 11 : quantité modifiée (120 → 100) ; prix non repris.' },
    { sheet: 'DQE', row: 15, lineId: null, kind: 'changed', cell: 'A15', field: null, msg: 'Ligne 15 : ligne ajoutée (« Option volets roulants ») ; prix non repris.' },
  ],
};

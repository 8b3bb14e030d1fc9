// A buyer's price file (BPU, DQE, DPGF, cadre de réponse financier) read into priced lines tied to
// the cells they come from, so that the company's prices can be written back into the buyer's own
// workbook, only in the price cells (issue 25).

export type PriceFileKind = 'BPU' | 'DQE' | 'DPGF' | 'CRF' | 'OTHER';

/** A cell by its sheet-local A1 address ("E12"). */
export type CellRef = string;

export type PriceLine = {
  /** Stable within the file: the sheet's index and the line's row ("0:12"). */
  id: string;
  /** The buyer's reference ("1.2.3", "A-04"), '' when the line has none. */
  ref: string;
  label: string;
  unit: string;
  /** null on a BPU (unit prices only) or where the buyer gives none. */
  quantity: number | null;
  /** The candidate's price, null while blank. */
  unitPrice: number | null;
  /** The line's total as the file computes or holds it, null when it has no total cell. */
  total: number | null;
  /** 1-based row in its sheet. */
  row: number;
  cells: { ref?: CellRef; label: CellRef; unit?: CellRef; quantity?: CellRef; unitPrice: CellRef; total?: CellRef };
  /** The total cell's formula as the buyer wrote it ("D12*E12"), when it has one. */
  totalFormula?: string;
  /** A PSE (prestation supplémentaire éventuelle), option or variant: priced, but outside the base offer's total. */
  optional?: boolean;
};

export type PriceTotal = {
  /** The buyer's words ("Total HT", "TVA 20 %", "Total TTC"). */
  label: string;
  kind: 'excl_vat' | 'vat' | 'incl_vat' | 'subtotal';
  value: number | null;
  cell: CellRef;
  formula?: string;
  row: number;
};

export type PriceSheet = { name: string; lines: PriceLine[]; totals: PriceTotal[] };

export type PriceFileRead = { kind: PriceFileKind; format: 'xlsx' | 'ods' | 'docx' | 'pdf'; sheets: PriceSheet[] };

export type PriceIssueKind = 'blank' | 'arithmetic' | 'changed' | 'inconsistent' | 'ae_mismatch' | 'outlier';
export type PriceLineField = keyof PriceLine['cells'];
export type PriceIssue = { sheet: string; row: number; lineId: string | null; kind: PriceIssueKind; cell: CellRef | null; field: PriceLineField | null; /** A catalogue key, with its variables. */ key: string; vars: Record<string, string | number> };

import * as XLSX from '@e965/xlsx';
import { ExtractionError, MAX_PAGES } from './types';

const cellText = (cell: XLSX.CellObject | undefined) =>
  cell ? XLSX.utils.format_cell(cell).replace(/[\t\r\n]+/g, ' ').trim() : '';

/**
 * One page per sheet: its name, then each non-empty row as tab-separated formatted values.
 * Rows are read from the cells that exist (dense mode) rather than from the declared range,
 * which a file can set to a million rows by sixteen thousand columns.
 */
export function sheetPages(data: Buffer): string[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(data, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false, WTF: false });
  } catch (error) {
    throw new ExtractionError(/password|encrypt/i.test(String(error)) ? 'extraction-encrypted' : 'extraction-corrupt');
  }
  if (workbook.SheetNames.length > MAX_PAGES) throw new ExtractionError('extraction-too_many_pages');
  return workbook.SheetNames.map((name) => {
    const rows = workbook.Sheets[name]?.['!data'] ?? [];
    const lines = [name];
    for (const row of rows) {
      if (!row) continue;
      const cells = Array.from(row, cellText);
      while (cells.length > 0 && !cells[cells.length - 1]) cells.pop();
      if (cells.length > 0) lines.push(cells.join('\t'));
    }
    return lines.join('\n');
  });
}

// A price file's kind (BPU, DQE, DPGF, a financial response frame), read the same way from a
// workbook (read-prices.ts) and a PDF's tables (read-pdf-prices.ts).
import { squash } from '../dce/text';
import type { PriceFileKind } from './types';

/**
 * The file's kind from its own words (title, sheet names, file name), then its columns: the
 * acronyms and titles of the Code de la commande publique's price documents.
 */
export function priceFileKind(words: string, hasQuantities: boolean, hasTotals: boolean): PriceFileKind {
  const w = squash(words).replace(/[_.-]+/g, ' ');
  const said = new Set<PriceFileKind>();
  if (/\bd ?p ?g ?f\b|\bdpf\b|decomposition (du |des )?prix (global|forfaitaire)|prix globale? et forfaitaire/.test(w)) said.add('DPGF');
  if (/\bd ?q ?e\b|detail quantitatif|devis quantitatif|quantitatif estimatif/.test(w)) said.add('DQE');
  if (/\bb ?p ?u\b|bordereau (des |de )?prix/.test(w)) said.add('BPU');
  if (/cadre de reponse financi|\bcrf\b|cadre financier|annexe financiere|proposition financiere/.test(w)) said.add('CRF');
  if (said.size === 1) return [...said][0]!;
  if (said.has('DPGF')) return 'DPGF';
  if (said.has('DQE') && hasQuantities) return 'DQE';
  if (said.has('BPU')) return 'BPU';
  if (said.has('CRF')) return 'CRF';
  if (hasQuantities && hasTotals) return 'DQE';
  if (!hasQuantities && !hasTotals && !said.size) return 'OTHER';
  return hasQuantities ? 'DQE' : 'BPU';
}

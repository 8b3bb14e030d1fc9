// A price line's amount and a sheet's base-offer total, the same on the server (the check, the
// totals it answers) and in the price grid (the amounts shown as prices are typed) (issue 25).

type Kind = 'BPU' | 'DQE' | 'DPGF' | 'CRF' | 'OTHER';
export type PricedLine = { quantity: number | null; unitPrice: number | null; optional?: boolean };

const toCents = (value: number) => Math.round(value * 100);

/**
 * A line's amount to the cent: quantity × unit price; a lump sum without a quantity is its price;
 * a BPU's lines are rates and have none; nothing without a price.
 */
export function lineAmount(kind: Kind, line: PricedLine): number | null {
  if (line.unitPrice === null) return null;
  if (line.quantity !== null) return toCents(line.quantity * line.unitPrice) / 100;
  return kind === 'BPU' ? null : toCents(line.unitPrice) / 100;
}

/** The base offer's total: the amounts of its lines (options and PSE are priced apart), summed in cents; null when no line has one. */
export function baseTotal(kind: Kind, lines: readonly PricedLine[]): number | null {
  let cents = 0;
  let any = false;
  for (const line of lines) {
    const amount = line.optional ? null : lineAmount(kind, line);
    if (amount === null) continue;
    cents += toCents(amount);
    any = true;
  }
  return any ? cents / 100 : null;
}

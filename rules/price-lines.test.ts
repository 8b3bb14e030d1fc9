import { describe, expect, it } from 'vitest';
import { baseTotal, lineAmount } from './price-lines';

describe('price lines', () => {
  it('a line is quantity × unit price to the cent, a lump sum its price, a BPU rate nothing', () => {
    expect(lineAmount('DQE', { quantity: 3, unitPrice: 0.105 })).toBe(0.32);
    expect(lineAmount('CRF', { quantity: null, unitPrice: 12500.5 })).toBe(12500.5);
    expect(lineAmount('BPU', { quantity: null, unitPrice: 650 })).toBeNull();
    expect(lineAmount('DQE', { quantity: 4, unitPrice: null })).toBeNull();
  });

  it('the base offer sums its lines in cents, options and PSE apart', () => {
    expect(baseTotal('DQE', [{ quantity: 3, unitPrice: 0.1 }, { quantity: 30.5, unitPrice: 42 }, { quantity: 4, unitPrice: null }])).toBe(1281.3);
    expect(baseTotal('CRF', [{ quantity: null, unitPrice: 1000 }, { quantity: null, unitPrice: 300, optional: true }])).toBe(1000);
    expect(baseTotal('BPU', [{ quantity: null, unitPrice: 9 }])).toBeNull();
  });
});

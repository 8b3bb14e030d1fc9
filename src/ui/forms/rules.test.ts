import { describe, expect, it } from 'vitest';
import * as rules from './rules';

describe('form rules (same as the server)', () => {
  it('SIRET: 14 digits with a Luhn check, La Poste by digit sum', () => {
    expect(rules.isValidSiret('73282932000074')).toBe(true);
    expect(rules.isValidSiret('73282932000075')).toBe(false);
    expect(rules.isValidSiret('7328293200007')).toBe(false);
    expect(rules.isValidSiret('35600000000010')).toBe(true);
    expect(rules.isValidSiret('35600000000011')).toBe(false);
    expect(rules.siret('')).toBe('form-required');
    expect(rules.siret('12ab')).toBe('form-siret_format');
    expect(rules.siret('73282932000075')).toBe('form-siret_checksum');
  });

  it('passwords 10 to 128, postal codes, phones, websites, CPV codes', () => {
    expect(rules.password('x'.repeat(9))).toBe('form-password_length');
    expect(rules.password('x'.repeat(10))).toBeNull();
    expect(rules.password('x'.repeat(129))).toBe('form-password_length');
    expect(rules.confirmation('abc')('abd')).toBe('form-password_mismatch');
    expect(rules.postalCode('69002')).toBeNull();
    expect(rules.postalCode('6900')).toBe('form-postal_code_invalid');
    expect(rules.phone('')).toBeNull();
    expect(rules.phone('+33 4 72 00 00 00')).toBeNull();
    expect(rules.phone('call me')).toBe('form-phone_invalid');
    expect(rules.website('https://btp-lyon.fr')).toBeNull();
    expect(rules.website('btp-lyon.fr')).toBe('form-website_invalid');
    expect(rules.cpvCode('45000000-7')).toBeNull();
    expect(rules.cpvCode('4500000')).toBe('form-cpv_invalid');
    expect(rules.username(' a ')).toBe('form-username_length');
  });

  it('amounts: whole euros from 0, spaces allowed, empty means no bound, min not above max', () => {
    expect(rules.amount('')).toBeNull();
    expect(rules.amount('150 000')).toBeNull();
    expect(rules.amount('0')).toBeNull();
    expect(rules.amount('-5')).toBe('form-amount_invalid');
    expect(rules.amount('12,5')).toBe('form-amount_invalid');
    expect(rules.amount('100000000001')).toBe('form-amount_invalid');
    expect(rules.parseAmount('1 250 000')).toBe(1250000);
    expect(rules.parseAmount('')).toBeNull();
    expect(rules.amountMax('500000')('100000')).toBe('form-amount_range');
    expect(rules.amountMax('100000')('100000')).toBeNull();
    expect(rules.amountMax('')('100000')).toBeNull();
    expect(rules.amountMax('abc')('100000')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { estimatePassword, PASSWORD_MIN_SCORE } from './password-strength';

// The same verdicts as the server's rule (tests/api/passwords.test.ts): the meter never says
// "fine" to a password the server refuses, nor the reverse.
describe('the client’s password estimate', () => {
  it('scores the issue’s weak passwords below the threshold and the demo passwords above', () => {
    for (const weak of ['          ', 'aaaaaaaaaa', 'Password1!']) expect(estimatePassword(weak, [], 'fr').score, weak).toBeLessThan(PASSWORD_MIN_SCORE);
    for (const demo of ['Demo-Admin-2026', 'Demo-Manager-2026', 'Demo-Employee-2026']) expect(estimatePassword(demo, [], 'fr').score, demo).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
  });

  it('gives its advice in the interface language', () => {
    expect(estimatePassword('aaaaaaaaaa', [], 'en').advice[0]).toBe('Repeated characters like "aaa" are easy to guess.');
    expect(estimatePassword('aaaaaaaaaa', [], 'fr').advice[0]).toMatch(/^Les caractères répétés/);
  });

  it('takes the person’s email and name as easy to guess', () => {
    expect(estimatePassword('Delacroix1987!', [], 'fr').score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    expect(estimatePassword('Delacroix1987!', ['marguerite.delacroix@example.fr', 'Marguerite Delacroix'], 'fr').score).toBeLessThan(PASSWORD_MIN_SCORE);
  });
});

/** A made-up SIRET (14 digits, Luhn-valid) numbered `n`, so that tests never share one by chance. */
export function siretFor(n: number): string {
  const body = `4${String(n).padStart(12, '0')}`;
  for (let check = 0; check <= 9; check++) {
    const candidate = body + check;
    let sum = 0;
    for (let i = 0; i < 14; i++) {
      let d = Number(candidate[13 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

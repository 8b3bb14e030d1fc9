const frenchEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/**
 * Cents as French euros for an email's text: "1 788,00 €", a narrow no-break space (U+202F)
 * between thousands and a no-break space (U+00A0) before the sign, as Intl writes them, so that
 * an amount never wraps across lines. (The PDF swaps U+202F for U+00A0: its font lacks it.)
 */
export const emailEuros = (cents: number) => frenchEuros.format(cents / 100);

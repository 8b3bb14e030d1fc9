// Default names that never repeat among their siblings ("Mémoire technique — Lycée (2)"): the
// server and the client build them the same way, so the name a dialog offers is the one the server
// would give.

/** `base`, or `base (2)`, `base (3)`… the first one none of `taken` is (case and spaces aside). */
export function uniqueName(base: string, taken: readonly string[], max = 200): string {
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  const used = new Set(taken.map(key));
  const fit = (suffix: string) => (base.length + suffix.length <= max ? base : base.slice(0, max - suffix.length).trimEnd()) + suffix;
  if (!used.has(key(fit('')))) return fit('');
  for (let n = 2; ; n++) {
    const name = fit(` (${n})`);
    if (!used.has(key(name))) return name;
  }
}

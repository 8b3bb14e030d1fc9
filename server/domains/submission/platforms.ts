// The buyers' platforms (profils d'acheteur) and the size limits they publish (issue 26). A limit
// is written only where a source we can cite gives it; elsewhere it is null and the pre-flight
// says to check the platform's guide — a limit never guessed. The platform is recognised from the
// analysis's submissionPlatform fact (text as the RC writes it) or the notice's address.

export type Platform = {
  name: string;
  url: string;
  /** Words or host names that name it in an RC or a notice's address. */
  match: RegExp;
  maxFileBytes: number | null;
  maxTotalBytes: number | null;
  /** Where the limits are published (or why none is given). */
  source: string | null;
};

const GB = 1024 ** 3;

export const PLATFORMS: Platform[] = [
  {
    name: 'PLACE',
    url: 'https://www.marches-publics.gouv.fr',
    match: /marches-publics\.gouv\.fr|\bPLACE\b|plate-?forme des achats de l.[ÉE]tat/i,
    maxFileBytes: null,
    maxTotalBytes: GB,
    source: 'Pli limité à 1 Go par la plateforme (foire aux questions de PLACE), limite rappelée par TA Paris, 15 juillet 2025, n° 2515742',
  },
  { name: 'AWS-Achat', url: 'https://www.marches-publics.info', match: /marches-publics\.info|\bAWS[- ]?(achat|solutions)?\b/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'Maximilien', url: 'https://marches.maximilien.fr', match: /maximilien/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'marches-securises.fr', url: 'https://www.marches-securises.fr', match: /marches-securises/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'achatpublic.com', url: 'https://www.achatpublic.com', match: /achatpublic/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'e-marchespublics.com', url: 'https://www.e-marchespublics.com', match: /e-marchespublics/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  // Regional and local platforms run on Atexo's LOCAL TRUST MPE, as PLACE is.
  { name: 'Mégalis Bretagne', url: 'https://marches.megalis.bretagne.bzh', match: /megalis/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'Alsace Marchés Publics', url: 'https://plateforme.alsacemarchespublics.eu', match: /alsacemarchespublics/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'Marchés publics Auvergne-Rhône-Alpes', url: 'https://marchespublics.auvergnerhonealpes.eu', match: /marchespublics\.auvergnerhonealpes|auvergne-rh[oô]ne-alpes.{0,20}march[ée]s publics/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'Territoires numériques BFC', url: 'https://marches.e-bourgogne.fr', match: /e-bourgogne|ternum/i, maxFileBytes: null, maxTotalBytes: null, source: null },
  { name: 'Marchés publics Pays de la Loire', url: 'https://marchespublics.paysdelaloire.fr', match: /marchespublics\.paysdelaloire/i, maxFileBytes: null, maxTotalBytes: null, source: null },
];

/** The platform named by the RC's words or the notice's address, or null. */
export function platformOf(...texts: (string | null | undefined)[]): Platform | null {
  for (const text of texts) {
    if (!text) continue;
    const found = PLATFORMS.find((platform) => platform.match.test(text));
    if (found) return found;
  }
  return null;
}

/** Seconds to upload `bytes` at `mbps` megabits a second. */
export const uploadSeconds = (bytes: number, mbps: number) => (bytes * 8) / (mbps * 1_000_000);

/**
 * When to start uploading at the latest: the deadline less twice the upload time at the stated
 * speed (connections rarely hold their nominal rate; the platform encrypts and checks each file),
 * and never less than an hour's margin (CE, 13 Nov 2025, n° 506640: a late deposit is the
 * candidate's risk unless the platform fails).
 */
export function startUploadingBy(deadline: Date, bytes: number, mbps: number): Date {
  const margin = Math.max(3600, 2 * uploadSeconds(bytes, mbps));
  return new Date(deadline.getTime() - margin * 1000);
}

import { lyon } from '../admin/admin-fixtures';
import type { CompanyRow } from '../admin/admin-types';

// A 1×1 PNG: stories need no server to show a logo.
export const logoPixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A company with a logo and its own colour. */
export const lyonBranded: CompanyRow = { ...lyon, brandColor: '#c2410c', logo: { url: logoPixel, version: 2 } };
/** A company with a light colour and no logo: its initials must stay readable. */
export const lyonLight: CompanyRow = { ...lyon, brandColor: '#fde68a', logo: null };

export const logoFileName = 'logo-btp-lyon.png';
export const logoRefusal = 'Type de fichier non accepté : envoyez une image PNG ou JPEG.';
export const logoRemovalRefusal = 'Vous n’avez pas les droits pour modifier cette entreprise.';

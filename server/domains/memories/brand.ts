// The company's dressing of its Word export: its logo (PNG or JPEG bytes, embedded as they are)
// and its colour, made readable; a company without them gets its monogram and the house colour.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { HOUSE_COLOUR } from './docx';
import { imageSize } from './docx-images';
import { monogramPicture, type Picture } from './pictures';

/** WCAG relative luminance of a 'rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Contrast ratio of white against the colour (WCAG 2: 1 to 21). */
export const whiteContrast = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * The colour the document uses for a brand colour ('#rrggbb' or 'rrggbb'): headings are its
 * text on white paper and table headers white text on it, so it must stand 4.5:1 against white
 * (WCAG AA for normal text). A lighter colour is darkened, keeping its hue, 10 % at a time until
 * it does; a colour that already does is kept exactly. Answers 'RRGGBB' without '#'.
 */
export function readableColour(brand: string): string {
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(brand.replace(/^#?/, '#').slice(i, i + 2), 16)) as [number, number, number];
  const hex = () => [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('').toUpperCase();
  while (whiteContrast(hex()) < 4.5) [r, g, b] = [r * 0.9, g * 0.9, b * 0.9];
  return hex();
}

const DOCX_TYPES: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The company's logo as a picture, or its monogram when it has none (or its file cannot be read), and its document colour. */
export async function companyBrand(db: Database, storage: Storage | undefined, companyId: string, company: string): Promise<{ logo: Picture; colour: string }> {
  const [row] = await db.select({ key: companies.logoKey, mime: companies.logoMime, colour: companies.brandColor }).from(companies).where(eq(companies.id, companyId)).limit(1);
  const colour = row?.colour ? readableColour(row.colour) : HOUSE_COLOUR;
  const type = row?.mime ? DOCX_TYPES[row.mime] : undefined;
  if (storage && row?.key && row.mime && type) {
    const data = await readAll(storage, row.key);
    const size = data && imageSize(data, row.mime);
    if (data && size && size.width > 0 && size.height > 0) return { logo: { data, type, width: size.width, height: size.height, title: company }, colour };
  }
  return { logo: monogramPicture(company, colour), colour };
}

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const file = await storage.get(key).catch(() => undefined);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

// The demo company's logo and colour, so that the demo memory's Word export shows them: a logo
// of our own (a roof over the company's initial and its name), drawn here and rasterised to PNG
// by resvg, stored like an uploaded one. Written once: a logo the user removed or replaced stays so.
import { and, eq, isNull } from 'drizzle-orm';
import { Resvg } from '@resvg/resvg-js';
import type { Database } from './client';
import { companies } from './schema';
import type { Storage } from '../storage/storage';

export const DEMO_BRAND_COLOR = '#b4471f';

export function demoLogoPng(): Buffer {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="120" viewBox="0 0 420 120" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">` +
    `<path d="M12 58 L60 14 L108 58 L96 58 L96 106 L24 106 L24 58 Z" fill="${DEMO_BRAND_COLOR}"/>` +
    `<path d="M4 60 L60 8 L116 60" fill="none" stroke="#3b2a20" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<text x="60" y="98" text-anchor="middle" font-size="44" font-weight="bold" fill="#FFFFFF">D</text>` +
    `<text x="132" y="66" font-size="40" font-weight="bold" fill="#3b2a20">DURAND</text>` +
    `<text x="134" y="98" font-size="22" letter-spacing="5" fill="${DEMO_BRAND_COLOR}">BÂTIMENT</text>` +
    `</svg>`;
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: 420 }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng());
}

export async function seedDemoBrand(db: Database, storage: Storage, companyId: string): Promise<void> {
  // Never given a logo (no version yet): the demo's is drawn once.
  const [row] = await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), isNull(companies.logoVersion))).limit(1);
  if (!row) return;
  const key = `logos/${companyId}/demo.png`;
  await storage.put(key, demoLogoPng());
  await db.update(companies).set({ logoKey: key, logoMime: 'image/png', logoVersion: 1 }).where(and(eq(companies.id, companyId), isNull(companies.logoVersion)));
  await db.update(companies).set({ brandColor: DEMO_BRAND_COLOR }).where(and(eq(companies.id, companyId), isNull(companies.brandColor)));
}

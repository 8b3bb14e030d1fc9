// The pictures of the memory's Word export, drawn on the server without a browser: the
// organisation chart as a tree of boxes, the tender's planning as a Gantt chart, and the company's
// monogram (for a company without a logo). Each is an SVG of our own, rasterised to PNG by resvg
// (docs/decisions.md) with the machine's fonts (DejaVu/Liberation, installed with LibreOffice).
import { Resvg } from '@resvg/resvg-js';
import type { Resources } from './resources';

/** A PNG (or a JPEG: a company's logo) and the size it is shown at in the document, in pixels at 96 dpi. */
export type Picture = { data: Buffer; width: number; height: number; title: string; type?: 'png' | 'jpg' };

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
/** Drawn at twice the size it is shown at, so that it stays sharp when printed. */
const SCALE = 2;
/** The text width of an A4 page with Word's default margins, in pixels at 96 dpi. */
const PAGE_WIDTH = 600;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function rasterise(svg: string, width: number, height: number, title: string): Picture {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: Math.round(width * SCALE) }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' }, background: 'white' }).render().asPng();
  // Shown no wider than the page, keeping its proportions.
  const shown = Math.min(PAGE_WIDTH, width);
  return { data: png, width: shown, height: Math.round((height * shown) / width), title };
}

type Chart = Resources['charts'][number];
const CHART_TITLES: Record<Chart['type'], string> = { construction: 'Organigramme de chantier', normal: "Organigramme de l'entreprise" };

/** A chart as a tree of boxes (title, and who holds the position), each parent centred over its children. */
export function chartPicture(chart: Chart, resources: Resources, colour: string): Picture | null {
  if (!chart.positions.length) return null;
  const BOX = { w: 176, h: 58 };
  const GAP = { x: 16, y: 44 };
  const children = (id: string | null) => chart.positions.filter((p) => p.parentId === id);
  const placed: { x: number; y: number; title: string; who: string; parent?: { x: number; y: number } }[] = [];
  let nextLeaf = 0;
  let depthMax = 0;
  // Leaves take the next slot from the left; a parent sits over the middle of its children.
  const place = (position: Chart['positions'][number], depth: number, seen: Set<string>): number => {
    depthMax = Math.max(depthMax, depth);
    const y = 12 + depth * (BOX.h + GAP.y);
    const kids = seen.has(position._id) || depth > 12 ? [] : children(position._id);
    seen.add(position._id);
    const slot = placed.length;
    placed.push({ x: 0, y, title: position.title, who: '' });
    const slots = kids.map((kid) => place(kid, depth + 1, seen));
    const x = slots.length ? (placed[slots[0]!]!.x + placed[slots[slots.length - 1]!]!.x) / 2 : 12 + nextLeaf++ * (BOX.w + GAP.x);
    const people = resources.resumes.filter((r) => r.positions.some((p) => p.chart === chart.type && p.positionId === position._id)).map((r) => r.fullName);
    placed[slot] = { x, y, title: position.title, who: people.length ? people.join(', ') : position.name || 'à pourvoir' };
    for (const kid of slots) placed[kid]!.parent = { x, y };
    return slot;
  };
  const seen = new Set<string>();
  for (const root of children(null)) place(root, 0, seen);
  if (!placed.length) return null;
  const width = Math.max(BOX.w + 24, 12 + nextLeaf * (BOX.w + GAP.x) - GAP.x + 12);
  const height = 12 + (depthMax + 1) * (BOX.h + GAP.y) - GAP.y + 12;
  const lines = placed
    .filter((p) => p.parent)
    .map((p) => {
      const from = { x: p.parent!.x + BOX.w / 2, y: p.parent!.y + BOX.h };
      const to = { x: p.x + BOX.w / 2, y: p.y };
      const middle = from.y + GAP.y / 2;
      return `<path d="M${from.x} ${from.y}V${middle}H${to.x}V${to.y}" fill="none" stroke="#8C9BAB" stroke-width="1.5"/>`;
    });
  const boxes = placed.map(
    (p) =>
      `<g><rect x="${p.x}" y="${p.y}" width="${BOX.w}" height="${BOX.h}" rx="6" fill="#FFFFFF" stroke="#${colour}" stroke-width="2"/>` +
      `<rect x="${p.x}" y="${p.y}" width="${BOX.w}" height="24" rx="6" fill="#${colour}"/><rect x="${p.x}" y="${p.y + 16}" width="${BOX.w}" height="8" fill="#${colour}"/>` +
      `<text x="${p.x + BOX.w / 2}" y="${p.y + 17}" text-anchor="middle" font-size="12" font-weight="bold" fill="#FFFFFF">${escape(clip(p.title, 26))}</text>` +
      `<text x="${p.x + BOX.w / 2}" y="${p.y + 44}" text-anchor="middle" font-size="12" fill="#1A1A1A">${escape(clip(p.who, 28))}</text></g>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">${lines.join('')}${boxes.join('')}</svg>`;
  return rasterise(svg, width, height, CHART_TITLES[chart.type]);
}

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
const MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

/** The tender's planning as a Gantt chart: one row a task, bars over a month scale, milestones as diamonds. */
export function planningPicture(tasks: Resources['tasks'], colour: string): Picture | null {
  const rows = tasks.filter((t) => Number.isFinite(dayOf(t.startDate)) && Number.isFinite(dayOf(t.endDate)));
  if (!rows.length) return null;
  const LABEL = 230;
  const ROW = 26;
  const TOP = 34;
  const width = 900;
  const start = Math.min(...rows.map((t) => dayOf(t.startDate)));
  const end = Math.max(...rows.map((t) => Math.max(dayOf(t.endDate), dayOf(t.startDate)))) + DAY;
  const span = Math.max(end - start, DAY);
  const x = (time: number) => LABEL + ((time - start) / span) * (width - LABEL - 16);
  const height = TOP + rows.length * ROW + 10;
  const ticks: string[] = [];
  const first = new Date(start);
  for (let month = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); month.getTime() < end; month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))) {
    const at = Math.max(LABEL, x(month.getTime()));
    ticks.push(`<line x1="${at}" y1="${TOP - 6}" x2="${at}" y2="${height - 6}" stroke="#D5DCE4"/><text x="${at + 4}" y="${TOP - 12}" font-size="11" fill="#44546A">${MONTHS[month.getUTCMonth()]} ${month.getUTCFullYear()}</text>`);
  }
  const bars = rows.map((task, i) => {
    const y = TOP + i * ROW;
    const label = `<text x="8" y="${y + 17}" font-size="12" fill="#1A1A1A"${task.milestone ? ' font-weight="bold"' : ''}>${escape(clip(task.name, 34))}</text>`;
    const stripe = i % 2 ? '' : `<rect x="0" y="${y}" width="${width}" height="${ROW}" fill="#F4F6F9"/>`;
    if (task.milestone) {
      const cx = x(dayOf(task.startDate));
      return `${stripe}${label}<path d="M${cx} ${y + 4}L${cx + 9} ${y + 13}L${cx} ${y + 22}L${cx - 9} ${y + 13}Z" fill="#${colour}"/>`;
    }
    const from = x(dayOf(task.startDate));
    const to = Math.max(from + 3, x(dayOf(task.endDate) + DAY));
    return `${stripe}${label}<rect x="${from}" y="${y + 6}" width="${to - from}" height="${ROW - 12}" rx="3" fill="#${colour}"${task.done ? ' fill-opacity="0.45"' : ''}/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}"><rect width="${width}" height="${height}" fill="#FFFFFF"/>${bars.join('')}${ticks.join('')}</svg>`;
  return rasterise(svg, width, height, 'Planning prévisionnel');
}

/** The company's monogram (its initials on its colour): the logo of the cover and the header. */
export function monogramPicture(company: string, colour: string): Picture {
  const words = company.replace(/[^\p{L}\p{N}\s-]/gu, ' ').split(/[\s-]+/).filter((w) => w.length > 2 || /^\p{Lu}/u.test(w));
  const initials = (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? company).slice(0, 2)).toUpperCase() || '?';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120" font-family="${FONT}"><rect width="120" height="120" rx="18" fill="#${colour}"/><text x="60" y="78" text-anchor="middle" font-size="52" font-weight="bold" fill="#FFFFFF">${escape(initials)}</text></svg>`;
  return rasterise(svg, 120, 120, company);
}

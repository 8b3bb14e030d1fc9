// The memory's Word document as it leaves the server: the text (docx.ts) without the writers'
// working notes unless asked for (rules/working-notes.ts), dressed with the
// company's logo (or its monogram) and colour (brand.ts), the organisation charts at the end of the "Moyens humains" section and the
// planning at the end of the "Planning" section (pictures.ts), and, when LibreOffice is there, the
// table of contents' page numbers as LibreOffice lays the document out (office.ts): a first file
// is measured, the second is written with those numbers. The pages cannot move between the two:
// only the digits of the table's entries differ, on lines that already end with a tab stop.
import type { Database } from '../../db/client';
import { hasEmoji, memoryDocx, tocEntries, withoutEmoji, type DocxDressing, type DocxMemory } from './docx';
import type { TipTapNode } from './tiptap';
import { loadResources, nestedChartLists } from './resources';
import { chartPicture, planningPicture, type Picture } from './pictures';
import type { Office } from './office';
import type { Storage } from '../../storage/storage';
import { companyBrand } from './brand';
import { withoutWorkingNotes } from '../../../rules/working-notes';

type Log = { warn(obj: object, msg: string): void };
type Section = DocxMemory['sections'][number] & { source?: string | null };

export async function exportDocx(deps: { db: Database; office: Office; log?: Log; storage?: Storage }, owner: { companyId: string; tenderId: string }, given: Omit<DocxMemory, 'sections'> & { sections: Section[] }, options: { workingNotes?: boolean; pdf?: boolean } = {}): Promise<{ file: Buffer; tocPages: boolean; emojiLeftOut: boolean }> {
  // A staff section written with dashes a level is nested; the writers' notes stay out of what the
  // buyer reads unless asked for (rules/working-notes.ts).
  const sections = given.sections.map((s) => (s.source === 'staff' ? { ...s, content: nestedChartLists(s.content) } : s));
  let memory = { ...given, sections: options.workingNotes ? sections : sections.map((s) => ({ ...s, content: withoutWorkingNotes(s.content) })) };
  // The PDF draws emoji in a font of their own; a machine without one leaves them out (and says so) rather than print boxes.
  const emojiFont = options.pdf ? await deps.office.emojiFont() : null;
  const emojiLeftOut = !!options.pdf && !emojiFont && hasEmoji(JSON.stringify([memory.title, memory.company, memory.call, memory.sections.map((s) => [s.title, s.content])]));
  if (emojiLeftOut) memory = emojiFree(memory);
  const [resources, brand] = await Promise.all([loadResources(deps.db, owner.companyId, owner.tenderId), companyBrand(deps.db, deps.storage, owner.companyId, memory.company)]);
  const pictures = new Map<number, Picture[]>();
  const charts = resources.charts.map((chart) => chartPicture(chart, resources, brand.colour)).filter((p): p is Picture => p !== null);
  const planning = planningPicture(resources.tasks, brand.colour);
  for (const [index, section] of memory.sections.entries()) {
    if (section.source === 'staff' && charts.length) pictures.set(index, charts);
    if (section.source === 'planning' && planning) pictures.set(index, [planning]);
  }
  const dressed: DocxMemory & DocxDressing = { ...memory, logo: brand.logo, colour: brand.colour, pictures, ...(emojiFont ? { emojiFont } : {}) };
  const first = await memoryDocx(dressed);
  if (!(await deps.office.available())) return { file: first, tocPages: false, emojiLeftOut };
  try {
    const pages = await deps.office.tocPages(first);
    // LibreOffice found the same entries: write them with their pages. Otherwise Word fills them.
    if (pages.length === tocEntries(memory.sections).length) return { file: await memoryDocx({ ...dressed, tocPages: pages }), tocPages: true, emojiLeftOut };
    deps.log?.warn({ expected: tocEntries(memory.sections).length, found: pages.length }, 'memory export: the table of contents LibreOffice laid out has other entries');
  } catch (err) {
    deps.log?.warn({ err }, 'memory export: LibreOffice could not lay out the table of contents');
  }
  return { file: first, tocPages: false, emojiLeftOut };
}

/** The memory with no emoji in its titles, its cover or its sections' text. */
function emojiFree<T extends { title: string; company: string; call: DocxMemory['call']; sections: Section[] }>(memory: T): T {
  const clean = (node: TipTapNode): TipTapNode => (node.type === 'text' ? { ...node, text: withoutEmoji(node.text ?? '') } : node.content ? { ...node, content: node.content.map(clean) } : node);
  return {
    ...memory,
    title: withoutEmoji(memory.title),
    company: withoutEmoji(memory.company),
    call: { title: withoutEmoji(memory.call.title), reference: memory.call.reference, buyer: withoutEmoji(memory.call.buyer) },
    sections: memory.sections.map((s) => ({ ...s, title: withoutEmoji(s.title), content: s.content && typeof s.content === 'object' ? clean(s.content as TipTapNode) : s.content })),
  };
}

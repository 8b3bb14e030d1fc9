// The memory's Word document as it leaves the server: the text (docx.ts) without the writers'
// working notes unless asked for (working-notes.ts), dressed with the
// company's logo (or its monogram) and colour (brand.ts), the organisation charts at the end of the "Moyens humains" section and the
// planning at the end of the "Planning" section (pictures.ts), and, when LibreOffice is there, the
// table of contents' page numbers as LibreOffice lays the document out (office.ts): a first file
// is measured, the second is written with those numbers. The pages cannot move between the two:
// only the digits of the table's entries differ, on lines that already end with a tab stop.
import type { Database } from '../../db/client';
import { memoryDocx, tocEntries, type DocxDressing, type DocxMemory } from './docx';
import { loadResources, nestedChartLists } from './resources';
import { chartPicture, planningPicture, type Picture } from './pictures';
import type { Office } from './office';
import type { Storage } from '../../storage/storage';
import { companyBrand } from './brand';
import { withoutWorkingNotes } from './working-notes';

type Log = { warn(obj: object, msg: string): void };
type Section = DocxMemory['sections'][number] & { source?: string | null };

export async function exportDocx(deps: { db: Database; office: Office; log?: Log; storage?: Storage }, owner: { companyId: string; tenderId: string }, given: Omit<DocxMemory, 'sections'> & { sections: Section[] }, options: { workingNotes?: boolean } = {}): Promise<{ file: Buffer; tocPages: boolean }> {
  // A staff section written with dashes a level is nested; the writers' notes stay out of what the
  // buyer reads unless asked for (working-notes.ts).
  const sections = given.sections.map((s) => (s.source === 'staff' ? { ...s, content: nestedChartLists(s.content) } : s));
  const memory = { ...given, sections: options.workingNotes ? sections : sections.map((s) => ({ ...s, content: withoutWorkingNotes(s.content) })) };
  const [resources, brand] = await Promise.all([loadResources(deps.db, owner.companyId, owner.tenderId), companyBrand(deps.db, deps.storage, owner.companyId, memory.company)]);
  const pictures = new Map<number, Picture[]>();
  const charts = resources.charts.map((chart) => chartPicture(chart, resources, brand.colour)).filter((p): p is Picture => p !== null);
  const planning = planningPicture(resources.tasks, brand.colour);
  for (const [index, section] of memory.sections.entries()) {
    if (section.source === 'staff' && charts.length) pictures.set(index, charts);
    if (section.source === 'planning' && planning) pictures.set(index, [planning]);
  }
  const dressed: DocxMemory & DocxDressing = { ...memory, logo: brand.logo, colour: brand.colour, pictures };
  const first = await memoryDocx(dressed);
  if (!(await deps.office.available())) return { file: first, tocPages: false };
  try {
    const pages = await deps.office.tocPages(first);
    // LibreOffice found the same entries: write them with their pages. Otherwise Word fills them.
    if (pages.length === tocEntries(memory.sections).length) return { file: await memoryDocx({ ...dressed, tocPages: pages }), tocPages: true };
    deps.log?.warn({ expected: tocEntries(memory.sections).length, found: pages.length }, 'memory export: the table of contents LibreOffice laid out has other entries');
  } catch (err) {
    deps.log?.warn({ err }, 'memory export: LibreOffice could not lay out the table of contents');
  }
  return { file: first, tocPages: false };
}

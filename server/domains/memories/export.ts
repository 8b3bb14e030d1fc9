// The memory's Word document as it leaves the server: the text (docx.ts) dressed with the
// company's monogram, the organisation charts at the end of the "Moyens humains" section and the
// planning at the end of the "Planning" section (pictures.ts), and, when LibreOffice is there, the
// table of contents' page numbers as LibreOffice lays the document out (office.ts): a first file
// is measured, the second is written with those numbers. The pages cannot move between the two:
// only the digits of the table's entries differ, on lines that already end with a tab stop.
import type { Database } from '../../db/client';
import { memoryDocx, tocEntries, type DocxDressing, type DocxMemory } from './docx';
import { loadResources } from './resources';
import { chartPicture, monogramPicture, planningPicture, type Picture } from './pictures';
import type { Office } from './office';

/** The house colour: companies store none yet (the same as docx.ts's headings). */
const HOUSE_COLOUR = '1F3A5F';

type Log = { warn(obj: object, msg: string): void };
type Section = DocxMemory['sections'][number] & { source?: string | null };

export async function exportDocx(deps: { db: Database; office: Office; log?: Log }, owner: { companyId: string; tenderId: string }, memory: Omit<DocxMemory, 'sections'> & { sections: Section[] }): Promise<{ file: Buffer; tocPages: boolean }> {
  const resources = await loadResources(deps.db, owner.companyId, owner.tenderId);
  const pictures = new Map<number, Picture[]>();
  const charts = resources.charts.map((chart) => chartPicture(chart, resources, HOUSE_COLOUR)).filter((p): p is Picture => p !== null);
  const planning = planningPicture(resources.tasks, HOUSE_COLOUR);
  for (const [index, section] of memory.sections.entries()) {
    if (section.source === 'staff' && charts.length) pictures.set(index, charts);
    if (section.source === 'planning' && planning) pictures.set(index, [planning]);
  }
  const dressed: DocxMemory & DocxDressing = { ...memory, logo: monogramPicture(memory.company, HOUSE_COLOUR), pictures };
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

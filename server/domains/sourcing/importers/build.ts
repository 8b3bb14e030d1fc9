import { NoticeRefused, type ImportedNotice } from '../notice';
import { cleanText, procedureOf, uniqueCodes } from '../normalise';

type Draft = Omit<ImportedNotice, 'title' | 'procedure' | 'sourceId' | 'cpv'> & {
  sourceId: string | null | undefined;
  title: string | null;
  cpv: (string | null)[];
};

/** Last checks every importer shares: an id and a title, or the notice is refused. */
export function finish(draft: Draft): ImportedNotice {
  const sourceId = cleanText(draft.sourceId);
  if (!sourceId) throw new NoticeRefused('sourcing-missing-id', `no ${draft.source} notice id`);
  const title = cleanText(draft.title) ?? firstLine(draft.description);
  if (!title) throw new NoticeRefused('sourcing-missing-title', 'neither title nor description', sourceId);
  return {
    ...draft,
    sourceId,
    title,
    procedure: procedureOf(draft.procedureRaw),
    cpv: uniqueCodes(draft.cpv),
    related: draft.related.filter((r, i, list) => r.sourceId !== sourceId && list.findIndex((o) => o.sourceId === r.sourceId && o.source === r.source) === i),
  };
}

export function firstLine(text: string | null | undefined, max = 300): string | null {
  const line = cleanText(text)?.split('\n')[0]?.trim();
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

// The writers' working notes in a memory's sections: the blockquotes the outline opens a criterion
// section with (what the buyer asks, the CCTP requirements to cover, each with its file and page)
// and the raw source references "(CCTP_… v2.pdf, p. 4)" left in the text by an inserted passage.
// They guide the editor; the buyer never reads them: the exports leave them out unless asked.
// TipTap (ProseMirror) JSON, as the server stores it and the editor sends it.
type TipTapNode = { type: string; attrs?: Record<string, unknown>; content?: TipTapNode[]; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] };
type TipTapDoc = { type: 'doc'; content: TipTapNode[] };

/** The bold line each note blockquote opens with (outline.ts writes them, the export recognises them). */
export const NOTE_HEADINGS = { buyer: "Ce que demande l'acheteur", requirements: 'Exigences du CCTP à couvrir' } as const;
const HEADINGS = new Set<string>(Object.values(NOTE_HEADINGS));

/** "(RC_2026 v2.pdf, p. 11)": a document's file name and page, as the outline and the chat cite them. */
const SOURCE_REFERENCE = /\s*\([^()\n]{1,200}?\.(?:pdf|docx?|odt|ods|xlsx?|rtf|txt|zip), p\. \d{1,5}\)/gi;

const textOf = (node: TipTapNode): string => (node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(textOf).join(''));

/** A blockquote whose first line is one of the outline's note headings. */
export function isWorkingNote(node: TipTapNode): boolean {
  if (node.type !== 'blockquote') return false;
  const first = node.content?.[0];
  return !!first && first.type === 'paragraph' && HEADINGS.has(textOf(first).trim());
}

/** The section as the buyer reads it: without the note blockquotes, and without source references in its text. */
export function withoutWorkingNotes(content: unknown): unknown {
  if (!content || typeof content !== 'object' || !Array.isArray((content as TipTapDoc).content)) return content;
  const clean = (node: TipTapNode): TipTapNode | null => {
    if (isWorkingNote(node)) return null;
    if (node.type === 'text') {
      const text = (node.text ?? '').replace(SOURCE_REFERENCE, '');
      return text ? { ...node, text } : null;
    }
    if (!node.content) return node;
    return { ...node, content: node.content.map(clean).filter((n): n is TipTapNode => n !== null) };
  };
  const doc = content as TipTapDoc;
  return { ...doc, content: doc.content.map(clean).filter((n): n is TipTapNode => n !== null) };
}

/** Blocks that end a line of text. */
const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'tableHeader', 'codeBlock']);

/**
 * The text the buyer reads, as the limits count it (issue 25): the section without its working
 * notes and source references, a line per block. The server's export checks and the editor's live
 * counts both measure this.
 */
export function buyerText(content: unknown): string {
  const lines: string[] = [];
  let line = '';
  const walk = (node: TipTapNode) => {
    if (node.type === 'text') line += node.text ?? '';
    (node.content ?? []).forEach(walk);
    if (BLOCKS.has(node.type) && line.trim()) {
      lines.push(line.trim());
      line = '';
    }
  };
  const clean = withoutWorkingNotes(content);
  if (clean && typeof clean === 'object') walk(clean as TipTapNode);
  return lines.join('\n');
}

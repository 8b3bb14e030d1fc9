// A library block's text as the add/edit dialog's plain textarea shows it, and back as a TipTap
// document (the rich editor comes with the memory editor). Paragraphs are apart by a blank line,
// a line break inside one is kept; a paragraph whose lines all start with "- " is a bullet list.
export type BlockNode = { type: string; attrs?: Record<string, unknown>; content?: BlockNode[]; text?: string; marks?: unknown[] };
export type BlockDoc = { type: 'doc'; content: BlockNode[] };

const BULLET = /^\s*[-•]\s+/;

const inline = (text: string): BlockNode[] =>
  text.split('\n').flatMap((line, index) => [...(index > 0 ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]);
const paragraph = (text: string): BlockNode => {
  const content = inline(text);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

/** The TipTap document of a text typed in the dialog. */
export function textToDoc(text: string): BlockDoc {
  const chunks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.replace(/^\n+|\s+$/g, ''))
    .filter((chunk) => chunk.trim() !== '');
  const content = chunks.map((chunk): BlockNode => {
    const lines = chunk.split('\n');
    if (lines.every((line) => BULLET.test(line))) return { type: 'bulletList', content: lines.map((line) => ({ type: 'listItem', content: [paragraph(line.replace(BULLET, ''))] })) };
    return paragraph(chunk);
  });
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] };
}

const inlineText = (node: BlockNode): string => {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  return (node.content ?? []).map(inlineText).join('');
};

/** The text of a stored document as the dialog shows it, to be edited and sent back. */
export function docToText(doc: unknown): string {
  const content = (doc as { content?: unknown } | null | undefined)?.content;
  const blocks = Array.isArray(content) ? (content as BlockNode[]) : [];
  return blocks
    .map((block) => {
      if (block.type === 'bulletList' || block.type === 'orderedList') return (block.content ?? []).map((item) => `- ${inlineText(item).trim()}`).join('\n');
      return inlineText(block).trim();
    })
    .filter((text) => text !== '')
    .join('\n\n');
}

// Reading a TipTap (ProseMirror) JSON document without the editor: its blocks as plain lines,
// and the buyer's passages (the blockquotes the outline opens each section with).
type Node = { type?: string; text?: string; content?: Node[] };

const BLOCKS = new Set(['paragraph', 'heading', 'listItem', 'tableCell', 'tableHeader']);

function textOf(node: Node): string {
  if (typeof node.text === 'string') return node.text;
  return (node.content ?? []).map(textOf).join(BLOCKS.has(node.type ?? '') ? '' : ' ');
}

/** Each block (paragraph, heading, list item, cell) as one line, empty ones left out. */
export function plainLines(doc: unknown): string[] {
  const lines: string[] = [];
  const walk = (node: Node) => {
    if (BLOCKS.has(node.type ?? '') && !(node.content ?? []).some((c) => BLOCKS.has(c.type ?? ''))) {
      const line = textOf(node).replace(/\s+/g, ' ').trim();
      if (line) lines.push(line);
      return;
    }
    (node.content ?? []).forEach(walk);
  };
  if (doc && typeof doc === 'object') walk(doc as Node);
  return lines;
}

/** A line in bold only: the quote's own heading ("Ce que demande l'acheteur"), not a passage. */
const boldOnly = (node: Node & { marks?: { type: string }[] }): boolean => {
  const texts: (Node & { marks?: { type: string }[] })[] = [];
  const walk = (n: Node & { marks?: { type: string }[] }) => (typeof n.text === 'string' ? texts.push(n) : (n.content ?? []).forEach(walk));
  walk(node);
  return texts.length > 0 && texts.every((n) => n.marks?.some((m) => m.type === 'bold'));
};

/** Each paragraph quoted in a blockquote: what the buyer asks (DCE passages with their page), as the outline quoted it. */
export function quotedPassages(doc: unknown): string[] {
  const found: string[] = [];
  const walk = (node: Node, quoted: boolean) => {
    if (quoted && BLOCKS.has(node.type ?? '') && !(node.content ?? []).some((c) => BLOCKS.has(c.type ?? ''))) {
      const text = textOf(node).replace(/\s+/g, ' ').trim();
      if (text && !boldOnly(node)) found.push(text);
      return;
    }
    (node.content ?? []).forEach((child) => walk(child, quoted || node.type === 'blockquote'));
  };
  if (doc && typeof doc === 'object') walk(doc as Node, false);
  return found;
}

/** A passage as a TipTap blockquote, ready for insertContent. */
export const quoteNode = (text: string) => ({
  type: 'blockquote',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

// TipTap (ProseMirror) JSON documents on the server: checked before they are stored, walked for
// their plain text, and built for the sections the server writes. No @tiptap package needed: a
// document is a tree of `{ type, attrs?, content?, text?, marks? }` nodes.
import { AppError } from '../../errors';

export type TipTapMark = { type: string; attrs?: Record<string, unknown> };
export type TipTapNode = { type: string; attrs?: Record<string, unknown>; content?: TipTapNode[]; text?: string; marks?: TipTapMark[] };
export type TipTapDoc = { type: 'doc'; content: TipTapNode[] };

/** The largest section document kept, serialised. */
export const CONTENT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_DEPTH = 40;
const TYPE = /^[a-zA-Z][a-zA-Z0-9_]{0,39}$/;
const UNSAFE_URL = /^\s*(?:data|javascript|vbscript):/i;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with a document, as a catalogue key; null when it is a valid one. */
export function contentProblem(value: unknown): string | null {
  if (!isObject(value) || value.type !== 'doc' || !Array.isArray(value.content)) return 'memory-content_invalid';
  for (const key of Object.keys(value)) if (!['type', 'content', 'attrs'].includes(key)) return 'memory-content_invalid';
  if (Buffer.byteLength(JSON.stringify(value)) > CONTENT_MAX_BYTES) return 'memory-content_too_large';
  const check = (node: unknown, depth: number): string | null => {
    if (depth > MAX_DEPTH || !isObject(node) || typeof node.type !== 'string' || !TYPE.test(node.type)) return 'memory-content_invalid';
    for (const key of Object.keys(node)) if (!['type', 'attrs', 'content', 'text', 'marks'].includes(key)) return 'memory-content_invalid';
    if (node.text !== undefined && (typeof node.text !== 'string' || node.type !== 'text')) return 'memory-content_invalid';
    if (node.attrs !== undefined) {
      if (!isObject(node.attrs)) return 'memory-content_invalid';
      for (const name of ['src', 'href']) if (typeof node.attrs[name] === 'string' && UNSAFE_URL.test(node.attrs[name])) return 'memory-content_unsafe_url';
    }
    if (node.marks !== undefined) {
      if (!Array.isArray(node.marks)) return 'memory-content_invalid';
      for (const mark of node.marks) {
        if (!isObject(mark) || typeof mark.type !== 'string' || !TYPE.test(mark.type) || (mark.attrs !== undefined && !isObject(mark.attrs))) return 'memory-content_invalid';
        if (mark.attrs && typeof mark.attrs.href === 'string' && UNSAFE_URL.test(mark.attrs.href)) return 'memory-content_unsafe_url';
      }
    }
    if (node.content !== undefined) {
      if (!Array.isArray(node.content)) return 'memory-content_invalid';
      for (const child of node.content) {
        const problem = check(child, depth + 1);
        if (problem) return problem;
      }
    }
    return null;
  };
  for (const child of value.content) {
    const problem = check(child, 1);
    if (problem) return problem;
  }
  return null;
}

/** The document, or a 400 saying what is wrong with it. */
export function checkedContent(value: unknown): TipTapDoc {
  const problem = contentProblem(value);
  if (problem) throw new AppError(400, problem, { max: '2 Mo' });
  return value as TipTapDoc;
}

const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'listItem', 'taskItem', 'codeBlock', 'tableRow', 'horizontalRule']);

/**
 * The plain text of a document: blocks on their own lines, table cells apart by a tab. With
 * `ownOnly`, blockquotes are left out: the buyer's words quoted in a section are not its answer.
 */
export function plainText(doc: TipTapDoc | TipTapNode, { ownOnly = false } = {}): string {
  const out: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim()) out.push(line.trim());
    line = '';
  };
  const walk = (node: TipTapNode) => {
    if (ownOnly && node.type === 'blockquote') return;
    if (node.type === 'text') {
      line += node.text ?? '';
      return;
    }
    if (node.type === 'hardBreak') {
      line += '\n';
      return;
    }
    if (node.type === 'tableCell' || node.type === 'tableHeader') {
      if (line) line += '\t';
      for (const child of node.content ?? []) walk(child);
      return;
    }
    if (node.type === 'image') {
      const alt = node.attrs?.alt;
      if (typeof alt === 'string' && alt.trim()) line += alt;
      return;
    }
    const block = BLOCKS.has(node.type);
    if (block) flush();
    for (const child of node.content ?? []) walk(child);
    if (block) flush();
  };
  for (const child of doc.content ?? []) walk(child);
  flush();
  return out.join('\n');
}

/** Words of a text as a reader counts them. */
export { wordCount } from '../../../rules/text-measure';

// Builders for the sections the server writes.
export const txt = (text: string, marks?: TipTapMark[]): TipTapNode => ({ type: 'text', text, ...(marks ? { marks } : {}) });
export const para = (...parts: (string | TipTapNode)[]): TipTapNode => {
  const content = parts.filter((p) => p !== '').map((p) => (typeof p === 'string' ? txt(p) : p));
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};
export const bold = (text: string) => txt(text, [{ type: 'bold' }]);
export const italic = (text: string) => txt(text, [{ type: 'italic' }]);
export const heading = (level: number, text: string): TipTapNode => ({ type: 'heading', attrs: { level }, content: [txt(text)] });
export const bullets = (items: (string | (string | TipTapNode)[])[]): TipTapNode => ({
  type: 'bulletList',
  content: items.map((item) => ({ type: 'listItem', content: [typeof item === 'string' ? para(item) : para(...item)] })),
});
/**
 * A bullet list nested by depth, from items in tree order (a parent before its children, each
 * child one level deeper at most): an item's children are a list inside it, as Word indents them.
 */
export const nestedBullets = (items: { depth: number; line: (string | TipTapNode)[] }[]): TipTapNode => {
  const root: TipTapNode = { type: 'bulletList', content: [] };
  const lists: TipTapNode[] = [root];
  for (const { depth, line } of items) {
    // An item deeper than the one before it opens a list inside that one's item.
    while (lists.length - 1 < depth) {
      const parent = lists[lists.length - 1]!.content!.at(-1);
      if (!parent) break;
      const list: TipTapNode = { type: 'bulletList', content: [] };
      parent.content!.push(list);
      lists.push(list);
    }
    lists.length = Math.min(lists.length, depth + 1);
    lists[lists.length - 1]!.content!.push({ type: 'listItem', content: [para(...line)] });
  }
  return root;
};
export const quote = (...blocks: TipTapNode[]): TipTapNode => ({ type: 'blockquote', content: blocks });
export const doc = (...blocks: TipTapNode[]): TipTapDoc => ({ type: 'doc', content: blocks.length ? blocks : [para()] });

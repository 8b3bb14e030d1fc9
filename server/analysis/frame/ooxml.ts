// A small XML tree of a DOCX part that remembers where each element sits in the source text, so
// the reader can name places by position and the filler can splice exactly those bytes. Parsed by
// saxes (entity declarations refused: a DOCTYPE makes the part unreadable).
import { SaxesParser } from 'saxes';
import { unzipSync } from '../../files/zip';

export interface XmlNode {
  /** Qualified name as written ("w:p"). */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  parent: XmlNode | null;
  /** Decoded character data directly inside the element (w:t's text). */
  text: string;
  /** Offsets in the source string: the element from '<' to its closing '>', and the end of its start tag. */
  start: number;
  end: number;
  openEnd: number;
}

export function parseXml(xml: string): XmlNode | null {
  const parser = new SaxesParser({ position: true });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], parent: null, text: '', start: 0, end: xml.length, openEnd: 0 };
  const stack: XmlNode[] = [root];
  let failed = false;
  parser.on('doctype', () => {
    failed = true;
  });
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    const end = parser.position;
    const start = xml.lastIndexOf('<', end - 1);
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes)) attrs[key] = typeof value === 'string' ? value : value.value;
    const parent = stack[stack.length - 1]!;
    const node: XmlNode = { name: tag.name, attrs, children: [], parent, text: '', start, end, openEnd: end };
    parent.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    const node = stack.pop();
    if (node) node.end = parser.position;
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  try {
    parser.write(xml).close();
  } catch {
    return null;
  }
  return failed ? null : root;
}

export const child = (node: XmlNode | undefined | null, name: string) => node?.children.find((c) => c.name === name);
export const children = (node: XmlNode | undefined | null, name: string) => node?.children.filter((c) => c.name === name) ?? [];
export const attr = (node: XmlNode | undefined | null, name: string) => node?.attrs[name];

/** Every descendant named `name`, in document order; `skip` prunes subtrees. */
export function descendants(node: XmlNode, name: string, skip?: (n: XmlNode) => boolean): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (skip?.(c)) continue;
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}

/** The zip's entries, or null when it is not a zip (or one that unpacks past the limits). */
export function unzip(file: Buffer): Record<string, Uint8Array> | null {
  try {
    return unzipSync(file);
  } catch {
    return null;
  }
}

export const utf8 = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder('utf-8').decode(bytes) : null);

/**
 * The body's paragraphs in document order, those in tables (nested ones too) included; the
 * paragraphs inside text boxes are not counted: a text box belongs to the paragraph holding it.
 * The reader and the filler both index answer places by this list.
 */
export function bodyParagraphs(body: XmlNode): XmlNode[] {
  return descendants(body, 'w:p', (n) => n.name === 'w:txbxContent' || n.name === 'mc:Fallback' || n.name === 'w:del' || n.name === 'w:moveFrom');
}

/** Text as XML character data or an attribute value; characters XML 1.0 forbids (which would make the part unreadable) dropped. */
export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // eslint-disable-next-line no-control-regex -- these control characters are the ones removed
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

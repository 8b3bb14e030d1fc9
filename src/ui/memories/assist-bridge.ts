// Between the writing assistant and the section editor (no TipTap here: the page's chunk imports
// this without loading the editor). The editor tells what is selected; the assistant's accepted
// suggestion goes back through it as TipTap JSON blocks.
import type { AssistTarget } from '../../machines/assist.machine';

type Block = Record<string, unknown>;

/** An accepted suggestion: in place of the target's text, or at the end of the section (a draft). */
export type AssistEdit = { kind: 'replace'; target: AssistTarget; blocks: Block[] } | { kind: 'append'; blocks: Block[] };

export type AssistBridge = {
  /** The editor's selection (the whole section when nothing is selected). */
  select(selection: AssistTarget): void;
  selection(): AssistTarget | null;
  subscribe(listener: () => void): () => void;
  /** The editor says how it applies an edit while it is open; apply is false when none is. */
  attach(apply: (edit: AssistEdit) => void): () => void;
  apply(edit: AssistEdit): boolean;
};

export function createAssistBridge(): AssistBridge {
  let current: AssistTarget | null = null;
  let applier: ((edit: AssistEdit) => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    select(selection) {
      if (current && current.text === selection.text && current.from === selection.from && current.to === selection.to) return;
      current = selection;
      for (const listener of listeners) listener();
    },
    selection: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach(apply) {
      applier = apply;
      return () => {
        if (applier === apply) applier = null;
      };
    },
    apply(edit) {
      if (!applier) return false;
      applier(edit);
      return true;
    },
  };
}

/** Text with "**bold**" spans as bold marks (the model writes them; the marks never show raw). */
const inline = (text: string) =>
  text
    .split(/(\*\*[^*]+\*\*)/)
    .filter(Boolean)
    .map((piece) => (/^\*\*[^*]+\*\*$/.test(piece) ? { type: 'text', text: piece.slice(2, -2), marks: [{ type: 'bold' }] } : { type: 'text', text: piece }));

/**
 * A suggestion's plain text as TipTap blocks: paragraphs apart by a blank line, "# " to "###### "
 * headings (the editor has levels 2 and 3: "#" and "##" are 2, the deeper ones 3), "- " list
 * items; the lines of a paragraph join with a space.
 */
export function suggestionBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', content: inline(paragraph.join(' ')) });
    paragraph = [];
  };
  const flushItems = () => {
    if (items.length) blocks.push({ type: 'bulletList', content: items.map((item) => ({ type: 'listItem', content: [{ type: 'paragraph', content: inline(item) }] })) });
    items = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^[-•*]\s+(.*)$/.exec(line);
    if (!line) {
      flushParagraph();
      flushItems();
    } else if (heading) {
      flushParagraph();
      flushItems();
      blocks.push({ type: 'heading', attrs: { level: heading[1]!.length <= 2 ? 2 : 3 }, content: inline(heading[2]!.replace(/\s+#+$/, '').trim()) });
    } else if (item) {
      flushParagraph();
      items.push(item[1]!.trim());
    } else {
      flushItems();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushItems();
  return blocks;
}

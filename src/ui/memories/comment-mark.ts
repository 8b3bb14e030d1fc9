// The `comment` mark: a passage of a section carrying the id of its thread (threads are ours, kept
// by the server; the mark only says where). Imported by SectionEditor only: it stays in the
// editor's lazy chunk with TipTap.
import { Mark, mergeAttributes, type Editor } from '@tiptap/core';

/** Dispatched on the editor's element by Ctrl+Alt+M on a selection: the component opens a comment. */
export const COMMENT_SHORTCUT_EVENT = 'memory-comment-shortcut';

export const CommentMark = Mark.create({
  name: 'comment',
  // Typing at the passage's edge does not extend it: only the words commented carry the mark.
  inclusive: false,
  // Two threads may cover the same words.
  excludes: '',
  addAttributes() {
    return {
      threadId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-thread-id'),
        renderHTML: (attrs) => (attrs.threadId ? { 'data-thread-id': attrs.threadId } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'mark[data-thread-id]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['mark', mergeAttributes(HTMLAttributes, { class: 'memory-comment' }), 0];
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-m': () => {
        if (this.editor.state.selection.empty) return false;
        this.editor.view.dom.dispatchEvent(new CustomEvent(COMMENT_SHORTCUT_EVENT));
        return true;
      },
    };
  },
});

/** Where the thread's marked words are in the document: the first run to the last. */
export function threadRange(editor: Editor, threadId: string): { from: number; to: number } | null {
  let from = -1;
  let to = -1;
  editor.state.doc.descendants((node, pos) => {
    if (node.isText && node.marks.some((m) => m.type.name === 'comment' && m.attrs.threadId === threadId)) {
      if (from < 0) from = pos;
      to = pos + node.nodeSize;
    }
  });
  return from < 0 ? null : { from, to };
}

/** Takes the thread's mark off its words (the thread was deleted); the words stay. */
export function removeThreadMark(editor: Editor, threadId: string) {
  const type = editor.schema.marks.comment;
  if (!type) return;
  const { tr } = editor.state;
  editor.state.doc.descendants((node, pos) => {
    for (const mark of node.marks) if (mark.type === type && mark.attrs.threadId === threadId) tr.removeMark(pos, pos + node.nodeSize, mark);
  });
  if (tr.docChanged) editor.view.dispatch(tr);
}

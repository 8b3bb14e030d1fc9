// The `comment` mark: a passage of a section carrying the id of its thread (threads are ours, kept
// by the server; the mark only says where). Imported by SectionEditor only: it stays in the
// editor's lazy chunk with TipTap.
import { Mark, mergeAttributes, type Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

type CommentStorage = {
  /** Set by the component: Ctrl+Alt+M on a selection opens a comment. */
  onShortcut: (() => void) | null;
  /** Threads resolved: their passages get a class that takes the highlight off. */
  resolved: Set<string>;
};
const resolvedKey = new PluginKey('commentResolved');

declare module '@tiptap/core' {
  interface Storage {
    comment: CommentStorage;
  }
}

export const CommentMark = Mark.create<Record<string, never>, CommentStorage>({
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
  addStorage() {
    return { onShortcut: null, resolved: new Set<string>() };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-Alt-m': () => {
        if (this.editor.state.selection.empty || !this.storage.onShortcut) return false;
        this.storage.onShortcut();
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    const storage = this.storage;
    return [
      new Plugin({
        key: resolvedKey,
        props: {
          decorations(state) {
            if (!storage.resolved.size) return null;
            const decorations: Decoration[] = [];
            state.doc.descendants((node, pos) => {
              if (node.isText && node.marks.some((m) => m.type.name === 'comment' && storage.resolved.has(m.attrs.threadId as string))) {
                decorations.push(Decoration.inline(pos, pos + node.nodeSize, { class: 'memory-comment-resolved' }));
              }
            });
            return DecorationSet.create(state.doc, decorations);
          },
        },
      }),
    ];
  },
});

/** What Ctrl+Alt+M on a selection does (the component opens the comment's form). */
export function setCommentShortcut(editor: Editor, open: (() => void) | null) {
  const storage = editor.storage.comment;
  if (storage) storage.onShortcut = open;
}

/** Tells the editor which threads are resolved (their passages lose their highlight). */
export function setResolvedThreads(editor: Editor, ids: string[]) {
  const storage = editor.storage.comment;
  if (!storage) return;
  const next = new Set(ids);
  if (next.size === storage.resolved.size && ids.every((id) => storage.resolved.has(id))) return;
  storage.resolved = next;
  // A transaction without steps: the decorations are drawn again, nothing is saved.
  if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(resolvedKey, true));
}

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

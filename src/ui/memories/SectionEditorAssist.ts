// The section editor's side of the writing assistant (part of the editor's lazy chunk): it tells
// the bridge what is selected and puts an accepted suggestion in the text.
import { useEffect } from 'react';
import type { Editor } from '@tiptap/react';
import type { AssistBridge, AssistEdit } from './assist-bridge';

const SEPARATOR = '\n\n';

/** The selected text, or the whole section's when nothing is selected. */
function selectionOf(editor: Editor) {
  const { from, to, empty } = editor.state.selection;
  const size = editor.state.doc.content.size;
  if (empty) return { text: editor.state.doc.textBetween(0, size, SEPARATOR).trim(), from: 0, to: size, whole: true };
  return { text: editor.state.doc.textBetween(from, to, SEPARATOR).trim(), from, to, whole: false };
}

function apply(editor: Editor, edit: AssistEdit) {
  const size = editor.state.doc.content.size;
  if (edit.kind === 'replace') {
    const { from, to, text } = edit.target;
    // Only the very text the suggestion was made from is replaced: if it changed since, the
    // suggestion goes at the end, and nothing the writer wrote meanwhile is lost.
    const still = to <= size && editor.state.doc.textBetween(from, to, SEPARATOR).trim() === text;
    if (still) {
      const single = edit.blocks.length === 1 && edit.blocks[0]!.type === 'paragraph' && !edit.target.whole;
      // A passage inside a paragraph takes the suggestion's words, not a new paragraph.
      editor
        .chain()
        .focus()
        .insertContentAt({ from, to }, single ? ((edit.blocks[0]!.content as unknown[]) ?? []) : edit.blocks)
        .run();
      return;
    }
  }
  editor.chain().focus().insertContentAt(size, edit.blocks).run();
}

export function useAssistBridge(editor: Editor | null, bridge: AssistBridge | undefined) {
  useEffect(() => {
    if (!editor || !bridge) return;
    const report = () => bridge.select(selectionOf(editor));
    report();
    editor.on('selectionUpdate', report);
    editor.on('update', report);
    const detach = bridge.attach((edit) => apply(editor, edit));
    return () => {
      editor.off('selectionUpdate', report);
      editor.off('update', report);
      detach();
    };
  }, [editor, bridge]);
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { Bold, Heading2, Heading3, Italic, List, ListOrdered, Redo2, Table, Undo2, type LucideIcon } from 'lucide-react';
import { css } from 'styled-system/css';
import { CommentMark, setCommentShortcut, setResolvedThreads } from './comment-mark';
import type { EditorComments, EditorImages } from './editor-bridges';
import { CommentTools, ImageAltForm, imageFilesOf, useCommentCommands } from './SectionEditorExtras';
import type { AssistBridge } from './assist-bridge';
import { useAssistBridge } from './SectionEditorAssist';
// ProseMirror's base rules from its own stylesheets: TipTap would inject the same as a <style>
// element, which the CSP refuses (style-src 'self'): injectCSS is off below.
import 'prosemirror-view/style/prosemirror.css';
import 'prosemirror-gapcursor/style/gapcursor.css';

export type SectionEditorProps = {
  /** The section's TipTap JSON. Read once per mount: give the component a new key to reload it. */
  content: Record<string, unknown>;
  /** The section's title: the editor's accessible name. */
  label: string;
  onChange: (content: Record<string, unknown>) => void;
  /** What to insert at the cursor (a node, or several: a library block with its source); each new id inserts once. */
  insert?: { id: number; content: Record<string, unknown> | Record<string, unknown>[] } | null;
  /** Comment threads on passages (a `comment` mark carries the thread's id). */
  comments?: EditorComments;
  /** Images uploaded as files and inserted by URL. */
  images?: EditorImages;
  /** The writing assistant: reads the selection, puts an accepted suggestion in the text. */
  assist?: AssistBridge;
};

const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1',
  p: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.subtle',
  position: 'sticky',
  top: '0',
  zIndex: '1',
});
const tool = css({
  display: 'inline-grid',
  placeItems: 'center',
  w: '9',
  h: '9',
  borderRadius: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'accent.default',
    outlineOffset: '1px',
  },
  '&[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.text' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});
// The document's look: real headings, lists, tables and quotes, readable in both themes.
const prose = css({
  '& .tiptap': {
    minH: '60dvh',
    p: { base: '3', md: '6' },
    color: 'fg.default',
    lineHeight: '1.65',
    outline: 'none',
    _focusVisible: {
      boxShadow: 'inset 0 0 0 2px token(colors.accent.default)',
    },
    '& h2': { fontSize: 'xl', fontWeight: 'semibold', mt: '5', mb: '2' },
    '& h3': { fontSize: 'lg', fontWeight: 'semibold', mt: '4', mb: '2' },
    '& p': { my: '2' },
    '& ul': { listStyle: 'disc', pl: '6' },
    '& ol': { listStyle: 'decimal', pl: '6' },
    '& blockquote': {
      borderLeftWidth: '3px',
      borderColor: 'accent.default',
      pl: '3',
      color: 'fg.muted',
      my: '3',
    },
    '& table': { borderCollapse: 'collapse', w: 'full', my: '3' },
    '& td, & th': {
      borderWidth: '1px',
      borderColor: 'border.default',
      p: '2',
      verticalAlign: 'top',
    },
    '& th': { bg: 'bg.subtle', fontWeight: 'semibold' },
    '& img': { maxW: 'full' },
    // A commented passage: a warm background with an underline, readable in both themes.
    '& mark.memory-comment': { bg: 'warning.subtle', color: 'fg.default', borderBottomWidth: '2px', borderColor: 'warning.border' },
    // A resolved thread's passage: no highlight (the mark stays, reopening brings it back).
    '& mark.memory-comment:has(.memory-comment-resolved)': { bg: 'transparent', borderBottomStyle: 'dotted' },
    '& p.is-editor-empty:first-child::before': {
      content: 'attr(data-placeholder)',
      color: 'fg.subtle',
      float: 'left',
      h: '0',
      pointerEvents: 'none',
    },
  },
});

type Tool = {
  key: string;
  icon: LucideIcon;
  run: (e: Editor) => void;
  active?: (e: Editor) => boolean;
  can?: (e: Editor) => boolean;
};
const TOOLS: Tool[] = [
  {
    key: 'memory-bold',
    icon: Bold,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    key: 'memory-italic',
    icon: Italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    key: 'memory-heading2',
    icon: Heading2,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'memory-heading3',
    icon: Heading3,
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    key: 'memory-bullet_list',
    icon: List,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    key: 'memory-ordered_list',
    icon: ListOrdered,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
  {
    key: 'memory-insert_table',
    icon: Table,
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'memory-undo',
    icon: Undo2,
    run: (e) => e.chain().focus().undo().run(),
    can: (e) => e.can().undo(),
  },
  {
    key: 'memory-redo',
    icon: Redo2,
    run: (e) => e.chain().focus().redo().run(),
    can: (e) => e.can().redo(),
  },
];

/**
 * The section's rich-text editor (TipTap 3, loaded lazily: see SectionEditorLazy). Headings,
 * lists, tables, images by reference (data: URLs are dropped); the toolbar is a labelled group of
 * buttons with their pressed state; the text area is a multi-line textbox named after the section.
 */
export default function SectionEditor({ content, label, onChange, insert, comments, images, assist }: SectionEditorProps) {
  const { t } = useTranslation();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  // Latest bridges for the editor's own callbacks (shortcut, paste, drop), set once at creation.
  const bridges = useRef({ comments, images });
  useEffect(() => {
    bridges.current = { comments, images };
  }, [comments, images]);
  const [pendingImage, setPendingImage] = useState<File | null>(null);
  const startComment = (e: Editor) => {
    const start = bridges.current.comments?.onStart;
    if (!start || e.state.selection.empty) return false;
    const { from, to } = e.state.selection;
    const quote = e.state.doc.textBetween(from, to, ' ').trim().slice(0, 1000);
    if (!quote) return false;
    start({ quote, from, to });
    return true;
  };
  const dropImages = (files: File[]) => {
    if (!files.length || !bridges.current.images) return false;
    setPendingImage(files[0]!);
    return true;
  };
  const attributes = { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' };
  const handlers = {
    handlePaste: (_view: unknown, event: ClipboardEvent) => dropImages(imageFilesOf(event.clipboardData)),
    handleDrop: (_view: unknown, event: DragEvent) => dropImages(imageFilesOf(event.dataTransfer)),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] } }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder: t('memory-placeholder') }),
      CommentMark,
    ],
    content,
    injectCSS: false,
    editorProps: { attributes, ...handlers },
    // Only edits: a plugin's own fix-up (the trailing paragraph added after a list when any
    // transaction runs, a highlight refreshed) is not the user's change, and saving it on opening
    // would bump the section's version under a colleague who opened it too.
    onUpdate: ({ editor: e, transaction }) => {
      if (transaction.docChanged) changed.current(e.getJSON() as Record<string, unknown>);
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? TOOLS.map((tl) => ({
            active: tl.active?.(e) ?? null,
            enabled: tl.can ? tl.can(e) : true,
          }))
        : null,
  });

  // The title may change (renamed): the accessible name follows.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes, ...handlers } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the handlers read refs
  }, [editor, label]);
  useCommentCommands(editor, comments?.command ?? null);
  useAssistBridge(editor, assist);
  useEffect(() => {
    if (!editor) return;
    setCommentShortcut(editor, () => startComment(editor));
    return () => setCommentShortcut(editor, null);
  }, [editor]);
  const resolved = comments?.resolved;
  useEffect(() => {
    if (editor && resolved) setResolvedThreads(editor, resolved);
  }, [editor, resolved]);

  // A passage asked for before this editor existed (another section) is not inserted here.
  const inserted = useRef<number | null>(insert?.id ?? null);
  useEffect(() => {
    if (!editor || !insert || inserted.current === insert.id) return;
    inserted.current = insert.id;
    // The cursor inside a quote of the buyer (the outline opens each section with one): what is
    // inserted goes right after that quote, never inside it, where it would read as the buyer's words.
    const { $from } = editor.state.selection;
    let quoteEnd: number | null = null;
    for (let depth = $from.depth; depth > 0; depth -= 1) if ($from.node(depth).type.name === 'blockquote') quoteEnd = $from.after(depth);
    if (quoteEnd === null) editor.chain().focus().insertContent(insert.content).run();
    else editor.chain().focus().insertContentAt(quoteEnd, insert.content).run();
  }, [editor, insert]);

  return (
    <div className={prose}>
      <div role="toolbar" aria-label={t('memory-toolbar')} className={toolbar}>
        {TOOLS.map((tl, i) => {
          const Icon = tl.icon;
          const s = state?.[i];
          return (
            <button
              key={tl.key}
              type="button"
              className={tool}
              aria-label={t(tl.key)}
              title={t(tl.key)}
              aria-pressed={tl.active ? s?.active ?? false : undefined}
              disabled={!editor || s?.enabled === false}
              onClick={() => editor && tl.run(editor)}
            >
              <Icon size={18} aria-hidden="true" />
            </button>
          );
        })}
        <CommentTools editor={editor} comments={comments} images={images} onComment={() => (editor ? startComment(editor) : false)} onImage={setPendingImage} />
      </div>
      {images && pendingImage ? <ImageAltForm file={pendingImage} busy={images.busy} error={images.error} onSubmit={(alt) => { images.onUpload(pendingImage, alt); setPendingImage(null); }} onCancel={() => setPendingImage(null)} /> : null}
      {images?.busy ? <p role="status" className={css({ px: '3', py: '1', fontSize: 'sm', color: 'fg.muted' })}>{t('memory-image_uploading')}</p> : null}
      {images?.error && !pendingImage ? <p role="alert" className={css({ px: '3', py: '1', fontSize: 'sm', color: 'danger.text' })}>{images.error}</p> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

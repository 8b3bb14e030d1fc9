// The section editor's comment and image tools (part of the editor's lazy chunk).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorState, type Editor } from '@tiptap/react';
import { ImagePlus, MessageSquarePlus } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { removeThreadMark, threadRange } from './comment-mark';
import type { CommentCommand, EditorComments, EditorImages } from './editor-bridges';

/** What the image upload takes; anything else is left to the browser (and refused by the server). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** The alt text's limit: a sentence or two. */
const ALT_MAX = 300;

/** The image files of a paste or a drop. */
export function imageFilesOf(data: DataTransfer | null | undefined): File[] {
  return Array.from(data?.files ?? []).filter((file) => IMAGE_TYPES.includes(file.type));
}

const tool = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '9',
  px: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
});

/** "Commenter" (enabled on a selection; Ctrl+Alt+M too) and "Image" (a file chooser) in the toolbar. */
export function CommentTools(props: { editor: Editor | null; comments?: EditorComments; images?: EditorImages; onComment: () => boolean; onImage: (file: File) => void }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const selected = useEditorState({ editor: props.editor, selector: ({ editor }) => (editor ? !editor.state.selection.empty : false) });
  return (
    <>
      {props.comments ? (
        <button type="button" className={tool} aria-keyshortcuts="Control+Alt+M" title={t('memory-comment_add_hint')} disabled={!selected} onClick={() => props.onComment()}>
          <MessageSquarePlus size={18} aria-hidden="true" />
          {t('memory-comment_add')}
        </button>
      ) : null}
      {props.images ? (
        <>
          <button type="button" className={tool} disabled={props.images.busy} onClick={() => file.current?.click()}>
            <ImagePlus size={18} aria-hidden="true" />
            {t('memory-image_button')}
          </button>
          <input
            ref={file}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hidden
            tabIndex={-1}
            aria-label={t('memory-image_button')}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) props.onImage(chosen);
            }}
          />
        </>
      ) : null}
    </>
  );
}

/** Asks the image's alt text before it is sent: an image says nothing to who cannot see it. */
export function ImageAltForm(props: { file: File; busy: boolean; error: string | null; onSubmit: (alt: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [alt, setAlt] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(alt.trim());
  };
  return (
    <form noValidate aria-label={t('memory-image_button')} onSubmit={submit} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'flex-end', p: '3', borderBottomWidth: '1px', borderColor: 'border.default', bg: 'bg.subtle' })}>
      <label className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', flex: '1', minW: '14rem' })}>
        <span>
          {t('memory-image_alt_prompt')} <span className={css({ color: 'fg.muted' })}>({props.file.name})</span>
        </span>
        <input
          autoFocus
          maxLength={ALT_MAX}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
          className={css({ h: '9', px: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'sm', bg: 'bg.default', color: 'fg.default', _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' } })}
        />
      </label>
      <Button type="submit" size="sm" disabled={props.busy}>
        {t('memory-image_insert')}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
        {t('memory-comment_cancel')}
      </Button>
    </form>
  );
}

/** Runs each new comment command once: mark a new thread's passage, select one, take one off. */
export function useCommentCommands(editor: Editor | null, command: CommentCommand | null) {
  const done = useRef<number | null>(command?.seq ?? null);
  useEffect(() => {
    if (!editor || !command || done.current === command.seq) return;
    done.current = command.seq;
    if (command.kind === 'apply') {
      const size = editor.state.doc.content.size;
      const from = Math.max(0, Math.min(command.from, size));
      const to = Math.max(from, Math.min(command.to, size));
      if (to > from) editor.chain().setTextSelection({ from, to }).setMark('comment', { threadId: command.threadId }).run();
    } else if (command.kind === 'select') {
      const range = threadRange(editor, command.threadId);
      if (range) editor.chain().focus().setTextSelection(range).scrollIntoView().run();
    } else {
      removeThreadMark(editor, command.threadId);
    }
  }, [editor, command]);
}

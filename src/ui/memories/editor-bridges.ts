// What the page hands the section editor for comments and images (no TipTap here: the page's
// chunk imports these types without loading the editor).

import type { CommentCommand } from '../../machines/memory-comments.machine';

export type { CommentCommand };

export type EditorComments = {
  /** A passage chosen for a comment ("Commenter" or Ctrl+Alt+M): its words and where they are. */
  onStart: (passage: { quote: string; from: number; to: number }) => void;
  command: CommentCommand | null;
  /** Threads resolved: their passages are no longer highlighted. */
  resolved: string[];
};

export type EditorImages = {
  /** Sends the image chosen (button, paste or drop) with its alt text; the page inserts it once stored. */
  onUpload: (file: File, alt: string) => void;
  busy: boolean;
  error: string | null;
};

// A buyer's technical response frame (cadre de réponse technique, cadre de mémoire technique,
// questionnaire technique): the items the mémoire must answer, in the buyer's order and numbering,
// and where in the buyer's own file each answer goes.

/** A limit the frame sets on one item ("10 000 caractères maximum", "2 pages maximum"), with the words stating it. */
export type FrameLimit = { pages?: number; characters?: number; words?: number; excerpt: string };

/**
 * Where an answer goes in the buyer's DOCX. `paragraph`: a placeholder paragraph (a line of dots,
 * "Réponse du candidat :", an empty paragraph after a question), by its index among the
 * document body's `w:p` elements in document order, those inside tables included. `cell`: a table
 * cell to fill, by the index of its first `w:p` the same way, with the cell's row label (the
 * parameter the buyer asks a value for) and its column heading.
 */
export type FrameAnswerPlace =
  | { kind: 'paragraph'; paragraphIndex: number }
  | { kind: 'cell'; paragraphIndex: number; table: number; row: number; column: number; rowLabel: string; columnLabel: string };

export type FrameItem = {
  /** The buyer's number as printed ("2.2.1", "Q3", "A.1"); '' when the heading has none. */
  number: string;
  title: string;
  /** 1 for the frame's top headings. */
  level: number;
  /** The buyer's words under the heading up to the next item, as plain text (lines kept): never exported as the candidate's text. */
  prompt: string;
  answerPlaces: FrameAnswerPlace[];
  limit: FrameLimit | null;
  /** The award criterion the frame ties the item to, in its words ("Sous-critère 2.1 - Pondération : 20 %"), when it says so. */
  criterion: { label: string; weight: number | null } | null;
};

/** fillable: the answers can be written into the buyer's file (a DOCX, or an ODT converted to DOCX); a PDF frame gives the outline only. */
export type ResponseFrame = { format: 'docx' | 'odt' | 'pdf'; fillable: boolean; items: FrameItem[] };

import { describe, expect, it } from 'vitest';
import { textMeasure } from './text-measure';
import { NOTE_HEADINGS, buyerText } from './working-notes';

const text = (value: string) => ({ type: 'text', text: value });
const para = (...values: string[]) => ({ type: 'paragraph', content: values.map(text) });
const note = (heading: string, ...lines: string[]) => ({ type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: heading, marks: [{ type: 'bold' }] }] }, ...lines.map((line) => para(line))] });

describe('the text the buyer reads, as the limits count it', () => {
  it('leaves out the outline’s note blockquotes and the source references, and keeps a quote the writer wrote', () => {
    const content = {
      type: 'doc',
      content: [
        note(NOTE_HEADINGS.buyer, 'Le candidat décrit la formation des utilisateurs (RC_2026FCSSA0025 v2.pdf, p. 11).'),
        note(NOTE_HEADINGS.requirements, 'Formation de deux jours sur site.'),
        para('Nous formons huit personnes sur deux jours (CCTP_2026 v2.pdf, p. 4).'),
        { type: 'blockquote', content: [para('Une citation de notre client.')] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [para('Support inclus.')] }] },
      ],
    };
    expect(buyerText(content)).toBe('Nous formons huit personnes sur deux jours.\nUne citation de notre client.\nSupport inclus.');
    expect(textMeasure(buyerText(content)).words).toBe(14);
  });

  it('reads nothing from what is not a document', () => {
    expect(buyerText(null)).toBe('');
    expect(buyerText({ type: 'doc' })).toBe('');
  });
});

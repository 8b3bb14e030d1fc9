import { describe, expect, it } from 'vitest';
import { docToText, textToDoc } from './block-text';

describe('a block typed as plain text', () => {
  it('blank lines part paragraphs, a line break stays inside one, "- " lines make a list', () => {
    expect(textToDoc('Fondée en 1987.\nÀ Grenoble.\n\n\n- Tri\n- Valorisation\n\n  ')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Fondée en 1987.' }, { type: 'hardBreak' }, { type: 'text', text: 'À Grenoble.' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tri' }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Valorisation' }] }] },
          ],
        },
      ],
    });
    expect(textToDoc('   ')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('a stored document comes back as the same text', () => {
    const text = 'Plan de prévention.\nAccueil sécurité.\n\n- PPSPS sous 30 jours\n- EPI contrôlés';
    expect(docToText(textToDoc(text))).toBe(text);
    expect(docToText({ type: 'doc', content: [{ type: 'heading', content: [{ type: 'text', text: 'Titre', marks: [{ type: 'bold' }] }] }] })).toBe('Titre');
    expect(docToText(null)).toBe('');
  });
});

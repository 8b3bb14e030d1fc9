import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import SectionEditor from './SectionEditor';
// JSON, not a literal: Panda reads a component's `content` prop as the CSS property and would extract the document.
import doc from './section-editor-table.fixture.json';

// The page's CSP (style-src 'self') refuses a style attribute written as markup (setAttribute,
// innerHTML) and any <style> element; styles set through CSSOM (element.style) are allowed. The
// editor must do neither, whatever the section holds (here a table with widths and aligned cells,
// which ProseMirror styles through CSSOM).
const styleAttributes: string[] = [];
const setAttribute = Element.prototype.setAttribute;
const spy = vi.spyOn(Element.prototype, 'setAttribute').mockImplementation(function (this: Element, name: string, value: string) {
  if (name.toLowerCase() === 'style') styleAttributes.push(`${this.tagName} ${value}`);
  setAttribute.call(this, name, value);
});
afterAll(() => spy.mockRestore());
beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

describe('the section editor under a strict CSP', () => {
  it('writes no style attribute and no <style> element', async () => {
    render(<SectionEditor content={doc} label="Moyens" onChange={() => undefined} />);
    const editor = await screen.findByRole('textbox', { name: 'Moyens' });
    await screen.findByText('Technicien');
    expect(document.querySelectorAll('style').length, 'style elements').toBe(0);
    expect(styleAttributes).toEqual([]);
    expect(editor.querySelector('table')).not.toBeNull();
  });
});

import { walkXml, attribute } from './xml';
import { PageWriter } from './pages';

// Elements whose content is not body text: paragraph and run properties (their w:tab elements
// are tab stops), section properties, field instructions, and the fallback copy of drawings
// that Word writes next to their modern form.
const docxSkipped = new Set(['w:pPr', 'w:rPr', 'w:sectPr', 'w:instrText', 'w:delText', 'mc:Fallback', 'w:tblPr', 'w:trPr', 'w:tcPr']);

/** The pages of word/document.xml: paragraphs are lines, table rows lines of tab-separated cells. */
export function docxPages(xml: string): string[] {
  const out = new PageWriter();
  let skipped: string | undefined;
  let skipDepth = 0;
  let inText = false;
  let cellDepth = 0;
  walkXml(xml, {
    open(name, attributes) {
      if (skipped) {
        if (name === skipped) skipDepth++;
        return;
      }
      if (docxSkipped.has(name)) {
        skipped = name;
        skipDepth = 1;
        return;
      }
      switch (name) {
        case 'w:t':
          inText = true;
          break;
        case 'w:tab':
          out.tab();
          break;
        case 'w:br':
          if (attribute(attributes, 'w:type') === 'page') out.pageBreak();
          else out.newline();
          break;
        case 'w:cr':
          out.newline();
          break;
        case 'w:noBreakHyphen':
          out.text('-');
          break;
        case 'w:lastRenderedPageBreak':
          out.pageBreak();
          break;
        case 'w:tc':
          cellDepth++;
          break;
      }
    },
    close(name) {
      if (skipped) {
        if (name === skipped && --skipDepth === 0) skipped = undefined;
        return;
      }
      switch (name) {
        case 'w:t':
          inText = false;
          break;
        case 'w:p':
          if (cellDepth > 0) out.space();
          else out.newline();
          break;
        case 'w:tc':
          cellDepth--;
          out.tab();
          break;
        case 'w:tr':
          out.newline();
          break;
      }
    },
    text(text) {
      if (inText && !skipped) out.text(text);
    },
  });
  return out.finish();
}

// Notes, comments and tracked deletions would land in the middle of a sentence.
const odtSkipped = new Set(['text:note', 'office:annotation', 'text:tracked-changes', 'svg:title', 'svg:desc']);

/** Paragraph styles that start a new page (fo:break-before="page"), from the automatic styles. */
function pageBreakStyles(xml: string): Set<string> {
  const names = new Set<string>();
  for (const match of xml.matchAll(/<style:style\b([^<>]*)>([\s\S]*?)<\/style:style>/g)) {
    const name = attribute(match[1]!, 'style:name');
    if (name && /fo:break-before\s*=\s*["']page["']/.test(match[2]!)) names.add(name);
  }
  return names;
}

/** The pages of an ODT's content.xml; LibreOffice marks where it broke pages with soft-page-break. */
export function odtPages(xml: string): string[] {
  const out = new PageWriter();
  const breaks = pageBreakStyles(xml);
  let inBody = false;
  let skipped: string | undefined;
  let skipDepth = 0;
  let paragraphDepth = 0;
  let cellDepth = 0;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'office:text') inBody = true;
      if (!inBody) return;
      if (skipped) {
        if (name === skipped) skipDepth++;
        return;
      }
      if (odtSkipped.has(name)) {
        skipped = name;
        skipDepth = 1;
        return;
      }
      switch (name) {
        case 'text:p':
        case 'text:h': {
          const style = attribute(attributes, 'text:style-name');
          if (style && breaks.has(style)) out.pageBreak();
          paragraphDepth++;
          break;
        }
        case 'text:s':
          out.text(' '.repeat(Math.min(Number(attribute(attributes, 'text:c') ?? 1) || 1, 1000)));
          break;
        case 'text:tab':
          out.tab();
          break;
        case 'text:line-break':
          out.newline();
          break;
        case 'text:soft-page-break':
          out.pageBreak();
          break;
        case 'table:table-cell':
          cellDepth++;
          break;
        case 'table:covered-table-cell':
          out.tab();
          break;
      }
    },
    close(name) {
      if (!inBody) return;
      if (skipped) {
        if (name === skipped && --skipDepth === 0) skipped = undefined;
        return;
      }
      switch (name) {
        case 'office:text':
          inBody = false;
          break;
        case 'text:p':
        case 'text:h':
          paragraphDepth--;
          if (cellDepth > 0) out.space();
          else out.newline();
          break;
        case 'table:table-cell':
          cellDepth--;
          out.tab();
          break;
        case 'table:table-row':
          out.newline();
          break;
      }
    },
    text(text) {
      // ODF collapses white space in paragraphs; spaces that matter are written as text:s.
      if (inBody && !skipped && paragraphDepth > 0) out.text(text.replace(/[ \t\r\n]+/g, ' '));
    },
  });
  return out.finish();
}

// The technical memory as a Word document (issue 12, "Word export"), with `docx`: a cover page, a
// table of contents field Word fills on opening (`updateFields`), chapters and sections numbered
// 1. / 1.1. by a numbering on the heading styles, which carry their outline level (without it
// LibreOffice's index update empties the table), sections' TipTap JSON mapped to Word paragraphs.
// The table of contents is written with its entries; their page numbers come from LibreOffice's
// layout when the server has it (office.ts, `tocPages`), else Word fills them on opening.
// Pictures (the organisation chart, the planning, the company's logo or monogram) are in word/media.
// Headings, the cover's titles and table headers take the company's colour (`colour`), else the house's.
import { Bookmark, ImageRun } from 'docx';
import type { Picture } from './pictures';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  LevelFormat,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type ParagraphChild,
} from 'docx';
import type { TipTapNode } from './tiptap';
import { imageParagraph, type DocxImages } from './docx-images';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export type DocxMemory = {
  title: string;
  company: string;
  call: { title: string; reference: string; buyer: string };
  /** `number`: the buyer's own number of a section made from their response frame, printed instead of ours. */
  sections: { title: string; level: number; content: unknown; number?: string }[];
  date?: Date;
  /** The memory's images, embedded where their nodes are. */
  images?: DocxImages;
};

/** The house colour, when the company has none. */
export const HOUSE_COLOUR = '1F3A5F';
const FONT = 'Calibri';
const HEADINGS = 'soumissio-headings';
const BULLETS = 'soumissio-bullets';
const ORDERED = 'soumissio-ordered';

type Marks = { bold?: boolean; italics?: boolean; underline?: object; strike?: boolean; font?: string; color?: string; size?: number };

/**
 * An emoji with what joins or dresses it (presentation selector, skin tone, zero-width joiner,
 * flags); not ©, ®, ™ or arrows (below U+2300), which text fonts have.
 */
const EMOJI = /(?:(?=[\u2300-\u{10FFFF}])\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\uFE0F|\p{Emoji_Modifier}|\u200D(?:(?=[\u2300-\u{10FFFF}])\p{Extended_Pictographic}))*\uFE0F?/gu;
export const hasEmoji = (text: string) => text.search(EMOJI) >= 0;
const SPACED_EMOJI = new RegExp(`(?: ?(?:${EMOJI.source}))+`, 'gu');
/** The text without its emoji, each with the space before it ('atteints ✅,' is 'atteints,'). */
export const withoutEmoji = (text: string) => text.replace(SPACED_EMOJI, '');

/** A text as runs; its emoji in `emojiFont` when one is given (the PDF: the body font has none). */
function textRuns(text: string, marks: Marks, emojiFont?: string): TextRun[] {
  if (!emojiFont || !hasEmoji(text)) return [new TextRun({ text, ...marks })];
  const out: TextRun[] = [];
  let at = 0;
  for (const match of text.matchAll(EMOJI)) {
    if (match.index > at) out.push(new TextRun({ text: text.slice(at, match.index), ...marks }));
    out.push(new TextRun({ text: match[0], ...marks, font: emojiFont }));
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(new TextRun({ text: text.slice(at), ...marks }));
  return out;
}

/** Text runs of an inline content: bold, italic, underline, strike-through, code, line breaks. */
function inlineRuns(nodes: TipTapNode[] = [], inherited: Marks = {}, emojiFont?: string): ParagraphChild[] {
  return nodes.flatMap((node): ParagraphChild[] => {
    if (node.type === 'hardBreak') return [new TextRun({ break: 1, ...inherited })];
    if (node.type === 'image') return typeof node.attrs?.alt === 'string' && node.attrs.alt ? [new TextRun({ text: `[${node.attrs.alt}]`, italics: true })] : [];
    if (node.type !== 'text') return inlineRuns(node.content, inherited, emojiFont);
    const marks: Marks = { ...inherited };
    for (const mark of node.marks ?? []) {
      if (mark.type === 'bold') marks.bold = true;
      else if (mark.type === 'italic') marks.italics = true;
      else if (mark.type === 'underline' || mark.type === 'link') marks.underline = {};
      else if (mark.type === 'strike') marks.strike = true;
      else if (mark.type === 'code') marks.font = 'Consolas';
    }
    return textRuns(node.text ?? '', marks, emojiFont);
  });
}

/**
 * Word blocks of a section's TipTap document. Lists nest; each list is a new instance of its
 * numbering, counted over the whole document (`lists`), so every ordered list counts from 1.
 */
export function blocksOf(nodes: TipTapNode[] = [], lists = { count: 0 }, images?: DocxImages, colour = HOUSE_COLOUR, emojiFont?: string): FileChild[] {
  const runs = (content: TipTapNode[] | undefined, marks: Marks = {}) => inlineRuns(content, marks, emojiFont);
  const walk = (node: TipTapNode, ctx: { quote?: boolean; list?: { reference: string; instance: number; level: number } }): FileChild[] => {
    const style = ctx.quote ? 'Citation' : undefined;
    switch (node.type) {
      case 'paragraph':
        return [new Paragraph({ style, children: runs(node.content), ...(ctx.list ? { numbering: ctx.list } : {}) })];
      case 'heading':
        return [new Paragraph({ style: 'Heading3', children: runs(node.content) })];
      case 'codeBlock':
        return [new Paragraph({ style, children: runs(node.content, { font: 'Consolas' }) })];
      case 'horizontalRule':
        return [new Paragraph({ thematicBreak: true })];
      case 'blockquote':
        return (node.content ?? []).flatMap((child) => walk(child, { ...ctx, quote: true }));
      case 'bulletList':
      case 'taskList':
      case 'orderedList': {
        const reference = node.type === 'orderedList' ? ORDERED : BULLETS;
        const level = ctx.list ? Math.min(ctx.list.level + 1, 8) : 0;
        const list = { reference, instance: ++lists.count, level };
        return (node.content ?? []).flatMap((item) =>
          (item.content ?? []).flatMap((child, i) =>
            // The item's first paragraph carries the number; the ones after it are indented text.
            child.type === 'paragraph' && i > 0 ? [new Paragraph({ style, children: runs(child.content), indent: { left: 720 * (level + 1) } })] : walk(child, { ...ctx, list }),
          ),
        );
      }
      case 'table':
        return [tableOf(node, colour, emojiFont), new Paragraph({})];
      case 'image':
        return [imageParagraph(node, images, style)];
      default:
        return (node.content ?? []).flatMap((child) => walk(child, ctx));
    }
  };
  return nodes.flatMap((node) => walk(node, {}));
}

/** A table; its first row repeats on every page as the header row, shaded and bold. */
function tableOf(node: TipTapNode, colour: string, emojiFont?: string): Table {
  const border = { style: BorderStyle.SINGLE, size: 4, color: '8C9BAB' };
  const rows = (node.content ?? []).filter((r) => r.type === 'tableRow');
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: border, bottom: border, left: border, right: border, insideHorizontal: border, insideVertical: border },
    rows: rows.map(
      (row, index) =>
        new TableRow({
          tableHeader: index === 0,
          children: (row.content ?? []).map((cell) => {
            const header = index === 0 || cell.type === 'tableHeader';
            const colspan = typeof cell.attrs?.colspan === 'number' && cell.attrs.colspan > 1 ? cell.attrs.colspan : undefined;
            const blocks = (cell.content ?? []).map((p) => new Paragraph({ children: inlineRuns(p.content, header ? { bold: true, color: 'FFFFFF' } : {}, emojiFont) }));
            return new TableCell({
              children: blocks.length ? blocks : [new Paragraph({})],
              columnSpan: colspan,
              ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: colour } } : {}),
            });
          }),
        }),
    ),
  });
}

/** A memory made from the buyer's response frame keeps the buyer's numbers: its headings are not numbered by us. */
const buyerNumbered = (sections: DocxMemory['sections']) => sections.some((s) => s.number !== undefined);
const headingText = (section: DocxMemory['sections'][number]) => (section.number ? `${section.number} ${section.title}` : section.title);

const heading = (level: 0 | 1 | 2, colour: string, numbered = true) => ({
  id: `Heading${level + 1}`,
  name: `heading ${level + 1}`,
  basedOn: 'Normal',
  next: 'Normal',
  quickFormat: true,
  run: { font: FONT, bold: true, color: colour, size: [32, 26, 23][level] },
  paragraph: {
    outlineLevel: level,
    keepNext: true,
    keepLines: true,
    spacing: { before: [360, 240, 200][level], after: 120 },
    ...(level < 2 && numbered ? { numbering: { reference: HEADINGS, level }, indent: { left: [567, 851][level], hanging: [567, 851][level] } } : {}),
  },
});

const frenchDate = (date: Date) => new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(date);

/** What dresses the document beyond its text. */
export type DocxDressing = {
  /** The company's logo (or its monogram): on the cover and in the header. */
  logo?: Picture;
  /**
   * The colour of headings, the cover's titles and table headers (hex, no '#'), readable in white
   * on it and on white paper (see readableColour); the house colour when absent.
   */
  colour?: string;
  /** Pictures shown at the end of a section (the chart, the planning), by the section's index. */
  pictures?: Map<number, Picture[]>;
  /** The page of each table of contents entry, as LibreOffice laid the document out. */
  tocPages?: number[];
  /** The font emoji are drawn with (the PDF's: the body font has none); absent: the reader's fallback (Word's). */
  emojiFont?: string;
};

/** The headings of a section's own text, in the order blocksOf writes them (not those inside tables). */
function headingsIn(nodes: TipTapNode[] = []): string[] {
  const text = (node: TipTapNode): string => (node.type === 'text' ? (node.text ?? '') : (node.content ?? []).map(text).join(''));
  return nodes.flatMap((node) => (node.type === 'heading' ? [text(node)] : node.type === 'table' ? [] : headingsIn(node.content)));
}

/** The table of contents' entries: chapters and sections numbered as their headings are, then the sections' own headings. */
export function tocEntries(sections: DocxMemory['sections']): { title: string; level: number; href?: string }[] {
  let chapter = 0;
  let sub = 0;
  const buyers = buyerNumbered(sections);
  return sections.flatMap((section, index) => {
    if (section.level === 2) sub += 1;
    else [chapter, sub] = [chapter + 1, 0];
    const number = section.level === 2 ? `${chapter}.${sub}.` : `${chapter}.`;
    const own = headingsIn((section.content as { content?: TipTapNode[] } | null)?.content).map((title) => ({ title, level: 3 }));
    return [{ title: buyers ? headingText(section) : `${number} ${section.title}`, level: section.level === 2 ? 2 : 1, href: sectionAnchor(index) }, ...own];
  });
}
const sectionAnchor = (index: number) => `_TocSection${index}`;

/** A picture centred on its own line, its title under it in italics. */
const pictureBlocks = (pictures: Picture[] = []) =>
  pictures.flatMap((picture) => [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      keepNext: true,
      spacing: { before: 240 },
      children: [new ImageRun({ type: picture.type ?? 'png', data: picture.data, transformation: { width: picture.width, height: picture.height }, altText: { name: picture.title, title: picture.title, description: picture.title } })],
    }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: picture.title, italics: true, size: 18, color: '44546A' })] }),
  ]);

/** The memory as a DOCX file. */
export async function memoryDocx(memory: DocxMemory & DocxDressing): Promise<Buffer> {
  const COLOUR = memory.colour ?? HOUSE_COLOUR;
  // A logo is fitted in a box `size` high and three times as wide, keeping its proportions.
  const fit = (picture: Picture, size: number) => {
    const scale = Math.min(size / picture.height, (size * 3) / picture.width);
    return { width: Math.max(1, Math.round(picture.width * scale)), height: Math.max(1, Math.round(picture.height * scale)) };
  };
  const logo = (size: number) =>
    memory.logo ? [new ImageRun({ type: memory.logo.type ?? 'png', data: memory.logo.data, transformation: fit(memory.logo, size), altText: { name: 'Logo', title: memory.company, description: `Logo ${memory.company}` } })] : [];
  const centred = (text: string, size: number, options: { bold?: boolean; colour?: string; before?: number } = {}) =>
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: options.before ?? 0, after: 200 }, children: textRuns(text, { size, bold: options.bold, color: options.colour }, memory.emojiFont) });
  const cover = [
    ...(memory.logo ? [new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 600 }, children: logo(110) })] : []),
    centred(memory.company, 36, { bold: true, colour: COLOUR, before: memory.logo ? 400 : 1800 }),
    centred(memory.title, 48, { bold: true, colour: COLOUR, before: 1600 }),
    centred(memory.call.title, 30, { before: 400 }),
    centred(`Référence : ${memory.call.reference}`, 24, { before: 800 }),
    centred(`Acheteur : ${memory.call.buyer}`, 24),
    centred(frenchDate(memory.date ?? new Date()), 24, { before: 800 }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
  const toc = [
    new Paragraph({ children: [new TextRun({ text: 'Sommaire', bold: true, size: 32, color: COLOUR })], spacing: { after: 240 } }),
    // Written with its entries, so that it is never empty; dirty (Word updates it) until the pages are known.
    new TableOfContents('Sommaire', {
      hyperlink: true,
      headingStyleRange: '1-3',
      beginDirty: !memory.tocPages,
      cachedEntries: tocEntries(memory.sections).map((entry, i) => ({ ...entry, page: memory.tocPages?.[i] })),
    }),
  ];
  const lists = { count: 0 };
  const body = memory.sections.flatMap((section, index) => [
    // Each chapter opens a page; the first one also leaves the table of contents' page.
    new Paragraph({ style: section.level === 2 ? 'Heading2' : 'Heading1', pageBreakBefore: index === 0 || section.level !== 2, children: [new Bookmark({ id: sectionAnchor(index), children: textRuns(headingText(section), {}, memory.emojiFont) })] }),
    ...blocksOf((section.content as { content?: TipTapNode[] } | null)?.content, lists, memory.images, COLOUR, memory.emojiFont),
    ...pictureBlocks(memory.pictures?.get(index)),
  ]);
  const document = new Document({
    creator: memory.company,
    title: memory.title,
    // Word asks to update the fields on opening only when the page numbers are not written.
    features: { updateFields: !memory.tocPages },
    styles: {
      default: { document: { run: { font: FONT, size: 22 }, paragraph: { spacing: { after: 120 } } } },
      paragraphStyles: [
        heading(0, COLOUR, !buyerNumbered(memory.sections)),
        heading(1, COLOUR, !buyerNumbered(memory.sections)),
        heading(2, COLOUR),
        { id: 'Citation', name: 'Citation', basedOn: 'Normal', next: 'Normal', quickFormat: true, run: { italics: true, color: '44546A' }, paragraph: { indent: { left: 720, right: 360 } } },
      ],
    },
    numbering: {
      config: [
        {
          reference: HEADINGS,
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 567, hanging: 567 } } } },
            { level: 1, format: LevelFormat.DECIMAL, text: '%1.%2.', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 851, hanging: 851 } } } },
          ],
        },
        {
          reference: BULLETS,
          levels: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((level) => ({ level, format: LevelFormat.BULLET, text: ['•', '◦', '▪'][level % 3]!, alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } } })),
        },
        {
          reference: ORDERED,
          levels: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((level) => ({
            level,
            format: [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN][level % 3]!,
            text: `%${level + 1}.`,
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        properties: { titlePage: true },
        headers: {
          default: new Header({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [...logo(22), new TextRun({ text: `${memory.logo ? '  ' : ''}${memory.company}`, color: '7F7F7F', size: 18 })] })] }),
          first: new Header({ children: [new Paragraph({})] }),
        },
        footers: {
          default: new Footer({ children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' sur ', PageNumber.TOTAL_PAGES], size: 18 })] })] }),
          first: new Footer({ children: [new Paragraph({})] }),
        },
        children: [...cover, ...toc, ...body],
      },
    ],
  });
  return Packer.toBuffer(document);
}

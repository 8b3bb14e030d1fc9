// A section's image in the Word export: the stored bytes embedded (word/media), scaled to the
// text's width. Kept apart from docx.ts so that the export's layout and its images change apart.
import { ImageRun, Paragraph, TextRun } from 'docx';
import type { TipTapNode } from './tiptap';

/** The memory's images by the URL their nodes name them with (`/api/memory-images/<id>`). */
export type DocxImages = Map<string, { data: Buffer; mime: string }>;

/** The text's width on an A4 page with Word's default margins, in pixels at 96 to the inch. */
const MAX_WIDTH = 600;
const DOCX_TYPES: Record<string, 'png' | 'jpg' | 'gif'> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif' };

/** Pixel size of a PNG, GIF or JPEG from its header; undefined when it cannot be read. */
export function imageSize(data: Buffer, mime: string): { width: number; height: number } | undefined {
  try {
    if (mime === 'image/png' && data.length >= 24) return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
    if (mime === 'image/gif' && data.length >= 10) return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
    if (mime === 'image/jpeg') {
      // Walk the segments to the first start-of-frame, which holds the size.
      let at = 2;
      while (at + 9 < data.length) {
        if (data[at] !== 0xff) return undefined;
        const marker = data[at + 1]!;
        if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
        at += 2 + data.readUInt16BE(at + 2);
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The paragraph showing an image node: its picture when the memory holds it in a type Word takes
 * (WebP is not one for the docx library), otherwise its alt text in brackets, as before.
 */
export function imageParagraph(node: TipTapNode, images: DocxImages | undefined, style?: string): Paragraph {
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt.trim() : '';
  const file = typeof node.attrs?.src === 'string' ? images?.get(node.attrs.src) : undefined;
  const type = file && DOCX_TYPES[file.mime];
  const size = file && type && imageSize(file.data, file.mime);
  if (!file || !type || !size || size.width <= 0 || size.height <= 0) {
    return new Paragraph({ style, children: alt ? [new TextRun({ text: `[${alt}]`, italics: true })] : [] });
  }
  const scale = Math.min(1, MAX_WIDTH / size.width);
  return new Paragraph({
    style,
    children: [
      new ImageRun({
        type,
        data: file.data,
        transformation: { width: Math.round(size.width * scale), height: Math.max(1, Math.round(size.height * scale)) },
        altText: { name: alt || 'image', description: alt, title: alt },
      }),
    ],
  });
}

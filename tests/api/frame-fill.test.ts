// fillFrame on the Grenoble INP CRTE (server/analysis/frame): only the answer places of word/document.xml change,
// the rest of the buyer's package stays byte for byte, and LibreOffice shows each answer under its item.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bullets, doc, heading, para, bold, type TipTapDoc, type TipTapNode } from '../../server/domains/memories/tiptap';
import { fillFrameWithReport } from '../../server/analysis/frame/fill-frame';
import { bodyParagraphs, descendants, parseXml } from '../../server/analysis/frame/ooxml';
import { readFrame } from '../../server/analysis/frame/read-frame';

const CRTE = join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/CRTE_2026FCSSA0025 v2.docx');
const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

const cell = (text: string): TipTapNode => ({ type: 'tableCell', content: [para(text)] });
const row = (...texts: string[]): TipTapNode => ({ type: 'tableRow', content: texts.map(cell) });

// Item 2.1: its value table (rows given out of the frame's order: matched by their labels) and a comment.
const finesse: TipTapDoc = doc(
  {
    type: 'table',
    content: [
      row('Paramètre', 'Valeur proposée par le candidat'),
      row('Tolérance sur largeur de piste (µm) - Exigence CCTP : ≤ ± 20 µm', '15'),
      row('Largeur minimale de piste (track width) atteignable (µm) - Exigence CCTP : ≤ 100 µm', '50'),
      row('Espacement minimal entre pistes atteignable (µm) - Exigence CCTP : ≤ 100 µm', '60'),
      row('Répétabilité du système (µm) - Exigence CCTP : ≤ ± 10 µm', '5'),
    ],
  },
  para('Mesures faites sur FR4 ', bold('selon le protocole <IPC-2221> & nos essais'), '.'),
);
const livraison: TipTapDoc = doc(heading(3, 'Délai'), para('Livraison sous 4 mois à compter de la notification.'), bullets(['Préavis de 10 jours', 'Transport en caisse bois']), {
  type: 'image',
  attrs: { src: '/x.png', alt: 'photo' },
});

describe('fillFrame on the Grenoble INP CRTE', async () => {
  const original = await readFile(CRTE);
  const frame = (await readFrame(original, 'CRTE_2026FCSSA0025 v2.docx'))!;
  const at = (number: string) => frame.items.findIndex((item) => item.number === number);
  const { docx, leftOut } = await fillFrameWithReport(original, frame, [
    { item: at('2.1'), content: finesse },
    { item: at('3.1'), content: livraison },
  ]);
  const before = unzipSync(new Uint8Array(original));
  const after = unzipSync(new Uint8Array(docx));
  const beforeXml = new TextDecoder().decode(before['word/document.xml']);
  const afterXml = new TextDecoder().decode(after['word/document.xml']);

  it('keeps every other part of the package byte for byte', () => {
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const name of Object.keys(before)) if (name !== 'word/document.xml') expect(Buffer.compare(Buffer.from(after[name]!), Buffer.from(before[name]!)), name).toBe(0);
  });

  it('changes the XML only inside the answer places of the two items', () => {
    // The original cut at its answer places (the paragraph places, the content of the answer cells):
    // the output must be the same pieces, in order, with only the answers between them.
    const paragraphs = bodyParagraphs(descendants(parseXml(beforeXml)!, 'w:body')[0]!);
    const spans = [frame.items[at('2.1')]!, frame.items[at('3.1')]!]
      .flatMap((item) => item.answerPlaces)
      .map((place) => {
        const p = paragraphs[place.paragraphIndex]!;
        if (place.kind === 'paragraph') return [p.start, p.end] as const;
        const tc = p.parent!;
        const ps = tc.children.filter((c) => c.name === 'w:p');
        return [ps[0]!.start, ps.at(-1)!.end] as const;
      })
      .sort((a, b) => a[0] - b[0]);
    const outside: string[] = [];
    let from = 0;
    for (const [start, end] of spans) {
      outside.push(beforeXml.slice(from, start));
      from = end;
    }
    outside.push(beforeXml.slice(from));
    let position = 0;
    const inserted: string[] = [];
    outside.forEach((piece, index) => {
      const found = index === 0 ? (afterXml.startsWith(piece) ? 0 : -1) : afterXml.indexOf(piece, position);
      expect(found, `piece ${index} of the original`).toBeGreaterThanOrEqual(0);
      if (index > 0) inserted.push(afterXml.slice(position, found));
      position = found + piece.length;
    });
    expect(position).toBe(afterXml.length);
    expect(inserted).toHaveLength(spans.length);
    // The answer cells hold the values; the comment is escaped; 3.1's second placeholder... there is one.
    expect(inserted.join('')).toContain('&lt;IPC-2221&gt; &amp; nos essais');
    expect(inserted.join('')).toContain('xml:space="preserve"');
    expect(parseXml(afterXml)).not.toBeNull();
  });

  it('writes each table value in the row of its parameter, and reports the image left out', async () => {
    const refilled = (await readFrame(docx, 'CRTE_2026FCSSA0025 v2.docx'))!;
    const finesseItem = refilled.items.find((item) => item.number === '2.1')!;
    // The filled cells are no longer dotted answer places; the reader still finds the item.
    expect(finesseItem.title).toBe('Finesse de structuration laser');
    expect(afterXml).toMatch(/50[^<]*<\/w:t>.*?µm/s);
    const largeur = afterXml.indexOf('Largeur minimale de piste');
    const tolerance = afterXml.indexOf('Tolérance sur largeur de piste');
    expect(afterXml.slice(largeur, tolerance)).toContain('>50');
    expect(afterXml.slice(tolerance, afterXml.indexOf('Répétabilité du système'))).toContain('>15');
    expect(leftOut).toEqual([{ item: at('3.1'), elements: ['image'] }]);
  });

  it.skipIf(!existsSync(SOFFICE))('opens in LibreOffice with each answer under its item', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'frame-fill-'));
    try {
      await writeFile(join(dir, 'filled.docx'), docx);
      await new Promise<void>((resolve, reject) =>
        execFile(SOFFICE, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'txt:Text', '--outdir', dir, join(dir, 'filled.docx')], { timeout: 120_000 }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      const text = await readFile(join(dir, 'filled.txt'), 'utf8');
      const body = text.slice(text.indexOf('Finesse de structuration laser\n'));
      const order = ['Finesse de structuration laser', 'Largeur minimale de piste', '50', 'Tolérance sur largeur', '15', 'Répétabilité du système', '5', 'selon le protocole <IPC-2221> & nos essais', 'Performances du procédé', 'Livraison', 'Délai', 'Livraison sous 4 mois', '• Préavis de 10 jours', '• Transport en caisse bois', 'Installation et mise en service'];
      let position = 0;
      for (const words of order) {
        const found = body.indexOf(words, position);
        expect(found, words).toBeGreaterThanOrEqual(0);
        position = found + words.length;
      }
      // The placeholder of 3.1 is gone; the one of 3.2 (no answer) stays.
      const livraisonText = body.slice(body.indexOf('Livraison sous 4 mois'), body.indexOf('Installation et mise en service'));
      expect(livraisonText).not.toMatch(/……/);
      expect(body.slice(body.indexOf('Installation et mise en service'), body.indexOf('Formation\n'))).toMatch(/………/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

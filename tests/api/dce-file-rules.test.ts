// The RC's rules on the pli's files (fact fileRules, server/analysis/dce/file-rules.ts): on the
// three fixture RCs that state some, on sentences worded otherwise, and on texts that are no such rule.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyDocument, extractFacts } from '../../server/analysis/dce';
import { fileRulePartsOf, type FileRules } from '../../server/analysis/dce/file-rules';
import type { AnalysedDocument, DocumentKind, Fact } from '../../server/analysis/dce/types';
import { runExtraction } from '../../server/extraction/run';

type Doc = AnalysedDocument & { kind: DocumentKind };

const doc = (kind: DocumentKind, ...pages: string[]): Doc => ({ documentId: `doc-${kind}`, entry: null, fileName: `${kind}.pdf`, pages: pages.map((text, at) => ({ page: at + 1, text })), kind });
const factOf = (...docs: Doc[]): Fact | undefined => extractFacts(docs).find((fact) => fact.key === 'fileRules');
const rulesOf = (kind: DocumentKind, text: string) => factOf(doc(kind, text))?.value as FileRules | undefined;

const RCS: Record<string, string> = {
  'dae-amoa-2025': 'RC_DAE-AMOA-2025.pdf',
  'bourget-infogerance-2025': 'RC.pdf',
  'grenoble-inp_2026FCSSA0025': 'RC_2026FCSSA0025 v2.pdf',
};
const rcs = new Map<string, Doc>();

beforeAll(async () => {
  for (const [set, fileName] of Object.entries(RCS)) {
    const result = await runExtraction({ path: join('tests/fixtures/dce', set, fileName), fileName }, {});
    const pages = result.parts.flatMap((part) => part.pages.map((page) => ({ page: page.page, text: page.text })));
    rcs.set(set, { documentId: set, entry: null, fileName, pages, kind: classifyDocument(fileName, pages) });
  }
}, 120_000);

describe('fileRules on the fixture RCs (labels in tests/fixtures/dce-labels)', () => {
  it('DAE AMOA: the accepted list, the executables refused, 1 Go per file, each with its sentence', () => {
    const fact = factOf(rcs.get('dae-amoa-2025')!);
    expect(fact?.value).toEqual({ accepted: ['pdf', 'doc', 'xls', 'ppt', 'odt', 'ods', 'odp', 'jpg', 'png', 'html'], refused: ['exe', 'com', 'scr'], maxFileBytes: 1024 ** 3 });
    expect(fact?.sources.map((s) => [s.page, s.excerpt])).toEqual([
      [13, 'Les formats acceptés sont les suivants : .pdf, .doc, .xls, .ppt, .odt , .ods, .odp, ainsi que les formats images .jpg, .png et les documents au format .html.'],
      [13, 'Le candidat ou le soumissionnaire ne doit pas utiliser de code actif dans sa réponse, tels que : - Formats exécutables, notamment : .exe, .com, .scr ;'],
      [13, '- ActiveX, Applets, scripts La taille de chaque fichier déposé par les entreprises ne peut excéder 1 Go.'],
    ]);
    // The folder finds which sentence backs which part.
    expect(fact?.sources.map((s) => Object.keys(fileRulePartsOf(s.excerpt)))).toEqual([['accepted'], ['refused'], ['maxFileBytes']]);
  });

  it('Bourget: any widely available format, .exe refused; the list of formats to read the DCE with is no accepted list', () => {
    const fact = factOf(rcs.get('bourget-infogerance-2025')!);
    expect(fact?.value).toEqual({ anyCommonFormat: true, refused: ['exe'] });
    expect(fact?.sources.map((s) => s.excerpt)).toEqual([
      'Aucun format électronique n\'est préconisé pour la transmission des documents.',
      'En outre le soumissionnaire est invité : - à ne pas utiliser certains formats, notamment les « .exe » ;',
    ]);
  });

  it('Grenoble INP: "aucun format n\'est préconisé", and the two unnamed folders give no names', () => {
    const fact = factOf(rcs.get('grenoble-inp_2026FCSSA0025')!);
    expect(fact?.value).toEqual({ anyCommonFormat: true });
    expect(fact?.sources).toEqual([{ documentId: 'grenoble-inp_2026FCSSA0025', entry: null, fileName: 'RC_2026FCSSA0025 v2.pdf', page: 10, excerpt: 'Aucun format électronique n\'est préconisé pour la transmission des documents.' }]);
  });
});

describe('fileRules in other wordings', () => {
  it('reads accepted formats, by extension or by name, and a list under its lead-in', () => {
    expect(rulesOf('RC', 'Seuls les formats suivants sont autorisés : PDF, Word et Excel.')).toEqual({ accepted: ['pdf', 'doc', 'docx', 'xls', 'xlsx'] });
    expect(rulesOf('RC', 'Les documents devront être transmis au format PDF.')).toEqual({ accepted: ['pdf'] });
    expect(rulesOf('RC', 'Formats de fichiers acceptés :\n- .pdf ;\n- .docx ;\n- .xlsx.')).toEqual({ accepted: ['pdf', 'docx', 'xlsx'] });
    expect(rulesOf('RC', 'Les formats acceptés sont .pdf et .odt ; les fichiers .zip ne seront pas acceptés.')).toEqual({ accepted: ['pdf', 'odt'], refused: ['zip'] });
  });

  it('reads refused formats and compressed files', () => {
    expect(rulesOf('RC', 'Les fichiers exécutables (.exe, .bat, .msi) sont interdits.')).toEqual({ refused: ['exe', 'bat', 'msi'] });
    expect(rulesOf('RC', 'Les fichiers compressés (.rar, .7z) ne sont pas autorisés.')).toEqual({ refused: ['rar', '7z'] });
  });

  it('reads the pieces to give in PDF, not those allowed an equivalent', () => {
    expect(rulesOf('RC', 'Le mémoire technique sera remis au format PDF.')).toEqual({ pdfRequiredFor: ['MEMOIRE_TECHNIQUE'] });
    expect(rulesOf('RC', 'L\'acte d\'engagement et le mémoire technique seront fournis en format PDF.')).toEqual({ pdfRequiredFor: ['AE', 'MEMOIRE_TECHNIQUE'] });
    expect(rulesOf('RC', 'Le cadre de réponse technique (CRT) complété au format pdf ou équivalent.')).toBeUndefined();
    expect(rulesOf('RC', 'Le BPU sera remis au format PDF et au format Excel.')).toBeUndefined();
  });

  it('reads size caps per file and for the pli, in Go, Mo or Ko', () => {
    expect(rulesOf('RC', 'La taille de chaque fichier ne doit pas dépasser 50 Mo.')).toEqual({ maxFileBytes: 50 * 1024 ** 2 });
    expect(rulesOf('RC', 'Le poids total du pli est limité à 2 Go.')).toEqual({ maxTotalBytes: 2 * 1024 ** 3 });
    expect(rulesOf('RC', 'Aucun fichier ne pourra excéder 100 Mo, et l\'ensemble de la réponse 500 Mo au maximum.')).toEqual({ maxFileBytes: 100 * 1024 ** 2 });
    expect(rulesOf('CCAP', 'Chaque document transmis aura une taille maximale de 1,5 Go.')).toEqual({ maxFileBytes: 1.5 * 1024 ** 3 });
  });

  it('keeps the naming rule in the RC\'s words and the folders\' own names in order', () => {
    const naming = 'Les fichiers seront nommés selon le code de la pièce (exemple : AE.pdf, DC1.pdf).';
    expect(rulesOf('RC', naming)).toEqual({ naming: { rule: naming } });
    expect(rulesOf('RC', 'Le nom de chaque fichier devra comporter le nom du candidat et l\'intitulé de la pièce.')).toEqual({ naming: { rule: 'Le nom de chaque fichier devra comporter le nom du candidat et l\'intitulé de la pièce.' } });
    expect(rulesOf('RC', 'Le pli contiendra deux sous-dossiers intitulés « A - Pièces administratives » et « B - Offre technique et financière ».')).toEqual({ folders: ['A - Pièces administratives', 'B - Offre technique et financière'] });
  });

  it('reads the CCAP or the AE when there is no RC, and only the RC when there is one', () => {
    expect(factOf(doc('AE', 'Les fichiers exécutables (.exe) sont interdits.'))?.value).toEqual({ refused: ['exe'] });
    expect(factOf(doc('RC', 'Aucun format électronique n\'est préconisé.'), doc('CCAP', 'Les fichiers .exe sont interdits.'))?.value).toEqual({ anyCommonFormat: true });
  });
});

describe('fileRules never guesses', () => {
  it('leaves out what is no rule on the pli\'s files', () => {
    // A CCTP's layout, fonts, memory, its files' formats; the DCE's own files; the platform's advice.
    expect(factOf(doc('CCTP', 'Les plans seront fournis au format A4 et au format PDF. Les fichiers .exe sont interdits.'))).toBeUndefined();
    expect(rulesOf('RC', 'Le mémoire sera présenté au format A4, taille des caractères 11.')).toBeUndefined();
    expect(rulesOf('RC', 'Mémoire vive : 16 Go au maximum par serveur.')).toBeUndefined();
    expect(rulesOf('RC', 'Le dossier de consultation est disponible au format PDF ; le DCE pèse 25 Mo.')).toBeUndefined();
    expect(rulesOf('RC', 'Afin de lire les documents mis à disposition, les candidats doivent disposer des formats .pdf, .docx et .zip.')).toBeUndefined();
    expect(rulesOf('RC', 'La plateforme recommande de ne pas déposer de fichiers de plus de 100 Mo.')).toBeUndefined();
    expect(rulesOf('RC', 'Il est conseillé de transmettre les fichiers au format PDF.')).toBeUndefined();
    expect(rulesOf('RC', 'La durée de transmission est fonction du débit et de la taille des documents à transmettre.')).toBeUndefined();
    // The software's formats in a buyer's frame, a signature's formats, a host name.
    expect(rulesOf('CRT', 'Il précise les formats de fichiers supportés par le logiciel.')).toBeUndefined();
    expect(rulesOf('RC', 'La signature est conforme au format XAdES, CAdES ou PAdES.')).toBeUndefined();
    expect(rulesOf('RC', 'Le support de achatpublic.com ne doit pas être contacté à la dernière minute.')).toBeUndefined();
    // A copie de sauvegarde's mentions name no folder.
    expect(rulesOf('RC', 'Cette copie est placée dans un pli portant la mention « copie de sauvegarde » et « ne pas ouvrir ».')).toBeUndefined();
  });
});

// readFrame (server/analysis/frame) on the two real response frames of the fixtures, labelled by
// hand from the documents as printed (numbers computed by Word's numbering, or typed), and on two
// documents of the same DCE that are not frames.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFrame } from '../../server/analysis/frame/read-frame';

const dce = (set: string, file: string) => join(__dirname, '../fixtures/dce', set, file);
const read = async (set: string, file: string) => readFrame(await readFile(dce(set, file)), file);

describe('readFrame: Grenoble INP CRTE', async () => {
  const frame = (await read('grenoble-inp_2026FCSSA0025', 'CRTE_2026FCSSA0025 v2.docx'))!;
  const item = (number: string) => frame.items.find((i) => i.number === number)!;

  it('lists the items in order with the numbers Word prints (2.1 and 4.2 are list paragraphs the stale contents leave out)', () => {
    expect(frame).toMatchObject({ format: 'docx', fillable: true });
    expect(frame.items.map((i) => i.number)).toEqual([
      '1', '2', '2.1', '2.2', '2.2.1', '2.2.2', '2.2.3', '2.2.4', '2.2.5', '2.2.6', '2.2.7',
      '3', '3.1', '3.2', '3.3', '3.4', '4', '4.1', '4.2', '4.3', '4.4',
      '5', '5.1', '5.1.1', '5.1.2', '5.1.3', '5.1.4', '5.1.5', '5.1.6', '5.1.7', '5.1.8',
      '5.2', '5.2.1', '5.2.2', '5.2.3', '5.2.4', '5.2.5', '5.2.6', '5.2.7', '5.2.8',
    ]);
    expect(item('2.1')).toMatchObject({ title: 'Finesse de structuration laser', level: 2 });
    expect(item('1')).toMatchObject({ title: 'Présentation générale du système proposé', level: 1 });
    expect(item('5.2.8')).toMatchObject({ title: 'PSE n°10f - Maintenance complète 3 ans', level: 3 });
    // Neither the contents, nor the cover, nor the identity block are items.
    expect(frame.items.some((i) => /Candidat|Adresse|Suivi de facturation|CADRE DE RÉPONSE/i.test(i.title))).toBe(false);
  });

  it('keeps the buyer’s words as each item’s prompt, tables by row', () => {
    expect(item('1').prompt).toMatch(/^Le candidat décrit de manière globale le système qu’il propose/);
    expect(item('1').prompt).not.toMatch(/…/);
    expect(item('2.1').prompt).toContain('- largeur minimale de piste ≤ 100 µm');
    expect(item('2.1').prompt).toContain('Paramètre | Valeur proposée par le candidat');
    expect(item('2.1').prompt).toContain('Largeur minimale de piste (track width) atteignable (µm) - Exigence CCTP : ≤ 100 µm');
    expect(item('2.2.1').prompt).toMatch(/^Exigences CCTP : faible zone affectée thermiquement/);
    // A prompt stops at the next item.
    expect(item('2.2').prompt).not.toContain('Qualité de gravure');
  });

  it('finds the value cells and the dotted paragraphs as answer places', () => {
    const places = item('2.1').answerPlaces;
    expect(places.filter((p) => p.kind === 'cell').map((p) => p.kind === 'cell' && [p.row, p.column, p.rowLabel, p.columnLabel])).toEqual([
      [1, 1, 'Largeur minimale de piste (track width) atteignable (µm) - Exigence CCTP : ≤ 100 µm', 'Valeur proposée par le candidat'],
      [2, 1, 'Espacement minimal entre pistes atteignable (µm) - Exigence CCTP : ≤ 100 µm', 'Valeur proposée par le candidat'],
      [3, 1, 'Tolérance sur largeur de piste (µm) - Exigence CCTP : ≤ ± 20 µm', 'Valeur proposée par le candidat'],
      [4, 1, 'Répétabilité du système (µm) - Exigence CCTP : ≤ ± 10 µm', 'Valeur proposée par le candidat'],
    ]);
    expect(places.filter((p) => p.kind === 'paragraph')).toHaveLength(1);
    // The empty value cell of 2.2.2 (no dots) is a place because of its column's heading.
    expect(item('2.2.2').answerPlaces.some((p) => p.kind === 'cell' && p.rowLabel.startsWith('vitesse de structuration'))).toBe(true);
    // The check boxes of 2.2.7, but not the instruction "Joindre attestation ou déclaration CE".
    const conformity = item('2.2.7').answerPlaces.filter((p) => p.kind === 'cell');
    expect(conformity.filter((p) => p.kind === 'cell' && p.columnLabel === 'Conforme')).toHaveLength(5);
    expect(conformity.some((p) => p.kind === 'cell' && p.rowLabel.startsWith('Marquage CE') && p.columnLabel.startsWith('Valeur'))).toBe(false);
    expect(item('3.4').answerPlaces).toHaveLength(3);
    // Headings over sub-items leave no room of their own.
    expect(item('2').answerPlaces).toEqual([]);
    expect(item('5.1').answerPlaces).toEqual([]);
  });

  it('reads the criteria stated in the items, and no limit where none is stated', () => {
    expect(item('2.1').criterion).toEqual({ label: 'Sous-critère 2.1 - Pondération : 20 %', weight: 20 });
    expect(item('3').criterion).toEqual({ label: 'Critère 3 - Pondération : 10 %', weight: 10 });
    expect(item('3.1').criterion).toBeNull();
    expect(frame.items.every((i) => i.limit === null)).toBe(true);
  });
});

describe('readFrame: France Travail "Cadre de réponses"', async () => {
  const frame = (await read('france-travail_010.26_bornes-irve', '010.26 - Marché Bornes électriques - Cadre de réponses - VF.docx'))!;

  it('lists the typed numbers and titles labelled by hand, the buyer’s repeated numbers as printed', () => {
    // Labelled by hand from the document: numbers are typed in the text, no heading styles.
    const expected: [string, string][] = [
      ['1', 'Spécificités techniques des bornes'], ['1.1', 'Étanchéité - Resistance au UV - Solidité'],
      ['2', 'Ergonomie et fonctionnalités de l’outil de Supervision'], ['2.1', 'Ergonomie de l’outil'],
      ['2.1.1', 'Site internet pour l’utilisateur'], ['2.1.2', 'Application mobile pour l’utilisateur'], ['2.1.3', 'Plateforme pour le gestionnaire de flotte'],
      ['2.2', 'Fonctionnalités de l’outil de Supervision'], ['2.2.1', 'Etat de chaque borne et point de charge'], ['2.2.2', 'Gestion de la maintenance à distance'],
      ['2.2.3', 'Détail du processus mis en œuvre en cas d’anomalie'], ['2.2.4', 'Sécurité informatique'],
      ['2.3', 'Suivi des IRVE'], ['2.3.1', 'Suivi des installations'], ['2.3.2', 'Maintenance préventive'], ['2.3.3', 'Résolution des incidents'],
      ['2.4', 'Accompagnement des utilisateurs'], ['2.4.1', 'Paramétrage des badges RFID en fonction du profil'],
      ['2.4.3', 'Numéro d’appel pour les utilisateurs'], ['2.4.3', 'Appropriation des outils pour les gestionnaires France Travail'],
      ['3', 'Prise en compte de la dimension environnementale'], ['3.1', 'Matériel - installation des nouvelles bornes'],
      ['3.1.1', 'Disponibilité des pièces détachées'], ['3.1.2', 'Taux de recyclabilité des pièces et matériaux'], ['3.3.3', 'Matériel – Eco conception et éco-labels'],
      ['3.2', 'Chantiers'], ['3.2.1', 'Organisation du tri sur le chantier'], ['3.2.2', 'Filière de traitement des déchets'],
      ['4', 'Equipes dédiées'], ['4.1', 'Chefferie de projet globale'], ['4.1.1', 'Profil du coordinateur général du projet'],
      ['4.2', 'Equipe dédiée – Fourniture et installation'], ['4.2.1', "Expérience dans d'autres entreprises ou dans des organisations équivalentes"],
      ['4.2.2', "Dimensionnement des équipes d'installation avec qualification IRVE"],
      ['4.3', 'Equipe dédiée – Maintenance'], ['4.3.1', "Expérience dans d'autres entreprises ou dans des organisations équivalentes"],
      ['4.3.2', 'Dimensionnement des équipes de maintenance avec qualification IRVE'],
      ['4.4', 'Equipe dédiée - Supervision'], ['4.4.1', 'Niveau d’expérience des équipes en charge de la supervision'], ['4.4.2', 'Dimensionnement des équipes de supervision des IRVE'],
      ['5', 'Délais d’intervention'], ['5.1', 'Délais d’intervention - Installation'], ['5.1.1', 'Délais pour remettre un devis'],
      ['5.1.2', 'Délais pour le démarrage des travaux d’installation des IRVE'], ['5.2', 'Délais d’intervention – Maintenance corrective'],
      ['5.2.1', "Délais d'intervention"], ['5.2.2', 'Délais de rétablissement'], ['5.3', 'Délais d’intervention – Supervision'],
      ['5.3.1', 'Délais d’intervention –Télémaintenance Supervision'],
      ['6', 'Modalités d’intervention'], ['6.1', 'Process de commande des badges RFID'], ['6.1.1', 'Process de commande des badges RFID'],
      ['6.2', 'Monétisation - Gestion des paiements'], ['6.2.1', 'Process du dispositif de monétisation des recharges par les agents de France Travail'],
      ['7', 'Pilotage de déploiement et reporting'], ['7.1', 'Pilotage de déploiement'], ['7.1.1', 'Pilotage national'], ['7.1.2', 'Pilotage régional'],
      ['8', 'REpRISE du parc actuel'], ['8.1', 'REpRISE du parc actuel'], ['8.1.1', 'Moyens humains dédies à la transition – chefferie de projet'],
      ['8.1.2', 'Capacité de continuité de service et gestion de la transition'],
      ['8.1.3', "Délais d'intégration dans la supervision et délais d'intervention pour le changement des cartes SIM"],
      ['8.1.4', 'Reporting de suivi de reprise du parc actif'],
    ];
    expect(frame.items.map((i) => [i.number, i.title])).toEqual(expected);
    expect(frame.items.find((i) => i.number === '2.1.1')!.level).toBe(3);
  });

  it('gives each question its text box (or the empty line after it) as answer place, and the sections none', () => {
    const leaves = frame.items.filter((i) => i.number.split('.').length === 3 || i.number === '1.1');
    for (const leaf of leaves) expect(leaf.answerPlaces, leaf.number).toHaveLength(1);
    expect(frame.items.find((i) => i.number === '2.1')!.answerPlaces).toEqual([]);
    expect(frame.items.find((i) => i.number === '2.1.1')!.prompt).toMatch(/^Le candidat présente les caractéristiques et fonctionnalités du site/);
    // The identity block ("Raison ou dénomination sociale", "SIRET") is not an item.
    expect(frame.items.some((i) => /SIRET|dénomination/i.test(i.title))).toBe(false);
  });
});

describe('readFrame: documents that are not frames', () => {
  it('returns null for the CCTP (PDF) and the DC1', async () => {
    expect(await read('grenoble-inp_2026FCSSA0025', 'CCTP_2026FCSSA0025 v2.pdf')).toBeNull();
    expect(await read('grenoble-inp_2026FCSSA0025', 'DC1.docx')).toBeNull();
    expect(await readFrame(Buffer.from('not a zip'), 'cadre de réponse.docx')).toBeNull();
  });
});

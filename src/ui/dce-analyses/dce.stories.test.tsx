import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './DceAnalysisView.stories';
import { amoaFileRules, doneAnalysis } from './dce-fixtures';
import { DceFactValue } from './DceFactValue';
import { FactEditDialog, parseExtensions } from './FactEditDialog';
import { findPassage } from '../tender-docs/passage';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Dce = composeStories(stories);
const show = (ui: ReactElement) => {
  cleanup();
  return render(ui);
};
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;

describe('the DCE analysis page', () => {
  it('puts red flags first, then every key fact with its value, its check state and its sources', async () => {
    show(<Dce.Ready />);
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(headings.slice(0, 2)).toEqual(['Points de vigilance', 'Informations clés']);
    expect(screen.getByText('Pénalités de retard inhabituelles (1/500 par jour).')).toBeTruthy();
    const deadline = screen.getByRole('listitem', { name: 'Date limite de remise des offres' });
    expect(within(deadline).getByText('15 juil. 2026, 12:00')).toBeTruthy();
    expect(within(deadline).getByText('Confirmé')).toBeTruthy();
    // Who reviewed it and when; a new run found its source changed: to review, and confirmable again.
    expect(within(deadline).getByText('Confirmé par Claire Durand le 21 juin 2026, 11:15')).toBeTruthy();
    expect(within(deadline).getByText('Source modifiée, à revoir')).toBeTruthy();
    expect(within(deadline).getByRole('button', { name: 'Confirmer : Date limite de remise des offres' })).toBeTruthy();
    const criteria = screen.getByRole('listitem', { name: 'Critères de jugement' });
    expect(within(criteria).getByText('Prix des prestations')).toBeTruthy();
    expect(within(criteria).getByText('40 %')).toBeTruthy();
    expect(within(criteria).getByText('Finesse de structuration laser')).toBeTruthy();
    expect(within(criteria).getByText('Corrigé')).toBeTruthy();
    expect(within(criteria).getByText('Corrigé par Claire Durand le 21 juin 2026, 11:20')).toBeTruthy();
    expect(within(criteria).queryByText('Source modifiée, à revoir')).toBeNull();
    expect(within(criteria).queryByRole('button', { name: /^Confirmer/ })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Procédure' })).getByText('Procédure adaptée (MAPA)')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Lots' })).getByText('Marché non alloti')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Validité des offres' })).getByText('120 jours')).toBeTruthy();
    // What the language model proposed says so, beside its check state, and keeps its confidence line.
    const price = screen.getByRole('listitem', { name: 'Forme des prix' });
    expect(within(price).getByText('Proposé par l\'IA')).toBeTruthy();
    expect(within(price).getByText('À vérifier')).toBeTruthy();
    expect(within(price).getByText('Confiance 50 %')).toBeTruthy();
    expect(within(deadline).queryByText('Proposé par l\'IA')).toBeNull();
    // What the rules did not find says so, and can be entered by hand.
    const warranty = screen.getByRole('listitem', { name: 'Garantie' });
    expect(within(warranty).getByText('Non trouvé dans le DCE')).toBeTruthy();
    expect(within(warranty).getByRole('button', { name: 'Saisir : Garantie' })).toBeTruthy();
    // Documents by kind, and what the template expects that is missing.
    expect(screen.getByText('Règlement de la consultation')).toBeTruthy();
    expect(screen.getByText(/Décomposition du prix global et forfaitaire/)).toBeTruthy();
    // The buyer's financial frame by its own kind; the memory's limit looked for, here not stated.
    expect(screen.getByText('Cadre de réponse financier')).toBeTruthy();
    const limit = screen.getByRole('listitem', { name: 'Limite du mémoire technique' });
    expect(within(limit).getByText('Non trouvé dans le DCE')).toBeTruthy();
  });

  it('says the memory\'s limit as the RC states it, and only that', () => {
    show(<DceFactValue fact={{ key: 'memoryPageLimit', value: { pages: 20, format: 'A4', fontSize: 11, annexesIncluded: false } }} />);
    expect(screen.getByText('20 pages, A4, police 11, annexes non comprises')).toBeTruthy();
    show(<DceFactValue fact={{ key: 'memoryPageLimit', value: { words: 5000 } }} />);
    expect(screen.getByText(/^5\s000 mots$/)).toBeTruthy();
    show(<DceFactValue fact={{ key: 'memoryPageLimit', value: { pages: 1, annexesIncluded: true } }} />);
    expect(screen.getByText('1 page, annexes comprises')).toBeTruthy();
  });

  it('corrects the memory\'s limit field by field and sends only what was filled in', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'memoryPageLimit', value: { pages: 20, format: 'A4' } }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Corriger : Limite du mémoire technique' });
    const pages = within(dialog).getByLabelText('Pages au maximum') as HTMLInputElement;
    expect(pages.value).toBe('20');
    await u.clear(pages);
    await u.type(pages, '15');
    await u.clear(within(dialog).getByLabelText('Format de page'));
    await u.type(within(dialog).getByLabelText('Taille de police'), '11');
    await u.selectOptions(within(dialog).getByLabelText('Annexes'), 'out');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('memoryPageLimit', { pages: 15, fontSize: 11, annexesIncluded: false });
  });

  it('opens a source at its page, confirms a fact, corrects one from its value, and puts the dates in the planning', async () => {
    const u = userEvent.setup();
    show(<Dce.Ready />);
    await u.click(await screen.findByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 11' }));
    expect(arg(Dce.Ready, 'onOpenSource')).toHaveBeenCalledWith(expect.objectContaining({ documentId: doneAnalysis.documents[0]!.documentId, page: 11 }));
    await u.click(screen.getByRole('button', { name: 'Confirmer : Date limite des questions' }));
    expect(arg(Dce.Ready, 'onConfirm')).toHaveBeenCalledWith('questionsDeadline');
    await u.click(screen.getByRole('button', { name: 'Corriger : Visite du site' }));
    expect(arg(Dce.Ready, 'onEdit')).toHaveBeenCalledWith('siteVisit', { required: false });
    await u.click(screen.getByRole('button', { name: 'Ajouter les dates au planning' }));
    expect(arg(Dce.Ready, 'onPlanDates')).toHaveBeenCalled();
  });

  it('says what adding the dates to the planning did, and links to the planning, until the page changes', async () => {
    show(<Dce.DatesPlanned />);
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('3 dates ajoutées au planning.');
    expect(within(done).getByRole('link', { name: 'Voir le planning' }).getAttribute('href')).toBe(`/tenders/${doneAnalysis.tenderId}/planning`);
    show(<Dce.DatesAlreadyPlanned />);
    expect((await screen.findByRole('status')).textContent).toContain('Aucune date ajoutée : les 3 dates confirmées sont déjà au planning.');
  });

  it('shows each state of a run: nothing yet, starting, progress, failure, load error with retry', async () => {
    const u = userEvent.setup();
    show(<Dce.Empty />);
    await u.click(await screen.findByRole('button', { name: 'Analyser le DCE' }));
    expect(arg(Dce.Empty, 'onRun')).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: "Documents de l'appel d'offres" }).getAttribute('href')).toContain('/docs');
    show(<Dce.Running />);
    expect((await screen.findByRole('progressbar', { name: 'Progression de l\'analyse du DCE' })).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Analyse en cours… 40 %')).toBeTruthy();
    show(<Dce.Failed />);
    expect((await screen.findByRole('alert')).textContent).toContain('Le traitement a échoué à plusieurs reprises');
    show(<Dce.LoadError />);
    await u.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(arg(Dce.LoadError, 'onRetry')).toHaveBeenCalled();
  });

  it('lists the runs and shows the one picked', async () => {
    const u = userEvent.setup();
    show(<Dce.History />);
    const history = await screen.findByRole('region', { name: 'Historique des analyses' });
    const runs = within(history).getAllByRole('button');
    expect(runs).toHaveLength(3);
    await u.click(runs[2]!);
    expect(arg(Dce.History, 'onSelect')).toHaveBeenCalledWith('a0000000-0000-4000-8000-000000000003');
  });
});

describe('correcting a fact', () => {
  it('edits the award criteria row by row and sends names and weights', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'awardCriteria', value: [{ name: 'Prix', weight: 40 }, { name: 'Valeur technique', weight: 60 }] }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Corriger : Critères de jugement' });
    const weights = within(dialog).getAllByLabelText('Poids (%)');
    await u.clear(weights[0]!);
    await u.type(weights[0]!, '30');
    await u.click(within(dialog).getByRole('button', { name: 'Ajouter un critère' }));
    const names = within(dialog).getAllByLabelText('Critère');
    await u.type(names[2]!, 'Délai');
    const newWeights = within(dialog).getAllByLabelText('Poids (%)');
    await u.clear(newWeights[2]!);
    await u.type(newWeights[2]!, '10');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('awardCriteria', [
      { name: 'Prix', weight: 30 },
      { name: 'Valeur technique', weight: 60 },
      { name: 'Délai', weight: 10 },
    ]);
  });

  it('a deadline is typed in Paris time and sent as an instant; the server’s refusal shows in the dialog', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'submissionDeadline', value: '2026-07-15T12:00:00+02:00' }} busy={false} error="Le champ « value » est invalide." onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText('Date limite de remise des offres') as HTMLInputElement;
    expect(date.value).toBe('2026-07-15');
    await u.clear(date);
    await u.type(date, '2026-12-01');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // 1 December is winter time: 12:00 in Paris is 11:00 UTC.
    expect(onSave).toHaveBeenCalledWith('submissionDeadline', '2026-12-01T11:00:00.000Z');
    expect(within(dialog).getByRole('alert').textContent).toContain('est invalide');
  });
});

describe('award criteria per group of lots', () => {
  it('shows one block per group, headed by its lots, with the weights as stated, in place of the single list', async () => {
    show(<Dce.CriteriaByLots />);
    const card = await screen.findByRole('listitem', { name: 'Critères de jugement par lot' });
    const first = within(card).getByRole('listitem', { name: 'Lots 1 à 6' });
    expect(within(first).getByText('Prix des prestations')).toBeTruthy();
    expect(within(first).getByText('40 %')).toBeTruthy();
    expect(within(first).getByText('60 %')).toBeTruthy();
    expect(within(first).getByText('Méthodologie et organisation du chantier')).toBeTruthy();
    expect(within(first).getByText('30 %')).toBeTruthy();
    const second = within(card).getByRole('listitem', { name: 'Lot 7' });
    expect(within(second).getByText('Valeur technique au regard du mémoire technique')).toBeTruthy();
    expect(within(second).getByText('60 %')).toBeTruthy();
    expect(within(second).getByText('40 %')).toBeTruthy();
    expect(within(card).getByText('À vérifier')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Confirmer : Critères de jugement par lot' })).toBeTruthy();
    // No "not found" card for the single list the RC does not give.
    expect(screen.queryByRole('listitem', { name: 'Critères de jugement' })).toBeNull();
    // An analysis without groups has no card for them.
    show(<Dce.Ready />);
    await screen.findByRole('listitem', { name: 'Critères de jugement' });
    expect(screen.queryByRole('listitem', { name: 'Critères de jugement par lot' })).toBeNull();
  });

  it('heads a group by its lots: ranges of three or more, the others listed', async () => {
    const groups = [[7], [6, 1, 2, 3, 4, 5], [1, 2, 3, 8], [2, 4]].map((lots) => ({ lots, criteria: [{ name: `Prix ${lots.join('-')}`, weight: 100 }] }));
    show(<DceFactValue fact={{ key: 'awardCriteriaByLots', value: groups }} />);
    const names = (await screen.findAllByRole('listitem')).map((item) => item.getAttribute('aria-label')).filter(Boolean);
    expect(names).toEqual(['Lot 7', 'Lots 1 à 6', 'Lots 1 à 3 et 8', 'Lots 2 et 4']);
  });

  it('edits each group, its lots and its criteria, adds a group, and sends the value the server checks', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    const value = [
      { lots: [1, 2, 3], criteria: [{ name: 'Prix', weight: 40 }, { name: 'Valeur technique', weight: 60, subCriteria: [{ name: 'Méthodologie', weight: 40 }, { name: 'Moyens', weight: 20 }] }] },
      { lots: [4], criteria: [{ name: 'Prix', weight: 60 }, { name: 'Valeur technique', weight: 40 }] },
    ];
    show(<FactEditDialog editing={{ key: 'awardCriteriaByLots', value }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Corriger : Critères de jugement par lot' });
    const first = within(dialog).getByRole('group', { name: 'Groupe 1 · Lots 1 à 3' });
    expect((within(first).getByLabelText('Lots concernés') as HTMLInputElement).value).toBe('1, 2, 3');
    const second = within(dialog).getByRole('group', { name: 'Groupe 2 · Lot 4' });
    const lots = within(second).getByLabelText('Lots concernés');
    await u.clear(lots);
    await u.type(lots, '4-5, 7');
    const weights = within(second).getAllByLabelText('Poids (%)');
    await u.clear(weights[0]!);
    await u.type(weights[0]!, '70');
    await u.clear(weights[1]!);
    await u.type(weights[1]!, '30');
    await u.click(within(dialog).getByRole('button', { name: 'Ajouter un groupe de lots' }));
    const third = within(dialog).getByRole('group', { name: 'Groupe 3' });
    await u.type(within(third).getByLabelText('Lots concernés'), '6');
    await u.type(within(third).getByLabelText('Critère'), 'Prix');
    const weight = within(third).getByLabelText('Poids (%)');
    await u.clear(weight);
    await u.type(weight, '100');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('awardCriteriaByLots', [
      value[0],
      { lots: [4, 5, 7], criteria: [{ name: 'Prix', weight: 70 }, { name: 'Valeur technique', weight: 30 }] },
      { lots: [6], criteria: [{ name: 'Prix', weight: 100 }] },
    ]);
  });

  it('refuses lots it cannot read, and shows the server’s refusal of a group’s weights beside that group', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'awardCriteriaByLots', value: undefined }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    const group = within(dialog).getByRole('group', { name: 'Groupe 1' });
    await u.type(within(group).getByLabelText('Lots concernés'), 'lot un');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(within(group).getByText('Indiquez les numéros des lots, de 1 à 999, séparés par des virgules.')).toBeTruthy();

    show(<Dce.CorrectingCriteriaByLots />);
    const refused = await screen.findByRole('dialog', { name: 'Corriger : Critères de jugement par lot' });
    const message = 'Les pondérations des critères doivent totaliser 100 % (ici 95 %).';
    const lot7 = within(refused).getByRole('group', { name: 'Groupe 2 · Lot 7' });
    expect(within(lot7).getByText(message)).toBeTruthy();
    expect(lot7.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(within(refused).getByRole('group', { name: 'Groupe 1 · Lots 1 à 6' })).queryByText(message)).toBeNull();
    // Edited, the group no longer carries the old refusal.
    const weights = within(lot7).getAllByLabelText('Poids (%)');
    await u.clear(weights[0]!);
    await u.type(weights[0]!, '60');
    expect(within(lot7).queryByText(message)).toBeNull();
  });
});

const FILE_RULES = 'Règles du RC sur les fichiers (formats, tailles, noms, dossiers)';

describe('the RC\'s rules on files', () => {
  it('come after the platform and the signature, each part as the RC states it, with its sentences', async () => {
    show(<Dce.Ready />);
    const facts = (await screen.findAllByRole('listitem')).map((item) => item.getAttribute('aria-labelledby')).filter(Boolean);
    expect(facts.slice(-3)).toEqual(['fact-submissionPlatform', 'fact-electronicSignatureRequired', 'fact-fileRules']);
    // Grenoble INP: no format imposed, from the RC's page 10.
    const grenoble = screen.getByRole('listitem', { name: FILE_RULES });
    expect(within(grenoble).getByText('Formats largement disponibles (aucun format imposé)')).toBeTruthy();
    expect(within(grenoble).getByRole('button', { name: 'Ouvrir RC_2026FCSSA0025 v2.pdf à la page 10' })).toBeTruthy();

    show(<Dce.FileRules />);
    const card = await screen.findByRole('listitem', { name: FILE_RULES });
    expect(within(card).getByText('Formats acceptés : PDF, DOC, XLS, PPT, ODT, ODS, ODP, JPG, PNG, HTML')).toBeTruthy();
    expect(within(card).getByText('Formats refusés : EXE, COM, SCR')).toBeTruthy();
    expect(within(card).getByText('Taille maximale par fichier : 1 Go')).toBeTruthy();
    // Only what the RC states: no line for the parts it does not.
    expect(within(card).queryByText(/^(PDF exigé|Taille maximale du pli|Noms des fichiers|Dossiers|Formats largement)/)).toBeNull();
    // Each part's sentence, two at once and the third behind the disclosure.
    expect(within(card).getAllByRole('button', { name: 'Ouvrir RC_DAE-AMOA-2025.pdf à la page 13' })).toHaveLength(3);
    expect(within(card).getByText('1 autre source')).toBeTruthy();
    expect(within(card).getByText(/« Les formats acceptés sont les suivants : \.pdf, \.doc/)).toBeTruthy();
    const u = userEvent.setup();
    await u.click(within(card).getByRole('button', { name: `Corriger : ${FILE_RULES}` }));
    expect(arg(Dce.FileRules, 'onEdit')).toHaveBeenCalledWith('fileRules', amoaFileRules.value);
  });

  it('says every part: the pieces by their names, sizes as the app writes them, the RC\'s words quoted', () => {
    const value = { anyCommonFormat: true, pdfRequiredFor: ['MEMOIRE_TECHNIQUE', 'AE', 'PV_ESSAIS'], maxFileBytes: 50 * 1024 ** 2, maxTotalBytes: 1.5 * 1024 ** 3, naming: { rule: 'Les fichiers seront nommés selon le code de la pièce (exemple : AE.pdf, DC1.pdf).' }, folders: ['A - Pièces administratives', 'B - Offre technique et financière'] };
    show(<DceFactValue fact={{ key: 'fileRules', value }} />);
    // Sizes as Intl writes them, with a no-break space before the unit.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      'Formats largement disponibles (aucun format imposé)',
      'PDF exigé pour : Mémoire technique, Acte d\'engagement et PV_ESSAIS',
      'Taille maximale par fichier : 50 Mo',
      'Taille maximale du pli : 1,5 Go',
      'Noms des fichiers : « Les fichiers seront nommés selon le code de la pièce (exemple : AE.pdf, DC1.pdf). »',
      'Dossiers : « A - Pièces administratives », « B - Offre technique et financière »',
    ]);
  });

  it('reads extensions as typed: dots, capitals, spaces or semicolons; refuses what is no extension', () => {
    expect(parseExtensions('.PDF, docx; xlsx  odt, pdf')).toEqual(['pdf', 'docx', 'xlsx', 'odt']);
    expect(parseExtensions('*.zip')).toEqual(['zip']);
    expect(parseExtensions('  ')).toEqual([]);
    expect(parseExtensions('pdf, fichier-word')).toBeNull();
    expect(parseExtensions('pdf, abcdefghijk')).toBeNull();
    expect(parseExtensions(Array.from({ length: 51 }, (_, i) => `x${i}`).join(', '))).toBeNull();
  });

  it('corrects the rules part by part and sends only what is filled in, sizes in bytes', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'fileRules', value: amoaFileRules.value }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: `Corriger : ${FILE_RULES}` });
    const accepted = within(dialog).getByLabelText('Formats acceptés') as HTMLInputElement;
    expect(accepted.value).toBe('pdf, doc, xls, ppt, odt, ods, odp, jpg, png, html');
    await u.clear(accepted);
    await u.type(accepted, '.PDF, .docx, .xlsx');
    // The size as the RC gave it: 1 Go, sent back unchanged while untouched.
    expect((within(dialog).getByLabelText('Taille maximale par fichier') as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByLabelText('Unité : Taille maximale par fichier') as HTMLSelectElement).value).toBe('GB');
    await u.type(within(dialog).getByLabelText('Taille maximale du pli'), '1,5');
    await u.selectOptions(within(dialog).getByLabelText('Unité : Taille maximale du pli'), 'GB');
    await u.click(within(dialog).getByRole('checkbox', { name: 'Mémoire technique' }));
    await u.type(within(dialog).getByLabelText('Règle de nommage des fichiers'), 'Les fichiers seront nommés selon le code de la pièce.');
    await u.type(within(dialog).getByLabelText('Noms des dossiers'), 'Candidature{Enter}  {Enter}Offre');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('fileRules', {
      accepted: ['pdf', 'docx', 'xlsx'],
      refused: ['exe', 'com', 'scr'],
      pdfRequiredFor: ['MEMOIRE_TECHNIQUE'],
      maxFileBytes: 1024 ** 3,
      maxTotalBytes: 1.5 * 1024 ** 3,
      naming: { rule: 'Les fichiers seront nommés selon le code de la pièce.' },
      folders: ['Candidature', 'Offre'],
    });
  });

  it('checks the form before sending: extensions, sizes, folders, at least one rule; an error goes once its part is edited', async () => {
    const u = userEvent.setup();
    const onSave = vi.fn();
    show(<FactEditDialog editing={{ key: 'fileRules', value: undefined }} busy={false} error={null} onSave={onSave} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: `Corriger : ${FILE_RULES}` });
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Indiquez au moins une règle du RC sur les fichiers.')).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Formats refusés'), 'exe, fichiers exécutables');
    expect(within(dialog).queryByText('Indiquez au moins une règle du RC sur les fichiers.')).toBeNull();
    await u.type(within(dialog).getByLabelText('Taille maximale par fichier'), '0');
    await u.type(within(dialog).getByLabelText('Noms des dossiers'), Array.from({ length: 11 }, (_, i) => `Dossier ${i + 1}`).join('{Enter}'));
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).not.toHaveBeenCalled();
    const refused = within(dialog).getByLabelText('Formats refusés');
    expect(refused.getAttribute('aria-invalid')).toBe('true');
    // The first part to fix has the focus.
    await waitFor(() => expect(document.activeElement).toBe(refused));
    expect(within(dialog).getByText(/^Indiquez des extensions de fichier/)).toBeTruthy();
    expect(within(dialog).getByText('Indiquez une taille supérieure à zéro, par exemple 500 ou 1,5.')).toBeTruthy();
    expect(within(dialog).getByText('Indiquez 10 dossiers au plus, un par ligne, de 100 caractères au plus chacun.')).toBeTruthy();
    await u.clear(refused);
    await u.type(refused, 'exe');
    expect(within(dialog).queryByText(/^Indiquez des extensions de fichier/)).toBeNull();
    const size = within(dialog).getByLabelText('Taille maximale par fichier');
    await u.clear(size);
    await u.type(size, '200');
    await u.clear(within(dialog).getByLabelText('Noms des dossiers'));
    await u.click(within(dialog).getByRole('checkbox', { name: 'Tout format largement disponible' }));
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(onSave).toHaveBeenCalledWith('fileRules', { refused: ['exe'], anyCommonFormat: true, maxFileBytes: 200 * 1024 ** 2 });
  });

  it('shows the server\'s refusal of a part beside it, until that part is edited', async () => {
    const u = userEvent.setup();
    const message = 'Le champ « Noms des dossiers (n° 2) » doit contenir au plus 100 caractères.';
    show(<FactEditDialog editing={{ key: 'fileRules', value: { folders: ['Candidature', 'Offre'] } }} busy={false} error={message} errorDetails={[{ field: 'value.folders.1', msg: message }]} onSave={vi.fn()} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    const folders = within(dialog).getByLabelText('Noms des dossiers');
    expect(folders.getAttribute('aria-invalid')).toBe('true');
    expect(folders.getAttribute('aria-describedby')).toContain(within(dialog).getAllByText(message).find((node) => node.tagName === 'P' && node.id)!.id);
    await u.type(folders, ' 2');
    expect(folders.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the quoted passage on its page', () => {
  it('is found across the page’s line breaks and column spacing', () => {
    const text = 'Date et heure limites de réception des offres :\n        MERCREDI 15 JUILLET 2026 A 12:00';
    expect(findPassage(text, '« Date et heure limites de réception des offres : MERCREDI 15 JUILLET »')?.start).toBe(0);
    expect(findPassage(text, '')).toBeNull();
  });
});

// Last: the English catalogue stays the interface's language once a story sets it.
describe('in English', () => {
  it('says the RC\'s rules on files and labels their form in English', async () => {
    const En = composeStories(stories, { ...preview, initialGlobals: { theme: 'light', locale: 'en' } });
    show(<En.FileRules />);
    const card = await screen.findByRole('listitem', { name: "The RC's rules on files (formats, sizes, names, folders)" });
    expect(within(card).getByText('Accepted formats: PDF, DOC, XLS, PPT, ODT, ODS, ODP, JPG, PNG, HTML')).toBeTruthy();
    expect(within(card).getByText('Refused formats: EXE, COM, SCR')).toBeTruthy();
    expect(within(card).getByText('Maximum size per file: 1 GB')).toBeTruthy();
    show(<DceFactValue fact={{ key: 'fileRules', value: { naming: { rule: 'Les fichiers seront nommés selon le code de la pièce.' }, folders: ['Candidature', 'Offre'], pdfRequiredFor: ['MEMOIRE_TECHNIQUE'] } }} />);
    expect(screen.getByText('PDF required for: Technical memory')).toBeTruthy();
    expect(screen.getByText('File names: “Les fichiers seront nommés selon le code de la pièce.”')).toBeTruthy();
    expect(screen.getByText('Folders: “Candidature”, “Offre”')).toBeTruthy();
    show(<En.CorrectingFileRules />);
    const dialog = await screen.findByRole('dialog', { name: "Correct: The RC's rules on files (formats, sizes, names, folders)" });
    expect((within(dialog).getByLabelText('Unit: Maximum size per file') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('GB');
    expect(within(dialog).getByLabelText('Accepted formats')).toBeTruthy();
  });
});

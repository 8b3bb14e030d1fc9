// Notice importers (issue 13, Import): every fixture shape mapped to one tender call, field by field
// with values read by hand from the raw files; refusals that never stop a batch; entity bombs refused
// unexpanded; big files streamed at bounded memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { zipSync, strToU8 } from 'fflate';
import { importNotices, sniffFile, type ImportedNotice, type ImportResult } from '../../server/domains/sourcing';

const FIXTURES = join(import.meta.dirname, '../fixtures/sourcing');
const run = promisify(execFile);
const fixture = (name: string) => join(FIXTURES, name);
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'sourcing-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function importAll(input: string | Readable, name?: string): Promise<ImportResult[]> {
  const out: ImportResult[] = [];
  for await (const r of importNotices(input, name)) out.push(r);
  return out;
}

const notices = (results: ImportResult[]) => results.flatMap((r) => ('notice' in r ? [r.notice] : []));
const refusals = (results: ImportResult[]) => results.flatMap((r) => ('refused' in r ? [r.refused] : []));

async function noticeOf(file: string, sourceId?: string): Promise<ImportedNotice> {
  const all = notices(await importAll(fixture(file)));
  const found = sourceId ? all.find((n) => n.sourceId === sourceId) : all[0];
  if (!found) throw new Error(`${sourceId ?? 'a notice'} not imported from ${file}`);
  return found;
}

describe('BOAMP opendatasoft records', () => {
  it('FNSimple: every field of 26-7298, the deadline read as Paris noon despite the +00:00 column', async () => {
    const n = await noticeOf('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json', '26-7298');
    expect(n).toEqual({
      source: 'boamp',
      sourceId: '26-7298',
      shape: 'boamp-ods-fnsimple',
      kind: 'call',
      reference: '2026_TX_AMENAGEMENTS',
      title: "TRAVAUX D'AMENAGEMENTS INTERIEURS ET EXTERIEURS",
      description: "TRAVAUX D'AMENAGEMENTS INTERIEURS ET EXTERIEURS",
      buyer: { name: 'COMMUNE DE LA MADELEINE', siret: '21590368300013' },
      procedure: 'open',
      procedureRaw: 'OUVERT',
      cpv: ['45432111'],
      place: { departements: ['59'], region: 'Hauts-de-France', nuts: [] },
      estimatedAmount: null,
      publishedAt: '2026-01-21',
      deadline: '2026-02-16T12:00:00+01:00',
      deadlineDate: '2026-02-16',
      deadlineZone: 'Europe/Paris',
      lots: [],
      url: 'https://www.boamp.fr/pages/avis/?q=idweb:26-7298',
      related: [],
      awards: [],
    });
    expect(new Date(n.deadline!).toISOString()).toBe('2026-02-16T11:00:00.000Z');
  });

  it('FNSimple lots: numbers taken from "Lot 2 : …", placeholder amounts 0.00 dropped; a range gives its high value', async () => {
    const lots = await noticeOf('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json', '26-7319');
    expect(lots.lots).toEqual([
      { number: '2', title: 'Finition', cpv: ['45410000'], amount: null },
      { number: '5', title: 'Menuiserie', cpv: ['45421000'], amount: null },
    ]);
    // The call's main code first, then the lots' codes.
    expect(lots.cpv).toEqual(['45454100', '45410000', '45421000']);
    const range = await noticeOf('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json', '26-7308');
    expect(range.estimatedAmount).toBe(75000);
    // Published in five départements; "Lieu d'exécution : Normandie" names the region alone.
    expect(range.place).toEqual({ departements: [], region: 'Normandie', nuts: [] });
  });

  it('MAPA: 24-76932 with its buyer reference; July noon in Paris is 10:00 UTC', async () => {
    const n = await noticeOf('nicolasmura_boamp-query_2024_mapa_2records.json', '24-76932');
    expect(n.shape).toBe('boamp-ods-mapa');
    expect(n.kind).toBe('call');
    expect(n.title).toBe("MISSION DE MAITRISE D'OEUVRE CRÉATION D'OUVRAGE D'INFRASTRUCTURE - RESTRUCTURATION DE LA DÉCHETTERIE D'ORANGE");
    expect(n.buyer).toEqual({ name: "Communauté de Communes Pays d'Orange en Provence (84)", siret: null });
    expect(n.reference).toBe('24-061P');
    expect(n.procedure).toBe('adapted');
    expect(n.place).toEqual({ departements: ['84'], region: "Provence-Alpes-Côte d'Azur", nuts: [] });
    expect(n.publishedAt).toBe('2024-07-02');
    expect(n.deadline).toBe('2024-07-25T12:00:00+02:00');
    expect(new Date(n.deadline!).toISOString()).toBe('2024-07-25T10:00:00.000Z');
    expect(n.url).toBe('https://www.boamp.fr/pages/avis/?q=idweb:24-76932');
  });

  it('legacy v110: the hour comes from "à 12 heures", CPV "45454000." cleaned, 18 lots with their codes', async () => {
    const n = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06181100013U');
    expect(n.shape).toBe('boamp-ods-v110');
    expect(n.kind).toBe('call');
    expect(n.title).toBe('restructuration des locaux du collège Volney, à Craon');
    expect(n.description).toBe('restructuration des locaux du collège Volney à Craon, 18 lots détaillés au dernier paragraphe.');
    expect(n.buyer.name).toBe(
      "conseil général de la Mayenne, direction des finances, de l'administration générale et de l'informatique, service juridique et marchés publics.",
    );
    expect(n.procedure).toBe('open');
    expect(n.cpv[0]).toBe('45454000');
    // "LIEU_EXEC: Craon." names a town and no code: published in 53, but no place is guessed.
    expect(n.place).toEqual({ departements: [], region: null, nuts: [] });
    expect(n.publishedAt).toBe('2006-07-04');
    expect(n.deadline).toBe('2006-09-13T12:00:00+02:00');
    expect(n.lots).toHaveLength(18);
    expect(n.lots[0]).toEqual({ number: '1', title: 'Terrassement - VRD', cpv: ['45112500'], amount: null });
  });

  it('legacy v110: the RECTIFICATIF is a correction of its two earlier notices, carrying the moved deadline', async () => {
    const n = await noticeOf('akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'BWP06184060013B');
    expect(n.kind).toBe('correction');
    expect(n.related).toEqual([
      { source: 'boamp', sourceId: 'BWP06173060423D' },
      { source: 'boamp', sourceId: 'BWP06173080211A' },
    ]);
    // "10 juillet 2006, à 12 heures" is to be read "24 juillet 2006, à 12 heures".
    expect(n.deadline).toBe('2006-07-24T12:00:00+02:00');
  });

  it('legacy v110: the ANNULATION is a cancellation; the whole file imports without a refusal', async () => {
    const results = await importAll(fixture('akshaiyganesh_json_api_boamp_2006_v110_20records.json'));
    expect(refusals(results)).toEqual([]);
    expect(notices(results)).toHaveLength(20);
    const cancelled = notices(results).find((n) => n.sourceId === 'BWP06181000031P')!;
    expect(cancelled.kind).toBe('cancellation');
    expect(cancelled.deadline).toBeNull();
    expect(notices(results).filter((n) => n.kind === 'call')).toHaveLength(18);
  });
});

describe('BOAMP DILA', () => {
  it('XML v230: every field of 16-652 (CHU de Saint-Étienne), NUTS 2013 FR715 read as the Loire', async () => {
    const n = await noticeOf('test-pub-9.xml');
    expect(n).toEqual({
      source: 'boamp',
      sourceId: '16-652',
      shape: 'boamp-xml-v230',
      kind: 'call',
      reference: 'DAMR 2016/01',
      title: "prestation d'interim médical en anesthesie-réanimation, CHU, à Saint-Etienne",
      description: "DAMR 2016/01 PRESTATION D'INTERIM MEDICAL EN ANESTHESIE-REANIMATION",
      buyer: { name: 'CHU St Etienne', siret: null },
      procedure: 'adapted',
      procedureRaw: 'PROCEDURE_ADAPTE',
      cpv: ['79625000'],
      place: { departements: ['42'], region: 'Auvergne-Rhône-Alpes', nuts: ['FR715'] },
      estimatedAmount: null,
      publishedAt: '2016-01-05',
      deadline: '2016-01-25T16:00:00+01:00',
      deadlineDate: '2016-01-25',
      deadlineZone: 'Europe/Paris',
      lots: [],
      url: 'https://www.boamp.fr/pages/avis/?q=idweb:16-652',
      related: [],
      awards: [],
    });
  });

  it('XML v230: "+01:00" written on an April deadline is read as Paris summer time', async () => {
    const n = await noticeOf('test-pub-8.xml');
    expect(n.sourceId).toBe('17-40964');
    expect(n.title).toBe("DELEGATION DU SERVICE PUBLIC D'EAU POTABLE");
    // RECEPT_OFFRES 2017-04-26T12:00:00+01:00: noon in Paris, 10:00 UTC, not 11:00.
    expect(n.deadline).toBe('2017-04-26T12:00:00+02:00');
    expect(new Date(n.deadline!).toISOString()).toBe('2017-04-26T10:00:00.000Z');
    expect(n.place.nuts).toEqual(['FR612']);
    expect(n.place.departements).toEqual(['33']);
  });

  it('XML v230: lots with their CPV codes and value', async () => {
    const n = await noticeOf('test-pub-2.xml');
    expect(n.sourceId).toBe('16-181902');
    expect(n.cpv).toEqual(['71240000', '79311000', '71335000']);
    expect(n.lots).toHaveLength(1);
    expect(n.lots[0]!.cpv).toEqual(['71240000', '79311000', '71335000']);
    expect(n.lots[0]!.amount).toBe(50000);
    expect(n.lots[0]!.title.startsWith("Le marché de maîtrise d'oeuvre est décomposé")).toBe(true);
  });

  it('XML v230 award: the winner, amount and decision date, linked to the call it awards', async () => {
    const n = await noticeOf('test-attribution-2.xml');
    expect(n.sourceId).toBe('16-138580');
    expect(n.kind).toBe('award');
    expect(n.related).toEqual([{ source: 'boamp', sourceId: '16-119846' }]);
    expect(n.awards).toEqual([
      { lot: null, winners: [{ name: 'SARL ENVIRONNEMENT & SOLUTIONS', siret: null }], amount: 38820, date: '2017-02-06', offers: null },
    ]);
    expect(n.buyer.name).toBe("Communauté d'Agglomération de Saintes");
  });

  it('XML v230 award: interleaved TITULAIRE/RENSEIGNEMENT pairs give one award each', async () => {
    const n = await noticeOf('test-attribution-6.xml');
    expect(n.sourceId).toBe('17-1515');
    expect(n.awards.map((a) => a.winners[0]!.name)).toEqual(['ADIPAP', 'KEMIRA FRANCE SAS', 'OTV SUD AFRIQUE', 'SAS SNF', 'DIAGONAL WATER TREATMENT']);
    expect(n.awards.every((a) => a.date === '2016-12-29' && a.offers === 6 && a.amount === null)).toBe(true);
  });

  it('XML v230 award per lot, with the TED number of the call (JOUE 252708 of 2016) and the buyer SIRET', async () => {
    const n = await noticeOf('test-attribution-12.xml');
    expect(n.sourceId).toBe('17-2599');
    expect(n.buyer).toEqual({ name: 'C.C.A.S. de Toulon', siret: '26830066200015' });
    expect(n.related).toEqual([
      { source: 'boamp', sourceId: '16-107438' },
      { source: 'ted', sourceId: '252708-2016' },
    ]);
    expect(n.awards[0]).toEqual({
      lot: '1',
      winners: [{ name: 'Brake France Service', siret: null }],
      amount: 130000,
      date: '2016-10-20',
      offers: 3,
    });
    expect(n.awards[1]).toMatchObject({ lot: '2', amount: 60000, offers: 4 });
  });

  it('retired DILA JSON: epoch dates are instants (publication is Paris 14 December, not the UTC 13th)', async () => {
    const n = await noticeOf('20-152081.json');
    expect(n.shape).toBe('boamp-dila-json');
    expect(n.sourceId).toBe('20-152081');
    expect(n.kind).toBe('call');
    expect(n.title).toBe("services de spectacles musicaux, de théâtre, de cirque et assimilés, d'animations culturelles, socio culturelles et de loisirs");
    expect(n.buyer).toEqual({ name: "Commune de Berre l'Etang", siret: null });
    expect(n.procedure).toBe('adapted');
    // Published in 13 (deppublication); its place is "berre l'étang" without a code: no place guessed.
    expect(n.place.departements).toEqual([]);
    // datepublication 1607900400000 = 2020-12-13T23:00Z; receptoffres 1614596400000 = 2021-03-01T11:00Z.
    expect(n.publishedAt).toBe('2020-12-14');
    expect(n.deadline).toBe('2021-03-01T12:00:00+01:00');
  });
});

describe('TED', () => {
  it('R2.0.9 contract notice: every field of 91489-2019, the zone-less time read in the buyer country (France)', async () => {
    const n = await noticeOf('19-090974-001-EXP.xml');
    expect(n).toMatchObject({
      source: 'ted',
      sourceId: '91489-2019',
      shape: 'ted-r209',
      kind: 'call',
      reference: null,
      title: "Marché de service pour l'élaboration, la fabrication et la livraison de repas destinés aux structures intra-hospitalières de l'EPS Erasme",
      description:
        "La présente consultation porte sur l'élaboration, la fabrication et la livraison de repas destinés aux structures intra-hospitalières de l'EPS Erasme.",
      buyer: { name: 'EPS Paul Guiraud', siret: null },
      procedure: 'open',
      procedureRaw: 'PT_OPEN',
      cpv: ['55321000'],
      place: { departements: ['92'], region: 'Île-de-France', nuts: ['FR105'] },
      estimatedAmount: null,
      publishedAt: '2019-02-26',
      deadline: '2019-03-22T15:00:00+01:00',
      deadlineDate: '2019-03-22',
      deadlineZone: 'Europe/Paris',
      lots: [],
      url: 'http://ted.europa.eu/udl?uri=TED:NOTICE:091489-2019:TEXT:FR:HTML',
      related: [],
      awards: [],
    });
  });

  it('R2.0.9 award: lots, a group of two co-contractors sharing one amount, the call it awards', async () => {
    const n = await noticeOf('18-412273-001-EXP.xml');
    expect(n.sourceId).toBe('404080-2018');
    expect(n.kind).toBe('award');
    expect(n.reference).toBe('18.08 BHNS Mandelieu centre');
    expect(n.related).toEqual([{ source: 'ted', sourceId: '92667-2018' }]);
    expect(n.place).toEqual({ departements: ['06'], region: "Provence-Alpes-Côte d'Azur", nuts: ['FRL03'] });
    expect(n.lots.map((l) => l.number)).toEqual(['1', '2', '3', '4', '5']);
    expect(n.lots[0]!.title).toBe('Infrastructures');
    expect(n.awards[0]).toEqual({
      lot: '1',
      winners: [
        { name: 'Eiffage route mediterranée (mandataire)', siret: '39876221100298' },
        { name: 'Gagneraud Construction (cotraitant)', siret: '40268299100102' },
      ],
      amount: 4625137.4,
      date: '2018-08-23',
      offers: 5,
    });
  });

  it('eForms award: LotResult → LotTender → TenderingParty → Organization joined; "00092667-2018" normalised', async () => {
    const n = await noticeOf('18-412273-001-EXP.eforms-converted.xml');
    expect(n.shape).toBe('ted-eforms');
    expect(n.sourceId).toBe('404080-2018');
    expect(n.kind).toBe('award');
    expect(n.procedure).toBe('negotiated');
    expect(n.related).toEqual([{ source: 'ted', sourceId: '92667-2018' }]);
    expect(n.awards[0]).toEqual({
      lot: '1',
      winners: [
        { name: 'Eiffage route mediterranée (mandataire)', siret: '39876221100298' },
        { name: 'Gagneraud Construction (cotraitant)', siret: '40268299100102' },
      ],
      amount: 4625137.4,
      date: '2018-08-23',
      offers: 5,
    });
  });

  it('eForms contract notice and its R2.0.9 original agree; "16:00:00+01:00" in August is 16:00 Paris summer time', async () => {
    const eforms = await noticeOf('21-363118-001-EXP.eforms-converted.xml');
    const r209 = await noticeOf('21-363118-001-EXP.xml');
    expect(eforms).toMatchObject({
      sourceId: '354626-2021',
      kind: 'call',
      reference: '2021-09',
      title: "Marché de maîtrise d'œuvre de niveau Esquisse + pour la construction du nouveau groupe scolaire René Cassin concours restreint",
      buyer: { name: 'Commune de Vétraz-Monthoux', siret: '21740298100013' },
      procedure: 'restricted',
      procedureRaw: 'restricted',
      cpv: ['71200000', '71240000'],
      // The contest gives no place of performance: the buyer's NUTS (FRK28) is where it sits, not a place.
      place: { departements: [], region: null, nuts: [] },
      publishedAt: '2021-07-13',
      deadline: '2021-08-09T16:00:00+02:00',
      url: 'https://ted.europa.eu/udl?uri=TED:NOTICE:354626-2021:TEXT:FR:HTML',
    });
    expect(new Date(eforms.deadline!).toISOString()).toBe('2021-08-09T14:00:00.000Z');
    for (const field of ['sourceId', 'title', 'buyer', 'procedure', 'cpv', 'place', 'publishedAt', 'deadline'] as const) {
      expect(r209[field], field).toEqual(eforms[field]);
    }
  });
});

describe('DECP', () => {
  it('2019 shape: an award keyed on the buyer SIRET + contract id, CPV check digit dropped, place from a postcode', async () => {
    const results = await importAll(fixture('data.gouv.fr_pes_2019-02-03.json'));
    expect(refusals(results)).toEqual([]);
    expect(notices(results)).toHaveLength(110);
    expect(notices(results)[0]).toEqual({
      source: 'decp',
      sourceId: '200030708000162018MAPA062/0200',
      shape: 'decp-2019',
      kind: 'award',
      reference: '2018MAPA062/0200',
      title: 'Charpente, couverture en bacs acier, étancheité, bardage',
      description: 'Charpente, couverture en bacs acier, étancheité, bardage',
      buyer: { name: 'GROUPE EPHESE', siret: '20003070800016' },
      procedure: 'adapted',
      procedureRaw: 'Procédure adaptée',
      cpv: ['45211350'],
      place: { departements: ['02'], region: 'Hauts-de-France', nuts: [] },
      estimatedAmount: null,
      publishedAt: '2019-01-22',
      deadline: null,
      deadlineDate: null,
      deadlineZone: null,
      lots: [],
      url: null,
      related: [],
      awards: [{ lot: null, winners: [{ name: 'ACMT INDUSTRIE', siret: '49037669600012' }], amount: 410500, date: '2018-08-30', offers: null }],
    });
  });

  it('2024 shape: buyer known by SIRET only, winner by SIRET only', async () => {
    const n = await noticeOf('decp-13001845000028-2024-02-29-01.TRANSCRIBED.json');
    expect(n).toMatchObject({
      source: 'decp',
      sourceId: '130018450000282024_D2F_2023S12323_33 962_01',
      shape: 'decp-2024',
      kind: 'award',
      buyer: { name: null, siret: '13001845000028' },
      procedure: 'open',
      cpv: ['72210000'],
      place: { departements: ['93'], region: 'Île-de-France', nuts: [] },
      publishedAt: '2024-02-29',
      awards: [{ lot: null, winners: [{ name: null, siret: '44090956200041' }], amount: 952543.75, date: '2024-01-02', offers: null }],
    });
  });
});

describe('format sniffer', () => {
  it.each([
    ['akshaiyganesh_json_api_boamp_2006_v110_20records.json', 'json', 'boamp-ods-v110'],
    ['nicolasmura_boamp-query_2024_mapa_2records.json', 'json', 'boamp-ods-mapa'],
    ['jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json', 'json', 'boamp-ods-fnsimple'],
    ['20-152081.json', 'json', 'boamp-dila-json'],
    ['test-pub-9.xml', 'xml', 'boamp-xml-v230'],
    ['test-attribution-12.xml', 'xml', 'boamp-xml-v230'],
    ['19-090974-001-EXP.xml', 'xml', 'ted-r209'],
    ['21-363118-001-EXP.eforms-converted.xml', 'xml', 'ted-eforms'],
    ['18-412273-001-EXP.eforms-converted.xml', 'xml', 'ted-eforms'],
    ['data.gouv.fr_pes_2019-02-03.json', 'json', 'decp-2019'],
    ['decp-13001845000028-2024-02-29-01.TRANSCRIBED.json', 'json', 'decp-2024'],
  ])('%s → %s / %s', async (file, container, shape) => {
    expect(await sniffFile(fixture(file))).toEqual({ container, shape });
  });

  it('a ZIP of XML notices and a file that is none of the formats', async () => {
    const zipPath = join(tmp, 'notices.zip');
    await writeFile(zipPath, zipSync({ 'a/test-pub-9.xml': new Uint8Array(await readFile(fixture('test-pub-9.xml'))) }));
    expect(await sniffFile(zipPath)).toEqual({ container: 'zip', shape: 'boamp-xml-v230' });
    const text = join(tmp, 'notes.txt');
    await writeFile(text, 'idweb;objet\n26-7298;travaux\n');
    expect(await sniffFile(text)).toEqual({ container: 'unknown', shape: null });
  });
});

describe('one bad notice never stops a batch', () => {
  it('JSON: a record whose donnees is broken and one that is not JSON are refused, the others pass', async () => {
    const wrapper = JSON.parse(await readFile(fixture('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8'));
    const [a, b] = wrapper.data.results;
    const brokenDonnees = { ...a, idweb: '26-0001', donnees: '{"FNSimple": {"organisme": ' };
    const good = [JSON.stringify(a), JSON.stringify(b)];
    const file = join(tmp, 'mixed.json');
    await writeFile(
      file,
      `{"total_count": 4, "results": [${good[0]}, ${JSON.stringify(brokenDonnees)}, {"idweb": "26-0002", "objet": tru}, ${good[1]}]}`,
    );
    const results = await importAll(file);
    expect(notices(results).map((n) => n.sourceId)).toEqual(['26-7298', '26-7308']);
    expect(refusals(results).map((r) => [r.reason, r.sourceId])).toEqual([
      ['sourcing-malformed-json', '26-0001'],
      ['sourcing-malformed-json', '26-0002'],
    ]);
    expect(refusals(results)[0]!.detail).toMatch(/^donnees: /);
  });

  it('JSON Lines: a line that is no known notice is refused with its reason', async () => {
    const decp = JSON.parse(await readFile(fixture('decp-13001845000028-2024-02-29-01.TRANSCRIBED.json'), 'utf8')).marches[0];
    const noTitle = { ...decp, id: 'SANS-OBJET', objet: '' };
    const lines = [JSON.stringify(decp), JSON.stringify({ hello: 'world' }), JSON.stringify(noTitle), JSON.stringify(decp)].join('\n');
    const results = await importAll(Readable.from([Buffer.from(lines)]), 'lines.jsonl');
    expect(notices(results)).toHaveLength(2);
    expect(refusals(results).map((r) => [r.reason, r.origin])).toEqual([
      ['sourcing-unknown-shape', 'lines.jsonl#2'],
      ['sourcing-missing-title', 'lines.jsonl#3'],
    ]);
  });

  it('ZIP of XML: a truncated notice and one without IDWEB are refused between two good ones', async () => {
    const pub9 = await readFile(fixture('test-pub-9.xml'), 'utf8');
    const attribution = await readFile(fixture('test-attribution-2.xml'), 'utf8');
    const zip = zipSync({
      '1.xml': strToU8(pub9),
      '2.xml': strToU8(pub9.slice(0, pub9.indexOf('<CONDITION_DELAI>'))),
      '3.xml': strToU8(pub9.replace('<IDWEB>16-652</IDWEB>', '<IDWEB></IDWEB>')),
      'readme.txt': strToU8('not a notice'),
      '4.xml': strToU8(attribution),
    });
    const file = join(tmp, 'batch.zip');
    await writeFile(file, zip);
    const results = await importAll(file);
    expect(notices(results).map((n) => n.sourceId)).toEqual(['16-652', '16-138580']);
    expect(refusals(results).map((r) => [r.reason, r.sourceId])).toEqual([
      ['sourcing-malformed-xml', '16-652'],
      ['sourcing-missing-id', undefined],
    ]);
    expect(refusals(results)[0]!.origin).toBe('batch.zip:2.xml#1');
  });
});

describe('hostile XML', () => {
  const laughs =
    '<?xml version="1.0"?>\n<!DOCTYPE ANNONCE [\n<!ENTITY lol "lol">\n' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n') +
    '\n]>\n<ANNONCE><GESTION><REFERENCE><IDWEB>16-1</IDWEB></REFERENCE></GESTION><DONNEES><OBJET><OBJET_COMPLET>&lol9;</OBJET_COMPLET></OBJET></DONNEES></ANNONCE>';

  it('a billion-laughs bomb is refused at its DOCTYPE, quickly, without growing memory', async () => {
    const file = join(tmp, 'bomb.xml');
    await writeFile(file, laughs);
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    const results = await importAll(file);
    expect(performance.now() - started).toBeLessThan(500);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 1024 * 1024);
    expect(notices(results)).toEqual([]);
    expect(refusals(results).map((r) => r.reason)).toEqual(['sourcing-xml-doctype']);
  });

  it('an external entity (XXE) is refused, never read', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE ANNONCE [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
      '<ANNONCE><GESTION><REFERENCE><IDWEB>16-2</IDWEB></REFERENCE></GESTION><DONNEES><OBJET><OBJET_COMPLET>&xxe;</OBJET_COMPLET></OBJET></DONNEES></ANNONCE>';
    const results = await importAll(Readable.from([Buffer.from(xxe)]), 'xxe.xml');
    expect(notices(results)).toEqual([]);
    expect(refusals(results).map((r) => r.reason)).toEqual(['sourcing-xml-doctype']);
    expect(JSON.stringify(results)).not.toContain('root:');
  });

  it('an entity used without any declaration makes its notice malformed, the next notice still passes', async () => {
    const pub9 = (await readFile(fixture('test-pub-9.xml'), 'utf8')).replace(/^<\?xml[^>]*>/, '');
    const broken = pub9.replace('<IDWEB>16-652</IDWEB>', '<IDWEB>16-653</IDWEB>').replace('CHU St Etienne', 'CHU &xxe;');
    const results = await importAll(Readable.from([Buffer.from(`<ANNONCES>${broken}${pub9}</ANNONCES>`)]), 'many.xml');
    expect(notices(results).map((n) => n.sourceId)).toEqual(['16-652']);
    expect(refusals(results).map((r) => [r.reason, r.sourceId])).toEqual([['sourcing-malformed-xml', '16-653']]);
  });
});

describe('streaming', () => {
  async function writeRepeated(file: string, head: string, record: string, separator: string, tail: string, bytes: number) {
    const out = createWriteStream(file);
    let written = 0;
    let count = 0;
    out.write(head);
    const block = Array.from({ length: 50 }, () => record).join(separator);
    while (written < bytes) {
      if (!out.write((count ? separator : '') + block)) await once(out, 'drain');
      written += block.length;
      count += 50;
    }
    out.end(tail);
    await once(out, 'finish');
    return count;
  }

  /** The importers' count, refusals and RSS growth on a file, measured in a process of their own. */
  async function peakGrowth(file: string): Promise<{ count: number; refused: number; growth: number }> {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, '../support/import-memory.ts'), file]);
    return JSON.parse(stdout.trim().split('\n').pop()!);
  }

  it('a 50 MB opendatasoft export is read record by record with bounded memory', async () => {
    const wrapper = JSON.parse(await readFile(fixture('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8'));
    const file = join(tmp, 'big.json');
    const expected = await writeRepeated(file, '{"total_count": 0, "results": [', JSON.stringify(wrapper.data.results[1]), ',\n', ']}', 50 * 1024 * 1024);
    const { count, refused, growth } = await peakGrowth(file);
    await rm(file);
    expect(refused).toBe(0);
    expect(count).toBe(expected);
    // Loading it whole would take several times the file's 50 MB.
    expect(growth).toBeLessThan(60 * 1024 * 1024);
  });

  it('a 500 MB export made on the fly (notices between 4 MB records and one past the size limit) is read with bounded memory', async () => {
    const wrapper = JSON.parse(await readFile(fixture('jpbenga_boamp-where-date_2026_fnsimple_5records.TRANSCRIBED.json'), 'utf8'));
    const record = Buffer.from(JSON.stringify(wrapper.data.results[1]));
    const megabyte = Buffer.alloc(1024 * 1024, 'x');
    const TOTAL = 500 * 1024 * 1024;
    let sent = 0;
    let pads = 0;
    // Nothing on disk: the bytes are made as the reader asks for them, one megabyte at a time.
    async function* bytes() {
      yield Buffer.from('{"total_count": 0, "results": [');
      for (let i = 0; sent < TOTAL; i++) {
        yield record;
        // A 4 MB record (not a notice), and once a 20 MB one, over the 16 M characters a record may hold.
        const size = i === 60 ? 20 : 4;
        yield Buffer.from(`,{"idweb": "pad-${i}", "pad": "`);
        for (let m = 0; m < size; m++) yield megabyte;
        yield Buffer.from('"},');
        pads++;
        sent += record.length + size * megabyte.length;
      }
      yield record;
      yield Buffer.from(']}');
    }
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const counts = { notices: 0, unknown: 0, tooLarge: 0 };
    for await (const r of importNotices(Readable.from(bytes()), 'huge.json')) {
      if ('notice' in r) counts.notices++;
      else if (r.refused.reason === 'sourcing-unknown-shape') counts.unknown++;
      else if (r.refused.reason === 'sourcing-record-too-large') counts.tooLarge++;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL);
    expect(counts).toEqual({ notices: pads + 1, unknown: pads - 1, tooLarge: 1 });
    // Holding the file would take its 500 MB at least (several times that as strings and objects).
    expect(peak - base).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);

  it('a 25 MB XML file of many notices is read notice by notice with bounded memory', async () => {
    const pub = (await readFile(fixture('test-pub-2.xml'), 'utf8')).replace(/^<\?xml[^>]*>/, '');
    const file = join(tmp, 'big.xml');
    const expected = await writeRepeated(file, '<?xml version="1.0" encoding="UTF-8"?><ANNONCES>', pub, '\n', '</ANNONCES>', 25 * 1024 * 1024);
    const { count, refused, growth } = await peakGrowth(file);
    await rm(file);
    expect(refused).toBe(0);
    expect(count).toBe(expected);
    expect(growth).toBeLessThan(60 * 1024 * 1024);
  });
});

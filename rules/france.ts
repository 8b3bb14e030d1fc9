// French départements and regions, once for the server and the client: the company profile's
// choices, the names a place is shown by, and the regions a place is matched by. A region is kept
// and shown by its name (company profiles store names); INSEE codes are only how a département
// finds its region.

export const DEPARTEMENTS: ReadonlyArray<{ code: string; name: string }> = [
  { code: '01', name: 'Ain' }, { code: '02', name: 'Aisne' }, { code: '03', name: 'Allier' },
  { code: '04', name: 'Alpes-de-Haute-Provence' }, { code: '05', name: 'Hautes-Alpes' }, { code: '06', name: 'Alpes-Maritimes' },
  { code: '07', name: 'Ardèche' }, { code: '08', name: 'Ardennes' }, { code: '09', name: 'Ariège' },
  { code: '10', name: 'Aube' }, { code: '11', name: 'Aude' }, { code: '12', name: 'Aveyron' },
  { code: '13', name: 'Bouches-du-Rhône' }, { code: '14', name: 'Calvados' }, { code: '15', name: 'Cantal' },
  { code: '16', name: 'Charente' }, { code: '17', name: 'Charente-Maritime' }, { code: '18', name: 'Cher' },
  { code: '19', name: 'Corrèze' }, { code: '2A', name: 'Corse-du-Sud' }, { code: '2B', name: 'Haute-Corse' },
  { code: '21', name: "Côte-d'Or" }, { code: '22', name: "Côtes-d'Armor" }, { code: '23', name: 'Creuse' },
  { code: '24', name: 'Dordogne' }, { code: '25', name: 'Doubs' }, { code: '26', name: 'Drôme' },
  { code: '27', name: 'Eure' }, { code: '28', name: 'Eure-et-Loir' }, { code: '29', name: 'Finistère' },
  { code: '30', name: 'Gard' }, { code: '31', name: 'Haute-Garonne' }, { code: '32', name: 'Gers' },
  { code: '33', name: 'Gironde' }, { code: '34', name: 'Hérault' }, { code: '35', name: 'Ille-et-Vilaine' },
  { code: '36', name: 'Indre' }, { code: '37', name: 'Indre-et-Loire' }, { code: '38', name: 'Isère' },
  { code: '39', name: 'Jura' }, { code: '40', name: 'Landes' }, { code: '41', name: 'Loir-et-Cher' },
  { code: '42', name: 'Loire' }, { code: '43', name: 'Haute-Loire' }, { code: '44', name: 'Loire-Atlantique' },
  { code: '45', name: 'Loiret' }, { code: '46', name: 'Lot' }, { code: '47', name: 'Lot-et-Garonne' },
  { code: '48', name: 'Lozère' }, { code: '49', name: 'Maine-et-Loire' }, { code: '50', name: 'Manche' },
  { code: '51', name: 'Marne' }, { code: '52', name: 'Haute-Marne' }, { code: '53', name: 'Mayenne' },
  { code: '54', name: 'Meurthe-et-Moselle' }, { code: '55', name: 'Meuse' }, { code: '56', name: 'Morbihan' },
  { code: '57', name: 'Moselle' }, { code: '58', name: 'Nièvre' }, { code: '59', name: 'Nord' },
  { code: '60', name: 'Oise' }, { code: '61', name: 'Orne' }, { code: '62', name: 'Pas-de-Calais' },
  { code: '63', name: 'Puy-de-Dôme' }, { code: '64', name: 'Pyrénées-Atlantiques' }, { code: '65', name: 'Hautes-Pyrénées' },
  { code: '66', name: 'Pyrénées-Orientales' }, { code: '67', name: 'Bas-Rhin' }, { code: '68', name: 'Haut-Rhin' },
  { code: '69', name: 'Rhône' }, { code: '70', name: 'Haute-Saône' }, { code: '71', name: 'Saône-et-Loire' },
  { code: '72', name: 'Sarthe' }, { code: '73', name: 'Savoie' }, { code: '74', name: 'Haute-Savoie' },
  { code: '75', name: 'Paris' }, { code: '76', name: 'Seine-Maritime' }, { code: '77', name: 'Seine-et-Marne' },
  { code: '78', name: 'Yvelines' }, { code: '79', name: 'Deux-Sèvres' }, { code: '80', name: 'Somme' },
  { code: '81', name: 'Tarn' }, { code: '82', name: 'Tarn-et-Garonne' }, { code: '83', name: 'Var' },
  { code: '84', name: 'Vaucluse' }, { code: '85', name: 'Vendée' }, { code: '86', name: 'Vienne' },
  { code: '87', name: 'Haute-Vienne' }, { code: '88', name: 'Vosges' }, { code: '89', name: 'Yonne' },
  { code: '90', name: 'Territoire de Belfort' }, { code: '91', name: 'Essonne' }, { code: '92', name: 'Hauts-de-Seine' },
  { code: '93', name: 'Seine-Saint-Denis' }, { code: '94', name: 'Val-de-Marne' }, { code: '95', name: "Val-d'Oise" },
  { code: '971', name: 'Guadeloupe' }, { code: '972', name: 'Martinique' }, { code: '973', name: 'Guyane' },
  { code: '974', name: 'La Réunion' }, { code: '976', name: 'Mayotte' },
];

/** The 18 regions (2016) by INSEE code, with their départements. */
const REGION_TABLE: ReadonlyArray<{ code: string; name: string; departements: string }> = [
  { code: '84', name: 'Auvergne-Rhône-Alpes', departements: '01 03 07 15 26 38 42 43 63 69 73 74' },
  { code: '27', name: 'Bourgogne-Franche-Comté', departements: '21 25 39 58 70 71 89 90' },
  { code: '53', name: 'Bretagne', departements: '22 29 35 56' },
  { code: '24', name: 'Centre-Val de Loire', departements: '18 28 36 37 41 45' },
  { code: '94', name: 'Corse', departements: '2A 2B' },
  { code: '44', name: 'Grand Est', departements: '08 10 51 52 54 55 57 67 68 88' },
  { code: '32', name: 'Hauts-de-France', departements: '02 59 60 62 80' },
  { code: '11', name: 'Île-de-France', departements: '75 77 78 91 92 93 94 95' },
  { code: '28', name: 'Normandie', departements: '14 27 50 61 76' },
  { code: '75', name: 'Nouvelle-Aquitaine', departements: '16 17 19 23 24 33 40 47 64 79 86 87' },
  { code: '76', name: 'Occitanie', departements: '09 11 12 30 31 32 34 46 48 65 66 81 82' },
  { code: '52', name: 'Pays de la Loire', departements: '44 49 53 72 85' },
  { code: '93', name: "Provence-Alpes-Côte d'Azur", departements: '04 05 06 13 83 84' },
  { code: '01', name: 'Guadeloupe', departements: '971' },
  { code: '02', name: 'Martinique', departements: '972' },
  { code: '03', name: 'Guyane', departements: '973' },
  { code: '04', name: 'La Réunion', departements: '974' },
  { code: '06', name: 'Mayotte', departements: '976' },
];

export const REGIONS: ReadonlyArray<string> = REGION_TABLE.map((r) => r.name);

const REGION_OF = new Map<string, string>(REGION_TABLE.flatMap((r) => r.departements.split(' ').map((d) => [d, r.name] as const)));
const NAME_OF = new Map<string, string>(DEPARTEMENTS.map((d) => [d.code, d.name] as const));

/** The region (its name) of a département code ("38" → "Auvergne-Rhône-Alpes"). */
export const regionOfDepartement = (code: string | null | undefined): string | null => (code && REGION_OF.get(code)) ?? null;

/** A département's name ("38" → "Isère"). */
export const departementName = (code: string | null | undefined): string | null => (code && NAME_OF.get(code)) ?? null;

/** A place as people read it: "Isère (38) · Auvergne-Rhône-Alpes"; a code alone when its name is unknown. */
export function placeLabel(department: string | null | undefined, region: string | null | undefined): string {
  const name = departementName(department);
  return [department ? (name ? `${name} (${department})` : department) : null, region].filter(Boolean).join(' · ');
}

// ISO 3166-1 alpha-2 → alpha-3: the ESPD country code list (EU authority table "country") uses
// alpha-3 codes. The EU, the EEA, and the countries French tenders most often see.
const ALPHA3: Record<string, string> = {
  AT: 'AUT', BE: 'BEL', BG: 'BGR', HR: 'HRV', CY: 'CYP', CZ: 'CZE', DK: 'DNK', EE: 'EST', FI: 'FIN', FR: 'FRA', DE: 'DEU', GR: 'GRC', HU: 'HUN', IE: 'IRL', IT: 'ITA', LV: 'LVA', LT: 'LTU', LU: 'LUX', MT: 'MLT', NL: 'NLD', PL: 'POL', PT: 'PRT', RO: 'ROU', SK: 'SVK', SI: 'SVN', ES: 'ESP', SE: 'SWE',
  IS: 'ISL', LI: 'LIE', NO: 'NOR', CH: 'CHE', GB: 'GBR', MC: 'MCO', AD: 'AND', SM: 'SMR', VA: 'VAT',
  MA: 'MAR', DZ: 'DZA', TN: 'TUN', SN: 'SEN', CI: 'CIV', CA: 'CAN', US: 'USA', TR: 'TUR', UA: 'UKR', RS: 'SRB', AL: 'ALB', BA: 'BIH', ME: 'MNE', MK: 'MKD', MD: 'MDA',
  // French overseas territories with their own ISO code.
  GP: 'GLP', MQ: 'MTQ', GF: 'GUF', RE: 'REU', YT: 'MYT', PM: 'SPM', BL: 'BLM', MF: 'MAF', NC: 'NCL', PF: 'PYF', WF: 'WLF',
};

export const countryAlpha3 = (alpha2: string): string | undefined => ALPHA3[alpha2.trim().toUpperCase()];

import type { Groupement } from './submission.machine';

// A groupement conjoint of the company (mandataire, jointly liable) and two co-contractors, for
// the stories and tests of the submission folder's groupement (issue 26). Made-up SIRETs, Luhn-valid.
export const twoMemberGroupement: Groupement = {
  kind: 'joint',
  mandataireJointlyLiable: true,
  mandataireRole: 'Fourniture et installation des équipements',
  members: [
    {
      name: 'Alpes Maintenance Industrielle',
      siret: '51234567800019',
      address: '12 rue des Glaciers',
      postalCode: '38000',
      city: 'Grenoble',
      role: 'Maintenance préventive des installations',
      legalRepresentative: { name: 'Claire Martin', capacity: 'Gérante' },
      email: 'contact@alpes-maintenance.example',
    },
    { name: 'Vercors Électricité', siret: '73282932000074', address: '4 avenue du Vercors', postalCode: '38600', city: 'Fontaine', role: 'Courants faibles' },
  ],
};

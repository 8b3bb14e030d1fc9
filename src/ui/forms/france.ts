// French départements and regions for the forms: one list with the server (rules/france.ts).
export { DEPARTEMENTS, REGIONS } from '../../../rules/france';

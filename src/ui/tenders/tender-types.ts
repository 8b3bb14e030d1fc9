import type { components } from '../../../openapi/schema';

// The contract's shapes, as the tender views show them.
export type TenderRow = components['schemas']['Tender'];
/** A row of a tender list: what the list shows (details are read with the tender). */
export type TenderListRow = components['schemas']['TenderListItem'];
export type TenderCallRow = components['schemas']['TenderCall'];
export type TenderCallInput = components['schemas']['TenderCallInput'];
export type PotentialRow = components['schemas']['PotentialTender'];
export type Procedure = components['schemas']['Procedure'];
export type MatchStatus = components['schemas']['MatchStatus'];
export type MatchReason = components['schemas']['MatchReason'];

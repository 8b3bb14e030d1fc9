import type { components } from '../../openapi/schema';

export type Organigramme = components['schemas']['Organigramme'];
export type OrganigrammeKind = components['schemas']['OrganigrammeType'];
export type OrgPosition = Organigramme['positions'][number];
/** A company's two charts, each kind in its own slot (null: not drawn yet). */
export type OrganigrammeSlots = Record<OrganigrammeKind, Organigramme | null>;

export const ORGANIGRAMME_KINDS: readonly OrganigrammeKind[] = ['normal', 'construction'];
export const EMPTY_SLOTS: OrganigrammeSlots = {
  normal: null,
  construction: null,
};

/** The kind a type spelling names (spec section 4: global is normal, chantier is construction), or null. */
export function kindOf(type: unknown): OrganigrammeKind | null {
  if (type === 'normal' || type === 'global') return 'normal';
  if (type === 'construction' || type === 'chantier') return 'construction';
  return null;
}

/**
 * The fetch-all answer put into slots (spec section 4): an object with an `organigrammes` field or
 * a plain list; items of type normal or global fill the normal slot, construction or chantier the
 * construction slot. Items of another type, or that are not objects, are left out; the first of a
 * kind wins.
 */
export function toSlots(answer: unknown): OrganigrammeSlots {
  const list: unknown = Array.isArray(answer) ? answer : answer && typeof answer === 'object' ? (answer as { organigrammes?: unknown }).organigrammes : undefined;
  const slots: OrganigrammeSlots = { ...EMPTY_SLOTS };
  if (!Array.isArray(list)) return slots;
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const kind = kindOf((item as { type?: unknown }).type);
    if (kind && !slots[kind])
      slots[kind] = {
        ...(item as Organigramme),
        type: kind,
        positions: (item as Organigramme).positions ?? [],
      };
  }
  return slots;
}

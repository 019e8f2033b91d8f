import type { CompetitionDefinition } from './types.ts'

type Organizers = NonNullable<CompetitionDefinition['organizers']>

/** The organiser groups of a definition's `organizers`, in the order pages and the API show them. */
export const ORGANIZER_GROUPS = [
  { key: 'host', label: '主办单位' },
  { key: 'coOrganizers', label: '协办单位' },
  { key: 'supportUnits', label: '支持单位' },
] as const satisfies ReadonlyArray<{ key: keyof Organizers; label: string }>

export type OrganizerKey = (typeof ORGANIZER_GROUPS)[number]['key']

export interface OrganizerNode {
  id: string
  name: string
  children: Array<{ id: string; name: string }>
}

/**
 * The groups that have names, as a tree (group → units): what /common/NYDCtreeCoOrganizer serves
 * (host and co-organisers) and what a competition's index page shows (all three).
 */
export function organizerTree(
  organizers: Organizers | undefined,
  keys: readonly OrganizerKey[] = ORGANIZER_GROUPS.map((g) => g.key),
): OrganizerNode[] {
  return ORGANIZER_GROUPS.filter((g) => keys.includes(g.key))
    .map((g) => ({ id: g.key, name: g.label, names: organizers?.[g.key] ?? [] }))
    .filter((g) => g.names.length > 0)
    .map(({ id, name, names }) => ({
      id,
      name,
      children: names.map((unit, i) => ({ id: `${id}-${i + 1}`, name: unit })),
    }))
}

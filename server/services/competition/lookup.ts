import { API_FAMILIES, type ApiFamily } from '../../../definitions/competition/families.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import { API_BASE } from '../../../schemas/contract.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { COMPETITION_MSG as M, toId, type Work } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'

/** The live competition of an id from a query or body; a removed or unknown one is not found. */
export function competitionOf(registry: CompetitionRegistry, id: unknown): Competition {
  const n = toId(id)
  const c = n === undefined ? undefined : registry.byId(n)
  if (!c) throw new BusinessError(CODE.notFound, M.notFound)
  return c
}

/** The competition of one of the user's works (a removed competition reads as not found). */
export const competitionOfWork = (registry: CompetitionRegistry, w: Work) =>
  competitionOf(registry, w.competition_id)

/** The roles a family names a path for (definitions/competition/families.ts). */
export type Role = 'registrationGet' | 'registrationSave' | 'list' | 'add' | 'saveInfo' | 'delete' | 'auth'

export const pathFor = (family: ApiFamily, role: Role): string =>
  ({
    registrationGet: family.registration.get,
    registrationSave: family.registration.save,
    list: family.works.list,
    add: family.works.add,
    saveInfo: family.works.saveInfo,
    delete: family.works.delete,
    auth: family.auth,
  })[role]

export const familyOf = (c: Competition): ApiFamily => API_FAMILIES[c.api]

/** Every distinct path the families name for a role. */
export const pathsOf = (role: Role) => [...new Set(Object.values(API_FAMILIES).map((f) => pathFor(f, role)))]

/** "default、zcck" — which families use a path for a role, for the docs. */
export const familiesUsing = (role: Role, path: string): string =>
  Object.entries(API_FAMILIES)
    .filter(([, f]) => pathFor(f, role) === path)
    .map(([name]) => name)
    .join('、')

/** A family's own paths accept only competitions of that family. */
export function requireFamily(c: Competition, role: Role, path: string): void {
  const own = pathFor(familyOf(c), role)
  if (own !== path)
    throw new BusinessError(CODE.badRequest, M.wrongFamily(c.title, `${API_BASE}${path}`, own))
}

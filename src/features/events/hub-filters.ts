import type { HubItem } from '../../../schemas/api/events.ts'

type HubState = HubItem['state']
export const STATE_FILTERS: ReadonlyArray<{ value: '' | HubState; label: string }> = [
  { value: '', label: '全部' },
  { value: 'open', label: '进行中' },
  { value: 'upcoming', label: '即将开始' },
  { value: 'past', label: '已结束' },
]

/** The filters of the address (?state=open&year=2026); anything unknown reads as no filter. */
export function hubFilters(search: URLSearchParams) {
  const rawState = search.get('state') ?? ''
  const state = STATE_FILTERS.some((f) => f.value === rawState) ? (rawState as '' | HubState) : ''
  const rawYear = search.get('year') ?? ''
  const year = /^\d{4}$/.test(rawYear) ? Number(rawYear) : undefined
  return { state, year }
}

export function filterHub(items: HubItem[], { state, year }: ReturnType<typeof hubFilters>): HubItem[] {
  return items.filter((i) => (!state || i.state === state) && (year === undefined || i.year === year))
}

/** The years that have something, newest first. */
export const hubYears = (items: HubItem[]) => [...new Set(items.map((i) => i.year))].sort((a, b) => b - a)

export function hubPath(base: string, state: string, year: number | undefined): string {
  const q = new URLSearchParams()
  if (state) q.set('state', state)
  if (year !== undefined) q.set('year', String(year))
  const s = q.toString()
  return s ? `${base}?${s}` : base
}

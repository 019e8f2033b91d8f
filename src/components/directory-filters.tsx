import { Button, Group, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { getRegionLevel, type RegionLevelItem } from '../api/common.ts'
import { toAddress } from '../lib/paths.ts'

/**
 * The filters of the directory pages (designers, talents). A filter lives in the URL, so a filtered
 * page is server-rendered and can be shared; choosing one goes to page 1 (its `page` is dropped).
 */

/** A region code as a filter: the province and, when chosen, the city it lies in. */
function regionParts(cityId: string): { province: string; city: string } {
  if (!cityId) return { province: '', city: '' }
  return {
    province: `${cityId.slice(0, 2)}0000`,
    city: cityId.endsWith('0000') ? '' : `${cityId.slice(0, 4)}00`,
  }
}

/** The provinces, and the cities of the chosen province: what the region filter's two selects list. */
export async function loadRegionOptions(cityId: string) {
  const { province } = regionParts(cityId)
  const [provinces, cities] = await Promise.all([
    getRegionLevel(),
    province ? getRegionLevel(province) : Promise.resolve([] as RegionLevelItem[]),
  ])
  return { provinces, cities }
}

/** Reads one filter from the URL, keeping it only when it has the expected form. */
export const filterParam = (query: URLSearchParams, name: string, pattern: RegExp) => {
  const value = (query.get(name) ?? '').trim()
  return pattern.test(value) ? value : ''
}

/** The page number of the URL: 1 to 100,000. */
export const pageParam = (query: URLSearchParams) =>
  Math.max(1, Math.min(100_000, Math.floor(Number(query.get('page'))) || 1))

/** Navigates to `path` with the filters changed and the page back to 1 (or to `page`). */
export function useFilterNavigation(path: string, current: Record<string, string>) {
  const navigate = useNavigate()
  // While a change is still loading, the next one builds on it, not on the page shown: two filters
  // chosen in quick succession both hold — also when the second comes before React has re-rendered
  // after the first (a busy phone), which the last requested filters, kept here at once, cover.
  const pending = useNavigation().location
  const pendingQuery = pending?.pathname === path ? new URLSearchParams(pending.search) : undefined
  const requested = useRef<Record<string, string> | undefined>(undefined)
  const { search } = useLocation()
  // Arrived: the page shows what was asked for.
  useEffect(() => {
    requested.current = undefined
  }, [search])
  const base =
    requested.current ??
    (pendingQuery
      ? Object.fromEntries(Object.keys(current).map((key) => [key, pendingQuery.get(key) ?? '']))
      : current)
  const urlOf = (filters: Record<string, string>, page = 1) => {
    const q = new URLSearchParams()
    for (const [key, value] of Object.entries(filters)) if (value) q.set(key, value)
    if (page > 1) q.set('page', String(page))
    const text = q.toString()
    return text ? `${path}?${text}` : path
  }
  return {
    setFilter: (changes: Record<string, string>) => {
      const filters = { ...(requested.current ?? base), ...changes }
      requested.current = filters
      navigate(urlOf(filters))
    },
    /** The address of a page of the list as it is filtered now. */
    pageHref: (page: number) => urlOf(base, page),
  }
}

export function FilterSelect({
  label,
  value,
  options,
  onChange,
  allLabel = '全部',
}: {
  label: string
  value: string
  options: Array<[string, string]>
  onChange(value: string): void
  allLabel?: string
}) {
  return (
    <Stack gap="1" minW="36" flex="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          aria-label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          bg="bg"
        >
          <option value="">{allLabel}</option>
          {options.map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  )
}

/** Province → city: choosing a province filters by it; a city narrows to that city. */
export function RegionFilter({
  cityId,
  provinces,
  cities,
  onChange,
}: {
  cityId: string
  provinces: RegionLevelItem[]
  cities: RegionLevelItem[]
  onChange(cityId: string): void
}) {
  const { province, city } = regionParts(cityId)
  return (
    <>
      <FilterSelect
        label="省份"
        value={province}
        options={provinces.map((p) => [p.id, p.name])}
        onChange={onChange}
        allLabel="全部省份"
      />
      <FilterSelect
        label="城市"
        value={city}
        options={cities.map((c) => [c.id, c.name])}
        onChange={(value) => onChange(value || province)}
        allLabel={province ? '全部城市' : '请先选择省份'}
      />
    </>
  )
}

/**
 * A keyword search that is a plain GET form carrying the other filters: it works before the page's
 * code has run, and React Router takes it over once it has.
 */
export function KeywordForm({
  action,
  keyword,
  keep,
  placeholder,
}: {
  action: string
  keyword: string
  keep: Record<string, string>
  placeholder: string
}) {
  return (
    <search>
      <form action={toAddress(action)} method="get">
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <HStack>
          <Group attached w="full" maxW="xl">
            <Input
              name="keyword"
              defaultValue={keyword}
              placeholder={placeholder}
              aria-label={placeholder}
              bg="bg"
              maxLength={40}
            />
            <Button type="submit" colorPalette="brand">
              搜索
            </Button>
          </Group>
        </HStack>
      </form>
    </search>
  )
}

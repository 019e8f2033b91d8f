import { HStack, NativeSelect, Skeleton, Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useEffect, useMemo, useState } from 'react'
import { getRegionTree, type RegionNode } from '../../api/common.ts'
import { WidgetField } from './widget-field.tsx'

/** Province → city → district path of a stored code (a district, or a city without districts). */
function pathTo(tree: RegionNode[], code: string | undefined): RegionNode[] {
  if (!code) return []
  for (const province of tree) {
    if (province.id === code) return [province]
    for (const city of province.subLevel ?? []) {
      if (city.id === code) return [province, city]
      const district = city.subLevel?.find((d) => d.id === code)
      if (district) return [province, city, district]
    }
  }
  return []
}

/**
 * Cascading selects over the region tree (GET /common/treeRegionByType?type=all): province, city and
 * district, or only the first `levels` of them (`ui:options.levels`; a résumé names a city). The
 * value is the code of the deepest level chosen; it is complete at a leaf or at the last level shown.
 */
function RegionCascaderControl({ id, value, onChange, onBlur, disabled, readonly, options }: WidgetProps) {
  const depth = typeof options.levels === 'number' ? options.levels : 3
  const [tree, setTree] = useState<RegionNode[]>()
  const [failed, setFailed] = useState(false)
  const [draft, setDraft] = useState<string[]>([])

  useEffect(() => {
    getRegionTree()
      .then(setTree)
      .catch(() => setFailed(true))
  }, [])

  // The stored value wins over a half-finished choice when it is a complete path.
  const chosen = useMemo(() => {
    const fromValue = tree
      ? pathTo(tree, value)
          .slice(0, depth)
          .map((n) => n.id)
      : []
    return fromValue.length ? fromValue : draft
  }, [tree, value, draft, depth])

  if (failed) return <Text color="fg.error">地区数据加载失败，请刷新页面重试</Text>
  if (!tree) return <Skeleton h="10" />

  const province = tree.find((p) => p.id === chosen[0])
  const city = province?.subLevel?.find((c) => c.id === chosen[1])
  const levels: Array<{ label: string; options: RegionNode[] }> = [
    { label: '省/直辖市', options: tree },
    { label: '城市', options: province?.subLevel ?? [] },
    { label: '区/县', options: city?.subLevel ?? [] },
  ].slice(0, depth)

  const choose = (level: number, code: string) => {
    const next = [...chosen.slice(0, level), code].filter(Boolean)
    setDraft(next)
    const node = pathTo(tree, code).at(-1)
    const complete = node && (!node.subLevel?.length || next.length >= depth)
    onChange(complete ? code : undefined)
  }

  return (
    <HStack w="full" gap="2" flexWrap={{ base: 'wrap', sm: 'nowrap' }} data-testid="region-cascader">
      {levels.map((level, i) =>
        i === 0 || level.options.length ? (
          <NativeSelect.Root key={level.label} size="md" disabled={disabled || readonly} flex="1" minW="28">
            <NativeSelect.Field
              id={i === 0 ? id : `${id}-${i}`}
              aria-label={level.label}
              value={chosen[i] ?? ''}
              onChange={(e) => choose(i, e.target.value)}
              onBlur={() => onBlur(id, value)}
            >
              <option value="">{`请选择${level.label}`}</option>
              {level.options.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null,
      )}
    </HStack>
  )
}

export function RegionCascader(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <RegionCascaderControl {...props} />
    </WidgetField>
  )
}

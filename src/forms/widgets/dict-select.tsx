import { NativeSelect, Skeleton, Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { type DictItem, getDict } from '../../api/common.ts'
import { WidgetField } from './widget-field.tsx'

/** A select over a server dictionary (GET /common/type/{name}); `ui:options.dict` names it. */
function DictSelectControl({
  id,
  value,
  onChange,
  onBlur,
  options,
  disabled,
  readonly,
  placeholder,
}: WidgetProps) {
  const name = String(options.dict ?? '')
  const [items, setItems] = useState<DictItem[]>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    getDict(name)
      .then(setItems)
      .catch(() => setFailed(true))
  }, [name])

  if (failed) return <Text color="fg.error">选项加载失败，请刷新页面重试</Text>
  if (!items) return <Skeleton h="10" />
  return (
    <NativeSelect.Root disabled={disabled || readonly}>
      <NativeSelect.Field
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        onBlur={() => onBlur(id, value)}
      >
        <option value="">{placeholder || '请选择'}</option>
        {items.map((item) => (
          <option key={item.dictCode} value={item.dictCode}>
            {item.dictLabel}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

export function DictSelect(props: WidgetProps) {
  return (
    <WidgetField props={props}>
      <DictSelectControl {...props} />
    </WidgetField>
  )
}

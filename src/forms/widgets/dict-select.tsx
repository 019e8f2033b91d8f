import { Skeleton, Text } from '@chakra-ui/react'
import type { WidgetProps } from '@rjsf/utils'
import { useEffect, useState } from 'react'
import { type DictItem, getDict } from '../../api/common.ts'
import { NativeOptions } from './native-options.tsx'
import { WidgetField } from './widget-field.tsx'

/** A select over a server dictionary (GET /common/type/{name}); `ui:options.dict` names it. */
export function DictSelect(props: WidgetProps) {
  const name = String(props.options.dict ?? '')
  const [items, setItems] = useState<DictItem[]>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    getDict(name)
      .then(setItems)
      .catch(() => setFailed(true))
  }, [name])

  return (
    <WidgetField props={props}>
      {failed ? (
        <Text color="fg.error">选项加载失败，请刷新页面重试</Text>
      ) : items ? (
        <NativeOptions props={props} items={items.map((i) => ({ value: i.dictCode, label: i.dictLabel }))} />
      ) : (
        <Skeleton h="10" />
      )}
    </WidgetField>
  )
}

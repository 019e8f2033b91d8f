import { Text } from '@chakra-ui/react'
import { TabFrame } from './tab-frame.tsx'

/**
 * Work: the designer's rights-confirmed works. Work registration comes with the works issue; until
 * then nobody has any, and the tab says so.
 */
export function WorkTab() {
  return <TabFrame title="确权作品">{() => <Text color="fg.muted">暂无确权作品</Text>}</TabFrame>
}

import { Center, Spinner } from '@chakra-ui/react'

// role="status": an aria-label is allowed only on an element with a role (axe: aria-prohibited-attr).
export function BootScreen() {
  return (
    <Center minH="100dvh" role="status" aria-busy="true" aria-label="正在加载">
      <Spinner color="brand.600" size="lg" />
    </Center>
  )
}

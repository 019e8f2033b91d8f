import { Center, Spinner } from '@chakra-ui/react'

export function BootScreen() {
  return (
    <Center minH="100dvh" aria-busy="true" aria-label="正在加载">
      <Spinner color="brand.600" size="lg" />
    </Center>
  )
}

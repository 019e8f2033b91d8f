import { Alert, Button, Heading, HStack, Skeleton, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { Loaded } from '../../lib/use-load.ts'

/** A tab's title and body, with the loading and failed states every tab shares. */
export function TabFrame<T>({
  title,
  loaded,
  actions,
  children,
}: {
  /** The tab's heading; a frame nested inside a tab has none. */
  title?: string
  loaded?: Loaded<T>
  actions?: ReactNode
  children: (data: T) => ReactNode
}) {
  return (
    <Stack gap="5">
      {title && (
        <HStack justify="space-between">
          <Heading as="h2" size="lg">
            {title}
          </Heading>
          {actions}
        </HStack>
      )}
      {loaded?.failed ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>加载失败</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={loaded.reload}>
            重试
          </Button>
        </Alert.Root>
      ) : loaded && loaded.data === undefined ? (
        // A status (an aria-label needs a role), busy until the tab's data arrives.
        <Stack gap="3" role="status" aria-busy="true" aria-label="加载中">
          <Skeleton h="6" />
          <Skeleton h="6" />
          <Skeleton h="6" w="60%" />
        </Stack>
      ) : (
        children(loaded?.data as T)
      )}
    </Stack>
  )
}

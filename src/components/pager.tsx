import { Button, HStack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'

type PageChange =
  /** Public lists: each page has an address, so the pager is made of links crawlers can follow. */
  | { hrefOf(page: number): string; onPage?: never }
  /** Lists inside the personal area, whose page lives in the component's state. */
  | { onPage(page: number): void; hrefOf?: never }

/** Previous / next over a paged list (SPEC §7 rows and total). Hidden when everything fits one page. */
export function Pager({
  page,
  pageSize,
  total,
  ...change
}: { page: number; pageSize: number; total: number } & PageChange) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  const step = (to: number, label: string, enabled: boolean) =>
    change.hrefOf && enabled ? (
      <Button asChild size="sm" variant="outline">
        <RouterLink to={change.hrefOf(to)} rel={to < page ? 'prev' : 'next'}>
          {label}
        </RouterLink>
      </Button>
    ) : (
      <Button size="sm" variant="outline" disabled={!enabled} onClick={() => change.onPage?.(to)}>
        {label}
      </Button>
    )
  return (
    <HStack justify="flex-end" gap="3" as="nav" aria-label="分页">
      {step(page - 1, '上一页', page > 1)}
      <Text fontSize="sm" color="fg.muted">
        第 {page} / {pages} 页，共 {total} 条
      </Text>
      {step(page + 1, '下一页', page < pages)}
    </HStack>
  )
}

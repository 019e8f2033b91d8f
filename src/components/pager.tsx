import { Button, HStack, Text } from '@chakra-ui/react'

/** Previous / next over a paged list (SPEC §7 rows and total). Hidden when everything fits one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  onPage(page: number): void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <HStack justify="flex-end" gap="3" as="nav" aria-label="分页">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </Button>
      <Text fontSize="sm" color="fg.muted">
        第 {page} / {pages} 页，共 {total} 条
      </Text>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </Button>
    </HStack>
  )
}

import { Button, Stack, Text, Wrap } from '@chakra-ui/react'
import type { PageCount } from '../../api/manage.ts'

/** The pages (landing or event) as buttons with their counts; the chosen one is in the URL query. */
export function PagePicker({
  pages,
  current,
  count,
  onPick,
}: {
  pages: PageCount[]
  current: string
  count: (p: PageCount) => string
  onPick(slug: string): void
}) {
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        选择页面
      </Text>
      <Wrap gap="2" data-testid="page-picker">
        <Button size="sm" variant={current ? 'outline' : 'solid'} onClick={() => onPick('')}>
          全部
        </Button>
        {pages.map((p) => (
          <Button
            key={p.slug}
            size="sm"
            variant={current === p.slug ? 'solid' : 'outline'}
            onClick={() => onPick(p.slug)}
            maxW="full"
            whiteSpace="normal"
            h="auto"
            py="1.5"
          >
            {p.title}（{count(p)}）
          </Button>
        ))}
      </Wrap>
    </Stack>
  )
}

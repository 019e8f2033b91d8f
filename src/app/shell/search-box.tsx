import { Group, IconButton, Input } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { SearchIcon } from '../../components/icons.tsx'
import { paths, toAddress } from '../../lib/paths.ts'

/** Enter or the button searches; an empty box does nothing rather than showing an empty search. */
export function SearchBox({ initial = '', onSearch }: { initial?: string; onSearch(keyword: string): void }) {
  const [keyword, setKeyword] = useState(initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = keyword.trim()
    if (trimmed) onSearch(trimmed)
  }
  return (
    <search style={{ display: 'block', width: '100%' }}>
      {/* Before the page has hydrated (or without JavaScript) the browser submits the form itself:
          GET /search/index?keyword=…, the address the app navigates to. */}
      <form onSubmit={submit} action={toAddress(paths.search.path)} method="get">
        <Group attached w="full">
          <Input
            size="sm"
            bg="bg"
            // Only what /api/search finds today (server/routes/content.ts): menus, campaign pages, agreements.
            placeholder="搜索栏目、活动页面、协议"
            aria-label="站内搜索"
            value={keyword}
            maxLength={50}
            onChange={(e) => setKeyword(e.target.value)}
            name="keyword"
          />
          <IconButton type="submit" size="sm" colorPalette="brand" aria-label="搜索">
            <SearchIcon />
          </IconButton>
        </Group>
      </form>
    </search>
  )
}

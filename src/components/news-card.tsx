import { Badge, Box, Card, HStack, Image, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import type { NewsCard as News } from '../api/articles.ts'
import { assetUrl, paths } from '../lib/paths.ts'

/** One article in the list: cover, type, title, a two-line summary and the date. */
export function NewsCard({ news }: { news: News }) {
  return (
    <Card.Root asChild size="sm" overflow="hidden" _hover={{ shadow: 'md' }} transition="box-shadow 0.2s">
      <RouterLink to={paths.newsDetail.getHref(news.id)} data-testid="news-card">
        <Box aspectRatio={16 / 9} bg="bg.muted">
          <Image src={assetUrl(news.cover)} alt="" w="full" h="full" objectFit="cover" loading="lazy" />
        </Box>
        <Card.Body gap="2">
          <HStack gap="2">
            <Badge colorPalette="brand">{news.typeLabel}</Badge>
            {news.featured && <Badge colorPalette="orange">推荐</Badge>}
          </HStack>
          <Text fontWeight="bold" lineClamp={2}>
            {news.title}
          </Text>
          {/* A plain two-line clamp: the shared fold component (src/components/fold-text.tsx) is for detail pages. */}
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {news.summary}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatBeijingDate(news.publishedAt)} · {news.views} 次阅读
          </Text>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  )
}

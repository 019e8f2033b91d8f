import { SimpleGrid } from '@chakra-ui/react'
import type { NewsCard as News } from '../../api/articles.ts'
import { NewsCard } from '../../components/news-card.tsx'
import { paths } from '../../lib/paths.ts'
import { HomeSection } from './home-section.tsx'

/** The newest articles (GET /news/list). */
export function LatestNews({ news }: { news: readonly News[] }) {
  if (news.length === 0) return null
  return (
    <HomeSection
      title="行业资讯"
      intro="协会动态、赛事通知、行业观察与政策解读。"
      more={{ to: paths.news.path, label: '更多资讯' }}
      testId="home-news"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
        {news.map((item) => (
          <NewsCard key={item.id} news={item} />
        ))}
      </SimpleGrid>
    </HomeSection>
  )
}

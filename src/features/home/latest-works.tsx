import { SimpleGrid } from '@chakra-ui/react'
import type { WorkCard as WorkCardData } from '../../api/works.ts'
import { WorkCard } from '../../components/work-card.tsx'
import { paths } from '../../lib/paths.ts'
import { HomeSection } from './home-section.tsx'

/** The newest rights-confirmed works (GET /works/list); a card opens the work's detail. */
export function LatestWorks({ works }: { works: readonly WorkCardData[] }) {
  if (works.length === 0) return null
  return (
    <HomeSection
      title="最新确权作品"
      intro="设计师登记的原创作品，均已生成哈希、加盖时间戳并出具存证证书。"
      more={{ to: paths.worksIndex.path, label: '全部确权作品' }}
      testId="home-works"
    >
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="5">
        {works.map((work) => (
          <WorkCard key={work.id} work={work} />
        ))}
      </SimpleGrid>
    </HomeSection>
  )
}

import { SimpleGrid } from '@chakra-ui/react'
import type { Designer } from '../../api/people.ts'
import { DesignerCard } from '../../components/designer-card.tsx'
import type { PeopleLabels } from '../../components/people-labels.ts'
import { paths } from '../../lib/paths.ts'
import { HomeSection } from './home-section.tsx'

/** Featured certified designers (GET /designer/featured); a card opens the designer's page. */
export function FeaturedDesigners({
  designers,
  labels,
}: {
  designers: readonly Designer[]
  labels: PeopleLabels | null
}) {
  if (designers.length === 0 || !labels) return null
  return (
    <HomeSection
      title="推荐设计师"
      intro="通过协会认证的设计师，评价等级、获奖、专利与项目一目了然。"
      more={{ to: paths.designers.path, label: '设计师名录' }}
      testId="home-designers"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
        {designers.map((designer) => (
          <DesignerCard key={designer.id} designer={designer} labels={labels} />
        ))}
      </SimpleGrid>
    </HomeSection>
  )
}

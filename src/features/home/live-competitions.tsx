import { Badge, Box, Card, HStack, Image, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import type { CompetitionCard } from '../../../schemas/api/competition.ts'
import { paths, toAddress } from '../../lib/paths.ts'
import { HomeSection } from './home-section.tsx'

/** How many competitions the home page shows: the live ones first (the server orders them). */
const SHOWN = 3

const STAGE_PALETTE: Record<string, string> = {
  registering: 'green',
  submitting: 'blue',
  upcoming: 'orange',
  judging: 'purple',
  finished: 'gray',
}

/** Current competitions, from the definitions in competitions/ (GET /tbCompetitionInfo/list). */
export function LiveCompetitions({ competitions }: { competitions: readonly CompetitionCard[] }) {
  if (competitions.length === 0) return null
  return (
    <HomeSection
      title="设计竞赛"
      intro="协会主办的年度赛事：在线报名、提交作品、查看赛程。"
      testId="home-competitions"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
        {competitions.slice(0, SHOWN).map((c) => (
          <LinkBox key={c.slug} as="article">
            <Card.Root h="full" overflow="hidden" _hover={{ boxShadow: 'md' }} transition="box-shadow 0.2s">
              <Box aspectRatio={16 / 9} bg="brand.50">
                <Image
                  src={toAddress(c.cover.src)}
                  alt={c.cover.alt}
                  width={c.cover.width}
                  height={c.cover.height}
                  loading="lazy"
                  w="full"
                  h="full"
                  objectFit="cover"
                />
              </Box>
              <Card.Body gap="2">
                <HStack gap="2">
                  <Badge colorPalette={STAGE_PALETTE[c.stage] ?? 'gray'} variant="subtle">
                    {c.stageLabel}
                  </Badge>
                  <Text fontSize="xs" color="fg.muted">
                    {c.feeYuan ? `报名费 ¥${c.feeYuan}` : '免费报名'}
                  </Text>
                </HStack>
                <Card.Title as="h3" fontSize="md" lineClamp="2">
                  <LinkOverlay asChild>
                    <RouterLink to={paths.competition.getHref(c.slug)}>{c.title}</RouterLink>
                  </LinkOverlay>
                </Card.Title>
                <Text fontSize="sm" color="fg.muted">
                  报名：{c.registrationOpens} 至 {c.registrationCloses}
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </HomeSection>
  )
}

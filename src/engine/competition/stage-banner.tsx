import { Badge, Box, Container, HStack, Link, Text } from '@chakra-ui/react'
import { Fragment } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatPhase, PHASE_KEYS, PHASE_LABELS } from '../../../definitions/competition/phases.ts'
import type { CompetitionView } from '../../../definitions/competition/view.ts'
import { KEEP_TOGETHER } from '../../lib/cjk-wrap.ts'
import { paths } from '../../lib/paths.ts'

const STAGE_PALETTE = {
  upcoming: 'orange',
  registering: 'green',
  submitting: 'teal',
  judging: 'purple',
  finished: 'gray',
} as const

/** The competition's stage and dates, with links between its index, preview and entry pages. */
export function StageBanner({ competition, current }: { competition: CompetitionView; current: string }) {
  const open = competition.stage === 'registering' || competition.stage === 'submitting'
  const links = [
    { key: 'index', label: '赛事首页', to: paths.competition.getHref(competition.slug, 'index') },
    { key: 'preview', label: '作品预览', to: paths.competition.getHref(competition.slug, 'preview') },
    ...(open
      ? [{ key: 'base', label: '我要参赛', to: paths.competition.getHref(competition.slug, 'base') }]
      : []),
    // Only once the results are published: no link to a page that is not there (issue 24 item 7).
    ...(competition.resultsPublished
      ? [{ key: 'results', label: '获奖名单', to: paths.competition.getHref(competition.slug, 'results') }]
      : []),
  ]
  return (
    <Box borderBottomWidth="1px" bg="bg.subtle">
      <Container maxW="6xl" py="3">
        <HStack gap="4" flexWrap="wrap" justify="space-between">
          <HStack gap="3" flexWrap="wrap">
            <Badge colorPalette={STAGE_PALETTE[competition.stage]} size="lg">
              {competition.stageLabel}
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {PHASE_KEYS.map((key, i) => (
                <Fragment key={key}>
                  {i > 0 && ' · '}
                  <Box as="span" {...KEEP_TOGETHER}>
                    {PHASE_LABELS[key]} {formatPhase(competition.phases[key])}
                  </Box>
                </Fragment>
              ))}
            </Text>
          </HStack>
          <HStack as="nav" gap="4" aria-label="赛事导航">
            {links.map((link) => (
              <Link
                key={link.key}
                asChild
                fontWeight={link.key === current ? 'bold' : 'normal'}
                color={link.key === current ? 'brand.fg' : 'fg'}
                aria-current={link.key === current ? 'page' : undefined}
              >
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
        </HStack>
      </Container>
    </Box>
  )
}

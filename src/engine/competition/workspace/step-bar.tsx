import { Badge, Box, Flex, HStack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useLocation } from 'react-router'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import type { CompetitionEntry } from '../../../../schemas/api/competition.ts'
import { paths } from '../../../lib/paths.ts'

/**
 * Hidden on phones but still read out: five labels side by side do not fit 375 px (they stacked one
 * character a line), so a phone shows numbered circles and, under them, the current step's name.
 */
const LABEL_ON_WIDE_ONLY = {
  base: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  md: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clip: 'auto' },
} as const

/**
 * The entrant's steps (definitions/competition/routes.ts stepsOf), done up to the store's workStep:
 * a nav with an ordered list, the page's own step marked aria-current="step". A step already reached
 * is a link, so an entrant can go back and change it.
 */
export function StepBar({ competition, entry }: { competition: CompetitionView; entry: CompetitionEntry }) {
  const { pathname } = useLocation()
  const steps = competition.steps
  const reached = Math.min(entry.workStep, steps.length)
  const hereIndex = steps.findIndex((step) =>
    pathname.endsWith(paths.competition.getHref(competition.slug, step.path)),
  )
  const current = steps[hereIndex]
  return (
    <Box data-testid="competition-steps" data-step={entry.workStep}>
      <nav aria-label="参赛步骤">
        <Flex as="ol" listStyleType="none" gap={{ base: '1', md: '2' }} align="flex-start">
          {steps.map((step, index) => {
            const here = index === hereIndex
            const done = index < reached
            const open = index <= reached
            const mark = (
              <>
                <Flex
                  as="span"
                  flexShrink={0}
                  boxSize="7"
                  borderRadius="full"
                  align="center"
                  justify="center"
                  fontSize="sm"
                  fontWeight="semibold"
                  borderWidth="2px"
                  borderColor={done || here ? 'brand.solid' : 'border'}
                  bg={done ? 'brand.solid' : 'bg'}
                  color={done ? 'brand.contrast' : here ? 'brand.fg' : 'fg.muted'}
                >
                  {index + 1}
                </Flex>
                <Text
                  as="span"
                  fontSize="sm"
                  whiteSpace="nowrap"
                  fontWeight={here ? 'bold' : 'normal'}
                  color={open ? 'fg' : 'fg.muted'}
                  css={{ ...LABEL_ON_WIDE_ONLY.base, '@media (min-width: 48em)': LABEL_ON_WIDE_ONLY.md }}
                >
                  {step.label}
                </Text>
              </>
            )
            return (
              <Flex as="li" key={step.key} flex="1" minW="0" align="center" gap="2">
                {open ? (
                  <HStack
                    asChild
                    gap="2"
                    borderRadius="md"
                    _hover={{ textDecoration: 'underline' }}
                    _focusVisible={{
                      outline: '2px solid',
                      outlineColor: 'brand.solid',
                      outlineOffset: '2px',
                    }}
                  >
                    <RouterLink
                      to={paths.competition.getHref(competition.slug, step.path)}
                      aria-current={here ? 'step' : undefined}
                    >
                      {mark}
                    </RouterLink>
                  </HStack>
                ) : (
                  <HStack as="span" gap="2">
                    {mark}
                  </HStack>
                )}
                {index < steps.length - 1 && (
                  <Box
                    aria-hidden="true"
                    flex="1"
                    minW="2"
                    h="2px"
                    bg={index < reached ? 'brand.solid' : 'border'}
                  />
                )}
              </Flex>
            )
          })}
        </Flex>
      </nav>
      <HStack mt="3" gap="2" flexWrap="wrap">
        {current && (
          <Text fontSize="sm" fontWeight="semibold" hideFrom="md" data-testid="current-step">
            第 {hereIndex + 1} 步（共 {steps.length} 步）：{current.label}
          </Text>
        )}
        {entry.payRequired && (
          <Badge colorPalette={entry.paid ? 'green' : 'orange'} data-testid="entry-paid">
            {entry.paid ? '已缴费' : '未缴费'}
          </Badge>
        )}
        {entry.finalised && (
          <Badge colorPalette="green" data-testid="entry-finalised">
            已提交
          </Badge>
        )}
      </HStack>
    </Box>
  )
}

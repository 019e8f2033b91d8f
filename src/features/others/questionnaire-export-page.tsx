import { Box, Button, Container, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react'
import { useLoaderData } from 'react-router'
import { formatBeijingDate } from '../../../schemas/beijing-time.ts'
import {
  getQuestionnaireSummary,
  type QuestionnaireSummary,
  questionnairePdfUrl,
} from '../../api/articles.ts'
import { pageHead } from '../../lib/page-head.ts'
import { toAddress } from '../../lib/paths.ts'

export const loader = () => getQuestionnaireSummary()

export const handle = pageHead<QuestionnaireSummary>((s) => ({
  title: `${s.title} · 汇总导出`,
  description: s.description.slice(0, 120),
}))

/** /questionnaire/export (SPEC §2 Miscellaneous, §9 PDF export A4): the answers added up, and their PDF. */
export function Component() {
  const s = useLoaderData() as QuestionnaireSummary
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6" bg="bg" borderRadius="xl" borderWidth="1px" p={{ base: '5', md: '10' }}>
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {s.title}
          </Heading>
          <Text color="fg.muted" lineHeight="tall">
            {s.description}
          </Text>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted" data-testid="questionnaire-respondents">
              有效问卷 {s.respondents} 份{s.updatedAt ? ` · 截至 ${formatBeijingDate(s.updatedAt)}` : ''}
            </Text>
            <Button asChild colorPalette="brand" size="sm">
              <a href={toAddress(questionnairePdfUrl)} download data-testid="questionnaire-pdf">
                导出 PDF（A4）
              </a>
            </Button>
          </HStack>
        </Stack>
        {s.questions.map((q, i) => (
          <Stack key={q.key} as="section" gap="3">
            <Heading as="h2" size="md">
              {i + 1}. {q.title}
            </Heading>
            {q.options.map((o) => (
              <Box key={o.label}>
                <HStack justify="space-between" fontSize="sm" mb="1">
                  <Text>{o.label}</Text>
                  <Text color="fg.muted">
                    {o.count} 人 · {o.percent}%
                  </Text>
                </HStack>
                <Progress.Root
                  value={o.percent}
                  size="sm"
                  colorPalette="brand"
                  aria-label={`${o.label} ${o.percent}%`}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  )
}

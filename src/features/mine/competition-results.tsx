import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react'
import type { MyResults } from '../../../schemas/api/results.ts'

/**
 * 我的赛事: the entry's published results (issue 24 item 7) — each work's award or 未获奖, its rank in
 * the range, and the judges' comments where the definition shares them (anonymous: 评委一, 评委二…).
 */
export function CompetitionResults({ results }: { results: NonNullable<MyResults> }) {
  if (!results.works.length)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="my-results-none">
        评审结果已公布，本次参赛作品未进入评审结果。
      </Text>
    )
  return (
    <Stack gap="3" data-testid="my-results">
      {results.works.map((w) => (
        <Box
          key={w.workId}
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          p="3"
          data-testid="my-result"
          data-work-id={w.workId}
        >
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="bold" overflowWrap="anywhere">
              {w.worksName || `作品 ${w.workId}`}
            </Text>
            {w.award ? (
              <Badge colorPalette="orange" variant="solid" data-testid="my-result-award">
                {w.award.title}
              </Badge>
            ) : (
              <Badge variant="outline" data-testid="my-result-award">
                未获奖
              </Badge>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {w.rangeLabel}
            {w.rank !== null ? ` · 类别排名第 ${w.rank} 名（共 ${w.rankedInRange} 件）` : ''}
            {w.award ? '' : ' · 感谢参与'}
          </Text>
          {w.comments.length > 0 && (
            <Stack as="ul" gap="2" mt="2" listStyleType="none" ms="0" data-testid="my-result-comments">
              {w.comments.map((c) => (
                <Box
                  as="li"
                  key={`${c.roundId}-${c.judge}`}
                  fontSize="sm"
                  bg="bg.muted"
                  borderRadius="md"
                  px="3"
                  py="2"
                >
                  <Text as="span" fontWeight="medium">
                    {c.roundTitle} · {c.judge}：
                  </Text>
                  <Text as="span" overflowWrap="anywhere">
                    {c.comment}
                  </Text>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  )
}

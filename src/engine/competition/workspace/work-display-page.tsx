import { Box, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { EntryFile } from '../../../../schemas/api/competition.ts'
import { assetUrl, paths } from '../../../lib/paths.ts'
import { nextStepPath } from './next-step.ts'
import { StepForms } from './step-forms.tsx'
import { WorkStep } from './work-step.tsx'

/**
 * /:competition/base/works/display — proof of the work's property rights (forms.propertyRight) and
 * its display boards (forms.displayBoard), uploaded through the storage service, with a preview of
 * the boards as the jury will see them.
 */
export function Component() {
  return (
    <WorkStep title="产权证明与展板">
      {(step) => {
        const { competition, api, work } = step
        return (
          <Stack gap="8">
            <StepForms
              step={step}
              back={`${paths.competition.getHref(competition.slug, 'base/works/info')}?id=${work.id}`}
              next={nextStepPath(competition, 'works-display', work.id)}
              done={work.complete}
              parts={[
                {
                  key: 'propertyRight',
                  form: competition.forms.propertyRight,
                  heading: '知识产权证明',
                  saved: work.propertyRight ? { propertyRight: work.propertyRight, original: true } : null,
                  saveLabel: '保存产权证明',
                  savedMessage: '产权证明已保存',
                  save: (data) => api.savePropertyRight(work.id, data as { propertyRight: EntryFile[] }),
                },
                {
                  key: 'displayBoard',
                  form: competition.forms.displayBoard,
                  heading: '作品展板',
                  saved: work.displayBoard ? { displayBoard: work.displayBoard } : null,
                  saveLabel: '保存展板',
                  savedMessage: '展板已保存',
                  save: (data) => api.saveDisplayBoard(work.id, data as { displayBoard: EntryFile[] }),
                },
              ]}
            />
            {work.displayBoard && work.displayBoard.length > 0 && <BoardPreview boards={work.displayBoard} />}
          </Stack>
        )
      }}
    </WorkStep>
  )
}

/** The boards as the jury will see them: portrait, whole, side by side. */
function BoardPreview({ boards }: { boards: EntryFile[] }) {
  return (
    <Stack gap="3" data-testid="board-preview">
      <Heading as="h3" size="md">
        展板预览
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {boards.map((file) => (
          <Box key={file.fileUrl} borderWidth="1px" borderRadius="md" overflow="hidden">
            <Image
              src={assetUrl(file.fileUrl)}
              alt={file.fileOgName}
              w="100%"
              aspectRatio="3 / 4"
              objectFit="contain"
              bg="bg.muted"
            />
            <Text fontSize="sm" p="2" truncate>
              {file.fileOgName}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

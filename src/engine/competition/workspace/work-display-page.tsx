import { Box, Button, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink, useNavigate } from 'react-router'
import type { EntryFile } from '../../../../schemas/api/competition.ts'
import { notify } from '../../../lib/notify.ts'
import { assetUrl } from '../../../lib/paths.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { EntryForm } from './entry-form.tsx'
import { nextStepPath } from './next-step.ts'
import { WorkStep } from './work-step.tsx'

/**
 * /:competition/base/works/display — proof of the work's property rights (forms.propertyRight) and
 * its display boards (forms.displayBoard), uploaded through the storage service, with a preview of
 * the boards as the jury will see them.
 */
export function Component() {
  const navigate = useNavigate()
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  return (
    <WorkStep title="产权证明与展板">
      {({ competition, api, work, reload }) => {
        const { propertyRight, displayBoard } = competition.forms
        const next = nextStepPath(competition, 'works-display', work.id)
        const afterSave = async (message: string, last: boolean) => {
          await loadUserInfo()
          notify(message, 'success')
          if (last) navigate(next)
          else reload()
        }
        return (
          <Stack gap="8">
            {propertyRight && (
              <Stack gap="3">
                <Heading as="h3" size="md">
                  知识产权证明
                </Heading>
                <EntryForm
                  api={api}
                  form={propertyRight}
                  formKey="propertyRight"
                  workId={work.id}
                  saved={work.propertyRight ? { propertyRight: work.propertyRight, original: true } : null}
                  context={{}}
                  submitLabel={displayBoard ? '保存产权证明' : '保存并继续'}
                  onSubmit={async (data) => {
                    await api.savePropertyRight(work.id, data as { propertyRight: EntryFile[] })
                    await afterSave('产权证明已保存', !displayBoard)
                  }}
                />
              </Stack>
            )}
            {displayBoard && (
              <Stack gap="3">
                <Heading as="h3" size="md">
                  作品展板
                </Heading>
                <EntryForm
                  api={api}
                  form={displayBoard}
                  formKey="displayBoard"
                  workId={work.id}
                  saved={work.displayBoard ? { displayBoard: work.displayBoard } : null}
                  context={{}}
                  submitLabel="保存并继续"
                  onSubmit={async (data) => {
                    await api.saveDisplayBoard(work.id, data as { displayBoard: EntryFile[] })
                    await afterSave('展板已保存', true)
                  }}
                />
              </Stack>
            )}
            {work.displayBoard && work.displayBoard.length > 0 && (
              <Stack gap="3" data-testid="board-preview">
                <Heading as="h3" size="md">
                  展板预览
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                  {work.displayBoard.map((file) => (
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
            )}
            <HStack justify="space-between">
              <Button asChild variant="ghost">
                <RouterLink to={`/${competition.slug}/base/works/info?id=${work.id}`}>上一步</RouterLink>
              </Button>
              {work.complete && (
                <Button asChild variant="outline">
                  <RouterLink to={next}>下一步</RouterLink>
                </Button>
              )}
            </HStack>
          </Stack>
        )
      }}
    </WorkStep>
  )
}

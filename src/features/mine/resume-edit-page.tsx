import { Button, Card, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { getResume, saveResume } from '../../api/account.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'
import { useUserStore } from '../../stores/user.ts'
import { TabFrame } from './tab-frame.tsx'

/** /mine/cv (SPEC §2): edits the designer's résumé; saved, it shows at /mine/cvself. */
export function Component() {
  useTitle('编辑简历')
  const loaded = useLoad(getResume, [])
  const info = useUserStore((s) => s.info)
  const navigate = useNavigate()
  const [saving, setSaving] = useState(false)

  const save = async (data: Record<string, unknown>) => {
    setSaving(true)
    try {
      await saveResume(data)
      notify('简历已保存', 'success')
      navigate(paths.resumeView.path)
    } catch {
      // The API client has shown why; the form keeps everything typed.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between">
          <Heading as="h1" size="xl">
            编辑简历
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <RouterLink to={paths.resumeView.path}>查看简历</RouterLink>
          </Button>
        </HStack>
        <TabFrame loaded={loaded}>
          {(resume) => (
            <Card.Root>
              <Card.Body>
                {!resume && (
                  <Text fontSize="sm" color="fg.muted" mb="4">
                    还没有简历。填写后可随时查看并导出 A4 PDF。
                  </Text>
                )}
                <SchemaForm
                  name="resume"
                  formData={resume ? { ...resume, cityNames: undefined } : { realName: info?.username }}
                  submitLabel="保存简历"
                  submitting={saving}
                  onSubmit={save}
                />
              </Card.Body>
            </Card.Root>
          )}
        </TabFrame>
      </Stack>
    </Container>
  )
}

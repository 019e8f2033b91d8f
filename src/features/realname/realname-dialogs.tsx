import { Box, Button, CloseButton, Dialog, List, Portal, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { realNameAuth } from '../../api/realname.ts'
import { SchemaForm } from '../../forms/schema-form.tsx'
import { notify } from '../../lib/notify.ts'
import { REALNAME_DIALOG_WIDTH, REALNAME_NOTES, REALNAME_VERIFIED } from '../../lib/realname-notes.ts'
import { useUserStore } from '../../stores/user.ts'

type Step = 'tip' | 'form'

/**
 * The real-name flow, opened by the user store's flag from anywhere: a tip dialog that leads to the
 * 630 px form dialog. On code 200 it says so and closes; a failed submit only ends the loading state
 * (the API client has already shown the server's message).
 */
export default function RealnameDialogs() {
  const open = useUserStore((s) => s.realnameDialogOpen)
  const setOpen = useUserStore((s) => s.setRealnameDialogOpen)
  const setVerified = useUserStore((s) => s.setRealnameVerified)
  const [step, setStep] = useState<Step>('tip')
  const [submitting, setSubmitting] = useState(false)

  const close = () => {
    setOpen(false)
    setStep('tip')
  }

  const submit = async (data: Record<string, unknown>) => {
    setSubmitting(true)
    try {
      await realNameAuth(data)
      notify(REALNAME_VERIFIED, 'success')
      setVerified(true)
      close()
    } catch {
      // Swallowed (SPEC §8): the message is already on screen.
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && close()}
      size={step === 'tip' ? 'sm' : 'lg'}
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {step === 'tip' ? (
            <Dialog.Content data-testid="realname-tip">
              <Dialog.Header>
                <Dialog.Title>实名认证提示</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>为保障您的合法权益，申请设计师认证和作品确权前，需要先完成实名认证。</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  暂不认证
                </Button>
                <Button colorPalette="brand" onClick={() => setStep('form')}>
                  去认证
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          ) : (
            <Dialog.Content maxW={REALNAME_DIALOG_WIDTH} w="full" data-testid="realname-form">
              <Dialog.Header>
                <Dialog.Title>实名认证</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  <Box bg="orange.50" borderRadius="md" p="3" fontSize="sm" color="orange.800">
                    <List.Root as="ol" gap="1" ps="4">
                      {REALNAME_NOTES.map((note) => (
                        <List.Item key={note}>{note}</List.Item>
                      ))}
                    </List.Root>
                  </Box>
                  <SchemaForm
                    name="realname"
                    submitLabel="提交认证"
                    submitting={submitting}
                    onSubmit={submit}
                    actions={
                      <Button variant="outline" onClick={close} disabled={submitting}>
                        取消
                      </Button>
                    }
                  />
                </Stack>
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

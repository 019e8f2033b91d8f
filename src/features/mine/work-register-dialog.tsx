import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { addWork, getWorkDetail } from '../../api/works.ts'
import { WorkDetail } from '../../components/work-detail/index.tsx'
import { SchemaForm } from '../../forms/schema-form.tsx'

/**
 * The registration form (schemas/forms/works-register.ts): the primary file and description images go
 * through the upload widget (with progress) first, then the form registers the work. Once
 * registered, the same dialog shows the new work's detail view: one dialog, rather than one closing
 * as another opens (the closing one hands focus back to the page, which a new dialog takes as a
 * click outside and closes).
 */
export default function WorkRegisterDialog({
  onClose,
  onRegistered,
}: {
  onClose(): void
  onRegistered(id: number, certificateNo: string | undefined): void
}) {
  const [submitting, setSubmitting] = useState(false)
  const [registered, setRegistered] = useState<number>()
  async function submit(form: Record<string, unknown>) {
    setSubmitting(true)
    try {
      const { id } = await addWork(form)
      // The certificate number the success message names comes with the owner's detail; the work is
      // registered even if that read fails, so the form gives way to the work either way.
      const detail = await getWorkDetail(id).catch(() => undefined)
      setRegistered(id)
      onRegistered(id, detail?.certificateStorageNo)
    } catch {
      // The API client has shown the server's message; the form keeps what was entered.
    } finally {
      setSubmitting(false)
    }
  }
  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && !submitting && onClose()}
      size={registered ? 'xl' : 'lg'}
      scrollBehavior="outside"
      closeOnInteractOutside={registered !== undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {registered === undefined ? (
            <Dialog.Content data-testid="work-register-dialog">
              <Dialog.Header>
                <Dialog.Title>登记作品</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="4">
                  提交后，平台计算作品文件的 SHA-256
                  哈希，生成权利声明文件并加盖时间戳，出具存证证书与证据包。登记信息提交后不可修改。
                </Text>
                <SchemaForm
                  name="works-register"
                  submitLabel="提交登记"
                  submitting={submitting}
                  onSubmit={submit}
                  actions={
                    <Button variant="outline" onClick={onClose} disabled={submitting}>
                      取消
                    </Button>
                  }
                />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" disabled={submitting} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          ) : (
            <Dialog.Content data-testid="work-detail-dialog">
              <Dialog.Title srOnly>作品详情</Dialog.Title>
              <Dialog.Body pt="10" pb="6">
                <WorkDetail id={registered} headingAs="h2" />
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

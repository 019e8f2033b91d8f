import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import { WorkDetail } from './index.tsx'

/** A work card's detail dialog (SPEC §2 "Cards": a click opens it); loaded with the first click. */
export default function WorkDetailDialog({ id, onClose }: { id: number; onClose(): void }) {
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size="xl" scrollBehavior="outside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="work-detail-dialog">
            <Dialog.Title srOnly>作品详情</Dialog.Title>
            <Dialog.Body pt="10" pb="6">
              <WorkDetail id={id} headingAs="h2" />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

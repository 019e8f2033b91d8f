import { Button, Dialog, Portal } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'

/**
 * Every console dialog: a title, a body, 取消 and one button that runs `onConfirm`. It is busy while
 * that runs and cannot be closed meanwhile; a failure — which the API client has already shown in
 * the server's words — keeps it open to try again or cancel. Closing after success is the caller's.
 */
export function StaffDialog({
  title,
  testId,
  confirm,
  confirmTestId,
  palette = 'brand',
  disabled = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string
  /** On the dialog's content; its confirming button is `${testId}-confirm` unless `confirmTestId` says. */
  testId: string
  confirm: string
  confirmTestId?: string
  palette?: string
  disabled?: boolean
  onConfirm(): Promise<void>
  onClose(): void
  children: ReactNode
}) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } catch {
      // Shown by the API client; the dialog stays.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && !busy && onClose()} size="md" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} mx="3">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                取消
              </Button>
              <Button
                colorPalette={palette}
                onClick={run}
                loading={busy}
                disabled={disabled}
                data-testid={confirmTestId ?? `${testId}-confirm`}
              >
                {confirm}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

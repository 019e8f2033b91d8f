import { Text } from '@chakra-ui/react'
import { StaffDialog } from './staff-dialog.tsx'

/** A yes-or-no question before a change staff cannot easily take back (publishing, confirming). */
export function ConfirmDialog({
  title,
  text,
  confirm,
  palette = 'brand',
  testId,
  onConfirm,
  onClose,
}: {
  title: string
  text: string
  confirm: string
  palette?: string
  testId: string
  /** Resolves when done; a failure (the API client showed it) keeps the dialog open. */
  onConfirm(): Promise<void>
  onClose(): void
}) {
  return (
    <StaffDialog
      title={title}
      testId={testId}
      confirm={confirm}
      palette={palette}
      onClose={onClose}
      onConfirm={async () => {
        await onConfirm()
        onClose()
      }}
    >
      <Text fontSize="sm">{text}</Text>
    </StaffDialog>
  )
}

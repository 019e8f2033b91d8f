import { Toaster as ChakraToaster, createToaster, Stack, Toast } from '@chakra-ui/react'
import { useEffect } from 'react'
import { type NotifySink, setNotifySink } from '../lib/notify.ts'

// max 1: messages show one at a time (SPEC §8).
export const toaster = createToaster({ placement: 'top', max: 1, pauseOnPageIdle: true })

const toasterSink: NotifySink = {
  show: (description, type, duration) => {
    toaster.create({ description, type, duration, closable: true })
  },
  isShowing: () => toaster.getVisibleToasts().length > 0,
  dismissAll: () => toaster.dismiss(),
}

/**
 * Loaded after first paint (see app.tsx); plugging in the sink flushes any message raised before.
 * No Portal: the group is position: fixed anyway, and a portal would delay its mounting further.
 */
export default function Toaster() {
  useEffect(() => {
    // Zag's toast group subscribes to the store asynchronously after mounting; a toast created
    // before then is never shown. One macrotask later it is listening.
    const timer = window.setTimeout(() => setNotifySink(toasterSink))
    return () => {
      window.clearTimeout(timer)
      setNotifySink(undefined)
    }
  }, [])
  return (
    // Zag names the region "Notifications, top (altT)" and the close button "Dismiss notification":
    // the portal's pages are Chinese, so are their names.
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label="消息（Alt+T 前往）">
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} data-testid="toast">
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {/* Full opacity: Chakra's 0.9 left an error's words at 3.5:1 on its red. */}
            {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger aria-label="关闭" />}
        </Toast.Root>
      )}
    </ChakraToaster>
  )
}

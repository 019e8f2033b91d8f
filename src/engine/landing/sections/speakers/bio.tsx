import { Box, Button, Text } from '@chakra-ui/react'
import { useLayoutEffect, useRef, useState } from 'react'

/** A biography folded to three lines; "展开" appears only when there is more to show. */
export function Bio({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null)
  const [open, setOpen] = useState(false)
  const [overflows, setOverflows] = useState(false)
  // Whether three lines are enough depends on the card's width, so measure rather than count characters.
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <Box mt="3">
      <Text ref={ref} fontSize="sm" color="fg.muted" lineHeight="tall" lineClamp={open ? undefined : 3}>
        {text}
      </Text>
      {/* Always laid out, shown only when needed: the server cannot measure, and a button appearing
          after hydration would push the cards below it down. */}
      <Button
        visibility={overflows || open ? 'visible' : 'hidden'}
        aria-hidden={overflows || open ? undefined : true}
        tabIndex={overflows || open ? undefined : -1}
        variant="plain"
        size="xs"
        p="0"
        minW="0"
        h="auto"
        mt="1"
        color="brand.600"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? '收起' : '展开'}
      </Button>
    </Box>
  )
}

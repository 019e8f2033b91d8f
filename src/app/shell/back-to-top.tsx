import { Box, IconButton } from '@chakra-ui/react'
import { ArrowUpIcon } from '../../components/icons.tsx'

/**
 * Always present (SPEC §2 Shell), bottom right, above the footer. On a wide screen it floats in the
 * margin; a phone has no margin, and a floating button sat on the last column of every card and
 * table (/mine at 375 px), so there it is the last thing before the footer, in the page's own flow.
 */
export function BackToTop() {
  return (
    <Box display="flex" justifyContent="flex-end" px={{ base: '3', md: '0' }} py={{ base: '3', md: '0' }}>
      <IconButton
        aria-label="回到顶部"
        title="回到顶部"
        position={{ base: 'static', md: 'fixed' }}
        right={{ md: '6' }}
        bottom={{ md: '8' }}
        zIndex="docked"
        rounded="full"
        colorPalette="brand"
        variant="surface"
        boxShadow="md"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <ArrowUpIcon />
      </IconButton>
    </Box>
  )
}

import { IconButton } from '@chakra-ui/react'
import { ArrowUpIcon } from '../../components/icons.tsx'

/** Always present (SPEC §2 Shell), bottom right, above the footer. */
export function BackToTop() {
  return (
    <IconButton
      aria-label="回到顶部"
      title="回到顶部"
      position="fixed"
      right={{ base: '3', md: '6' }}
      bottom={{ base: '4', md: '8' }}
      zIndex="docked"
      rounded="full"
      colorPalette="brand"
      variant="surface"
      boxShadow="md"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </IconButton>
  )
}

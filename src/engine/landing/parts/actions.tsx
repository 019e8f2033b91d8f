import { Button, type ButtonProps, Flex } from '@chakra-ui/react'
import type { ReactElement } from 'react'
import { Link } from 'react-router'
import type { Action } from '../../../../definitions/landing/define.ts'

/** What a row of buttons sits on: each background needs its own colours to stay readable. */
export type Surface = 'dark' | 'light' | 'accent'

const ACCENT_SOLID: ButtonProps = { bg: 'accent.500', color: 'white', _hover: { bg: 'accent.600' } }
const WHITE_OUTLINE: ButtonProps = {
  variant: 'outline',
  color: 'white',
  borderColor: 'whiteAlpha.700',
  _hover: { bg: 'whiteAlpha.200' },
}

// On a dark or orange band the palette's focus ring (its 500–700 shade) is under 3:1 against the
// band; a white ring is well over it (WCAG 1.4.11: a focus indicator needs 3:1 against its surroundings).
const RING_ON_BAND: ButtonProps = { focusRingColor: 'white' }

const LOOKS: Record<Surface, Record<'primary' | 'secondary', ButtonProps>> = {
  dark: { primary: { ...ACCENT_SOLID, ...RING_ON_BAND }, secondary: { ...WHITE_OUTLINE, ...RING_ON_BAND } },
  // The outline takes the section's colorPalette (the page's palette), not a fixed blue.
  light: { primary: ACCENT_SOLID, secondary: { variant: 'outline', bg: 'bg' } },
  // On the orange band an orange button would vanish: the primary turns white.
  accent: {
    primary: { bg: 'white', color: 'accent.600', _hover: { bg: 'whiteAlpha.900' }, ...RING_ON_BAND },
    secondary: { ...WHITE_OUTLINE, ...RING_ON_BAND },
  },
}

/**
 * The element a button renders as: portal paths go through the router (no reload), anchors stay
 * plain links so the browser scrolls, and https links open in a new tab without handing it our window.
 */
function target(href: string, label: string): ReactElement {
  if (href.startsWith('/')) return <Link to={href}>{label}</Link>
  if (href.startsWith('#')) return <a href={href}>{label}</a>
  return (
    <a href={href} target="_blank" rel="noopener">
      {label}
    </a>
  )
}

export function ActionButtons({
  actions,
  surface,
  justify = 'flex-start',
}: {
  actions: Action[]
  surface: Surface
  justify?: 'flex-start' | 'center'
}) {
  if (actions.length === 0) return null
  return (
    <Flex wrap="wrap" gap="3" justify={justify}>
      {actions.map((action) => (
        <Button
          key={`${action.label}-${action.href}`}
          asChild
          size={{ base: 'md', md: 'lg' }}
          px={{ base: 5, md: 7 }}
          borderRadius="full"
          fontWeight="semibold"
          {...LOOKS[surface][action.variant ?? 'primary']}
        >
          {target(action.href, action.label)}
        </Button>
      ))}
    </Flex>
  )
}

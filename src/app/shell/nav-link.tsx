import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { isExternalUrl } from '../../lib/safe-url.ts'

/** Menu URLs come from the server and may point outside the portal: those open in a new tab. */
export function NavLink({ to, children, ...rest }: { to: string } & Omit<LinkProps, 'href'>) {
  if (isExternalUrl(to)) {
    return (
      <ChakraLink href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </ChakraLink>
    )
  }
  return (
    <ChakraLink asChild {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </ChakraLink>
  )
}

import { Icon, type IconProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

// A handful of line icons drawn inline: an icon library would weigh more than the four we use.
// Chakra's Icon styles its single child, so each icon hands it a complete <svg>.
function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Icon {...props}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </Icon>
  )
}

export const SearchIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </LineIcon>
)

export const MenuIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </LineIcon>
)

export const ArrowUpIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </LineIcon>
)

export const ChevronDownIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="m6 9 6 6 6-6" />
  </LineIcon>
)

/** A folded page: any other file. */
export const FileIcon = (props: IconProps) => (
  <LineIcon {...props}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5" />
  </LineIcon>
)

import { Icon, type IconProps } from '@chakra-ui/react'

// A handful of line icons drawn inline: an icon library would weigh more than the four we use.
const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export const SearchIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" {...props}>
    <g {...stroke}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </g>
  </Icon>
)

export const MenuIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" {...stroke} />
  </Icon>
)

export const ArrowUpIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" {...props}>
    <path d="M12 19V5M5 12l7-7 7 7" {...stroke} />
  </Icon>
)

export const ChevronDownIcon = (props: IconProps) => (
  <Icon viewBox="0 0 24 24" {...props}>
    <path d="m6 9 6 6 6-6" {...stroke} />
  </Icon>
)

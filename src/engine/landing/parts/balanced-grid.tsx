import { Flex, type FlexProps } from '@chakra-ui/react'
import type { ReactNode } from 'react'

type Breakpoint = 'base' | 'sm' | 'md' | 'lg' | 'xl'
type PerBreakpoint = Partial<Record<Breakpoint, number>> & { base: number }

/**
 * How many columns `count` items get when a row holds at most `max`: as few rows as `max` allows,
 * then the items spread evenly over them (5 in rows of 4 → 3+2, 6 → 3+3, 3 → 3), so no row is left
 * with a single orphan while the one above is full.
 */
export function balancedColumns(count: number, max: number): number {
  if (count <= 0) return 1
  const rows = Math.ceil(count / max)
  return Math.ceil(count / rows)
}

/**
 * A wrapping row of equal-width items whose column count follows the number of items at every
 * breakpoint (see balancedColumns); a short last row is centred. A CSS grid cannot centre its last
 * row, hence flex with computed widths. Pure CSS, so the server's markup is the final layout.
 */
export function BalancedGrid({
  count,
  max,
  gap,
  children,
  ...rest
}: {
  count: number
  max: PerBreakpoint
  /** Spacing tokens per breakpoint (e.g. { base: '4', md: '6' }); also used in the width sum. */
  gap: Partial<Record<Breakpoint, string>> & { base: string }
  children: ReactNode
} & Omit<FlexProps, 'gap' | 'children'>) {
  const columns = Object.fromEntries(
    Object.entries(max).map(([bp, m]) => [bp, String(balancedColumns(count, m))]),
  )
  const gaps = Object.fromEntries(Object.entries(gap).map(([bp, g]) => [bp, `var(--chakra-spacing-${g})`]))
  return (
    <Flex
      wrap="wrap"
      justify="center"
      gap="var(--grid-gap)"
      css={{
        '--grid-columns': columns,
        '--grid-gap': gaps,
        '& > *': {
          flex: '0 0 auto',
          minWidth: 0,
          width: 'calc((100% - (var(--grid-columns) - 1) * var(--grid-gap)) / var(--grid-columns))',
        },
      }}
      {...rest}
    >
      {children}
    </Flex>
  )
}

import { describe, expect, it } from 'vitest'
import { system } from '../../src/app/theme.ts'

describe('theme', () => {
  // No dark mode: a `.dark` variant would double the semantic tokens createSystem builds at start-up.
  it('defines each semantic colour once, with its light value', () => {
    const css = JSON.stringify(system.getTokenCss())
    expect(css).not.toContain('.dark')
    expect(css).toContain('"--chakra-colors-bg":"var(--chakra-colors-white)"')
    expect(css).toContain('"--chakra-colors-fg":"var(--chakra-colors-black)"')
    expect(system.tokens.getVar('colors.brand.solid')).toBe('var(--chakra-colors-brand-solid)')
  })
})

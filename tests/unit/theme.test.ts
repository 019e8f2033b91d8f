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

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** A colour token's final #rrggbb, following references such as `{colors.red.500}`. */
function resolved(name: string): string {
  const value = system.tokens.getByName(name)?.originalValue as string | undefined
  if (!value) throw new Error(`no token ${name}`)
  const ref = /^\{(.+)\}$/.exec(value)
  return ref ? resolved(ref[1]!) : value
}

describe('error text colour', () => {
  // Field messages (Field.ErrorText) and every other error line use fg.error: small text needs 4.5:1
  // (WCAG AA) on the white of a form, the page's grey and the pale red of an error alert.
  it.for(['colors.bg', 'colors.bg.muted', 'colors.bg.error'])(
    'fg.error reads at 4.5:1 or more on %s',
    (background) => {
      expect(contrast(resolved('colors.fg.error'), resolved(background))).toBeGreaterThanOrEqual(4.5)
    },
  )
})

import { describe, expect, it } from 'vitest'
import { toSlides } from '../../src/app/shell/partner-carousel.tsx'
import { LOGOUT_LABEL, USER_MENU_ITEMS } from '../../src/app/shell/user-menu.tsx'
import { CAROUSEL } from '../../src/lib/constants.ts'
import { SPEC_USER_MENU } from '../support/spec-strings.ts'

describe('shell constants', () => {
  it('splits 42 partner logos over 3 slides of 14', () => {
    const slides = toSlides(
      Array.from({ length: CAROUSEL.logos }, (_, i) => i),
      CAROUSEL.slides,
    )
    expect(slides.map((s) => s.length)).toEqual([14, 14, 14])
    expect(CAROUSEL).toEqual({ logos: 42, slides: 3, autoplayMs: 10_000, speedMs: 500 })
  })

  it('offers the eight dropdown items, logout last', () => {
    expect([...USER_MENU_ITEMS.map((i) => i.label), LOGOUT_LABEL]).toEqual(SPEC_USER_MENU)
  })
})

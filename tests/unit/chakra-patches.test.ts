import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createSystem } from '@chakra-ui/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { applyChakraPatch, chakraPatches } from '../../scripts/vite/chakra-patches.ts'
import { systemConfigs } from '../../src/app/theme-config.ts'

type PatchedCreateSystem = typeof createSystem & {
  prebuildTokens: (...configs: Parameters<typeof createSystem>) => Array<() => unknown>
}

/** Runs `count` steps (all by default) of a dictionary built ahead; the last step gives the dictionary. */
const prebuild = (configs: Readonly<Parameters<typeof createSystem>>, count?: number): unknown => {
  const steps = patchedCreateSystem.prebuildTokens(...configs)
  expect(steps.length).toBeGreaterThan(1)
  return steps
    .slice(0, count)
    .map((step) => step())
    .at(-1)
}

const root = path.resolve(import.meta.dirname, '../..')
const installed = path.join(root, 'node_modules/@chakra-ui/react/dist/esm')
// Inside node_modules, so the copy's own imports (react, emotion, @pandacss) resolve as Chakra's do.
const copy = path.join(root, 'node_modules/.cache/kabu-chakra-patches/esm')

/**
 * The browser bundle's Chakra is the installed one with scripts/vite/chakra-patches.ts applied; the
 * server renders with the unpatched one. This applies the patches to a copy of the installed modules
 * and checks that the patched system gives what the unpatched one gives, and that each patch does
 * what it is there for.
 */
let patchedCreateSystem: PatchedCreateSystem

beforeAll(async () => {
  fs.rmSync(copy, { recursive: true, force: true })
  fs.cpSync(installed, copy, { recursive: true })
  for (const file of new Set(chakraPatches.map((patch) => patch.file))) {
    const target = path.join(copy, file)
    const code = fs.readFileSync(target, 'utf8')
    const patched = chakraPatches
      .filter((patch) => patch.file === file)
      .reduce((text, patch) => applyChakraPatch(patch, text), code)
    fs.writeFileSync(target, patched)
  }
  const module = await import(pathToFileURL(path.join(copy, 'styled-system/system.js')).href)
  patchedCreateSystem = module.createSystem
})

const SAMPLE_STYLES = [
  { color: 'fg.muted', px: '4', _hover: { bg: 'brand.solid' }, md: { fontSize: 'lg' } },
  { colorPalette: 'green', bg: 'colorPalette.solid', borderRadius: 'l2', _dark: { color: 'white' } },
  { w: 'full', maxW: '6xl', mx: 'auto', '&:focus-visible': { outlineColor: 'colorPalette.focusRing' } },
  { display: { base: 'none', lg: 'flex' }, gap: ['2', '4'], boxShadow: 'md', zIndex: 'overlay' },
]

describe('Chakra patches of the browser bundle', () => {
  it('fail with the patch and the file named when Chakra no longer has the text they replace', () => {
    const [patch] = chakraPatches
    expect(() => applyChakraPatch(patch!, 'export {}')).toThrow(
      new RegExp(`"${patch!.name}" no longer matches @chakra-ui/react/dist/esm/${patch!.file}`),
    )
  })

  it('give the same global CSS, token variables and style classes as the unpatched system', () => {
    const original = createSystem(...systemConfigs)
    const patched = patchedCreateSystem(...systemConfigs)
    // Lazy: built when asked for, not by createSystem.
    expect(typeof Object.getOwnPropertyDescriptor(patched, '_global')?.get).toBe('function')
    expect(patched._global).toEqual(original._global)
    expect(patched.getTokenCss()).toEqual(original.getTokenCss())
    expect(patched.getGlobalCss()).toEqual(original.getGlobalCss())
    for (const style of SAMPLE_STYLES) expect(patched.css(style)).toEqual(original.css(style))
    expect(patched.token('colors.brand.solid')).toBe(original.token('colors.brand.solid'))
  })

  it('answer which names are conditions as before, from a Set', () => {
    expect(fs.readFileSync(path.join(copy, 'styled-system/conditions.js'), 'utf8')).toContain(
      'keySet.has(key)',
    )
    const original = createSystem(...systemConfigs)
    const patched = patchedCreateSystem(...systemConfigs)
    const names = [
      ...original.conditions.keys(),
      'base',
      'color',
      '@media print',
      '&:hover',
      '_unknown',
      'px',
      'sm',
    ]
    for (const name of names) expect(patched.conditions.has(name)).toBe(original.conditions.has(name))
    expect(patched.conditions.has('_hover')).toBe(true)
    expect(patched.conditions.has('color')).toBe(false)
  })

  it('use a token dictionary built ahead in steps for the very same configs, once', () => {
    const built = prebuild(systemConfigs)
    const ahead = patchedCreateSystem(...systemConfigs)
    expect(ahead.tokens).toBe(built)
    // Taken once: the next system builds its own, equal one.
    const next = patchedCreateSystem(...systemConfigs)
    expect(next.tokens).not.toBe(built)
    expect([...ahead.tokens.flatMap]).toEqual([...next.tokens.flatMap])
    expect([...ahead.tokens.cssVarMap]).toEqual([...next.tokens.cssVarMap])
    expect(ahead.getTokenCss()).toEqual(createSystem(...systemConfigs).getTokenCss())
    for (const style of SAMPLE_STYLES) expect(ahead.css(style)).toEqual(next.css(style))
  })

  it('build their own dictionary when the steps ran for other configs, or not to the end', () => {
    const reference = createSystem(...systemConfigs).token('colors.brand.solid')
    prebuild([systemConfigs[0]])
    expect(patchedCreateSystem(...systemConfigs).token('colors.brand.solid')).toBe(reference)
    prebuild(systemConfigs, 2)
    const system = patchedCreateSystem(...systemConfigs)
    expect(system.token('colors.brand.solid')).toBe(reference)
    expect(system.getTokenCss()).toEqual(createSystem(...systemConfigs).getTokenCss())
  })
})

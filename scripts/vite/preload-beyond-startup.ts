import type { Plugin } from 'vite'

/**
 * Vite preloads a dynamic import's dependencies by appending a `<link rel=modulepreload>` for each
 * one that is not on the page yet, and resolves every dependency's URL on every call first. A
 * landing page makes dozens of such calls (the start-up stages, its routes, each section) over ~70
 * small chunks: ~0.1 s of main thread on a throttled phone, the largest single cost left at start-up.
 *
 * Everything the start-up stages (src/main.tsx's dynamic imports) import statically is fetched by
 * the stages themselves, and the browser follows static imports on its own, so listing those chunks
 * again only costs time. This keeps preloading for what a route or a section adds on top (the form
 * kit, a carousel…), where it saves a round trip per level of imports.
 */
export function preloadBeyondStartup(): {
  plugin: Plugin
  resolveDependencies: (file: string, deps: string[]) => string[]
} {
  let startup = new Set<string>()
  const plugin: Plugin = {
    name: 'kabu:preload-beyond-startup',
    apply: 'build',
    generateBundle: {
      // Before vite's own generateBundle, which rewrites the preload lists through resolveDependencies.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
        )
        const entries = [...chunks.values()].filter((c) => c.isEntry)
        const pending = entries.flatMap((entry) => [entry.fileName, ...entry.dynamicImports])
        startup = new Set()
        while (pending.length) {
          const file = pending.pop()!
          if (startup.has(file)) continue
          startup.add(file)
          pending.push(...(chunks.get(file)?.imports ?? []))
        }
      },
    },
  }
  return { plugin, resolveDependencies: (_file, deps) => deps.filter((dep) => !startup.has(dep)) }
}

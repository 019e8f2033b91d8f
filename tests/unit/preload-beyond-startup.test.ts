import { describe, expect, it } from 'vitest'
import { preloadBeyondStartup } from '../../scripts/vite/preload-beyond-startup.ts'

type Handler = (this: unknown, options: unknown, bundle: unknown, isWrite: boolean) => void

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = [], isEntry = false) => ({
  type: 'chunk',
  fileName,
  imports,
  dynamicImports,
  isEntry,
})

/** A bundle shaped like the app's: an entry whose dynamic imports are the start-up stages. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/preload-helper.js'], ['assets/react-dom.js', 'assets/start.js'], true),
    chunk('assets/preload-helper.js', []),
    chunk('assets/react-dom.js', ['assets/react.js']),
    chunk('assets/react.js', []),
    chunk('assets/start.js', ['assets/react.js', 'assets/box.js'], ['assets/signup.js']),
    chunk('assets/box.js', []),
    chunk('assets/signup.js', ['assets/box.js', 'assets/form-kit.js']),
    chunk('assets/form-kit.js', ['assets/ajv.js']),
    chunk('assets/ajv.js', []),
    { type: 'asset', fileName: 'assets/app.css' },
  ].map((c) => [c.fileName, c]),
)

describe('preloadBeyondStartup', () => {
  it('keeps preloading what a lazy part adds, not what the start-up stages already import', () => {
    const { plugin, resolveDependencies } = preloadBeyondStartup()
    const hook = plugin.generateBundle as { order: string; handler: Handler }
    expect(hook.order).toBe('pre')
    hook.handler.call({}, {}, bundle, false)
    expect(
      resolveDependencies('assets/signup.js', ['assets/box.js', 'assets/form-kit.js', 'assets/ajv.js']),
    ).toEqual(['assets/form-kit.js', 'assets/ajv.js'])
    expect(resolveDependencies('assets/start.js', ['assets/react.js', 'assets/box.js'])).toEqual([])
  })
})

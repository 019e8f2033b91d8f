import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { chakraPatchesPlugin } from './scripts/vite/chakra-patches.ts'
import { checkDefinitionsPlugin } from './scripts/vite/check-definitions-plugin.ts'
import { eventRoutesPlugin } from './scripts/vite/event-routes-plugin.ts'
import { preloadBeyondStartup } from './scripts/vite/preload-beyond-startup.ts'
import { normaliseBasePath } from './server/config.ts'

// BASE_PATH: the staging prefix (e.g. BASE_PATH=/test/ npm run build, or npm run build:staging into
// dist-test/). The SPA reads it back through import.meta.env.BASE_URL in one place, src/lib/paths.ts,
// so no route, link or image needs to know it.
const base = normaliseBasePath(process.env.BASE_PATH)
const apiTarget = process.env.API_TARGET ?? `http://localhost:${process.env.API_PORT ?? 3001}`

/** Points @rjsf/chakra-ui's one use of Chakra's defaultSystem at a slim stand-in (src/forms/rjsf-chakra-system.ts). */
function rjsfChakraSystem(): Plugin {
  const standIn = path.resolve(import.meta.dirname, 'src/forms/rjsf-chakra-system.ts')
  return {
    name: 'kabu:rjsf-chakra-system',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@chakra-ui/react' &&
        importer?.replaceAll('\\', '/').includes('@rjsf/chakra-ui/lib/utils.js')
      ) {
        return standIn
      }
      return null
    },
  }
}

const preload = preloadBeyondStartup()

/**
 * One chunk per start-up stage of src/main.tsx (React DOM, the theme's modules, the theme, the app
 * shell) instead of the ~70 chunks, most under 2 KB, that splitting by shared use gave: each file is
 * a request that a phone on a slow network, and Lighthouse's simulation of one, pays for in round
 * trips and script tasks. A stage's group takes the stage's module and, recursively, everything it
 * imports statically that an earlier (higher-priority) stage has not taken, so each stage still
 * evaluates only its own code, in its own task. What a lazy route or a section adds stays split.
 */
const startupStage = (name: string, module: RegExp, priority: number) => ({
  name,
  test: (id: string) => module.test(id.replaceAll('\\', '/')),
  priority,
})
const startupChunks = {
  groups: [
    // What src/main.tsx itself runs first (vite's preload helper every stage calls): kept out of the
    // stages, or the entry would import a whole stage's chunk statically and run it in its first task.
    startupStage('preload-helper', /vite\/preload-helper/, 5),
    // What src/main.tsx reads before it decides to start (the served page's data, the session
    // cookie, the visitor's first move): small, and kept out of the shell's stage, which the entry
    // would otherwise import statically, and with it React, on a page that waits for its visitor.
    startupStage(
      'startup-gate',
      /\/src\/app\/(first-use|served-page)\.ts$|\/src\/lib\/(token|cookies|constants)\.ts$|\/schemas\/contract\.ts$/,
      6,
    ),
    startupStage('startup-react-dom', /\/node_modules\/react-dom\/client\.js$/, 4),
    startupStage('startup-theme-config', /\/src\/app\/theme-config\.ts$/, 3),
    startupStage('startup-theme', /\/src\/app\/theme\.ts$/, 2),
    startupStage('startup-shell', /\/src\/app\/start\.tsx$/, 1),
    // The API client and every call wrapper, in one chunk: a page's data calls came as ~8 files
    // under 1 KB each beside axios. Lower than the stages: what start-up needs stays in its stage.
    // The sign-in page shows the client's failure messages without the client (it must start when
    // axios cannot load: tests/e2e/shell.test.ts), so the message table stays a chunk of its own.
    { name: 'http-messages', test: /\/src\/api\/http-messages\.ts$/, priority: 0.5 },
    { name: 'api', test: /\/src\/api\/|\/node_modules\/axios\//, priority: 0 },
  ],
}

export default defineConfig(({ isSsrBuild }) => ({
  base,
  plugins: [
    checkDefinitionsPlugin(import.meta.dirname),
    eventRoutesPlugin(import.meta.dirname),
    react(),
    rjsfChakraSystem(),
    chakraPatchesPlugin(),
    preload.plugin,
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: lets the bench tell what each lazy route adds on top of the shell.
    manifest: !isSsrBuild,
    // The server renderer (`vite build --ssr src/entry-server.tsx --outDir dist/ssr`) needs no copy of
    // public/; the server refuses to serve dist/ssr/.
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      // Chakra's theme module builds its default config with identity helpers at top level; marking
      // them pure lets the recipes we do not register (date picker, combobox…) drop out of the bundle.
      output: {
        // The browser build only: the server renderer is one process reading files from disk.
        codeSplitting: isSsrBuild ? undefined : startupChunks,
        // Section renderers are named after their type (section-hero-…js), so tests and the bench
        // can tell which section types a page loaded.
        chunkFileNames: (chunk) => {
          const section = chunk.facadeModuleId
            ?.replaceAll('\\', '/')
            .match(/engine\/landing\/sections\/([^/]+)\/render\.tsx$/)
          if (section) return `assets/section-${section[1]}-[hash].js`
          // Only section renderers are called section-…: the engine's own modules (section-list) are not one.
          return chunk.name.startsWith('section-')
            ? 'assets/landing-[name]-[hash].js'
            : 'assets/[name]-[hash].js'
        },
      },
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'defineKeyframes',
          'defineGlobalStyles',
          'createAnatomy',
        ],
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
}))

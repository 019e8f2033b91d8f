import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { chakraPatchesPlugin } from './scripts/vite/chakra-patches.ts'
import { checkDefinitionsPlugin } from './scripts/vite/check-definitions-plugin.ts'
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

export default defineConfig(({ isSsrBuild }) => ({
  base,
  plugins: [
    checkDefinitionsPlugin(import.meta.dirname),
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

import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
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

/**
 * Chakra's createSystem builds the global CSS (reset, base styles and ~600 token variables) as soon
 * as the theme module loads: ~60% of the system's start-up, in the page's longest task. This makes
 * `system._global` a lazy getter, so a server-rendered page, whose global CSS arrived with the HTML,
 * never builds it (src/app/theme.ts adoptServerGlobalCss). Fails the build if Chakra's code moved.
 */
function chakraLazyGlobalCss(): Plugin {
  const eager = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];'
  let applied = false
  let ssr = false
  return {
    name: 'kabu:chakra-lazy-global-css',
    configResolved(config) {
      ssr = !!config.build.ssr
    },
    buildEnd() {
      // The server bundle leaves Chakra in node_modules; the browser bundle must have been patched.
      if (!ssr && !applied) this.error('kabu:chakra-lazy-global-css: Chakra createSystem not found')
    },
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('@chakra-ui/react/dist/esm/styled-system/system.js')) return null
      if (!code.includes(eager) || !code.includes('    _global,\n')) {
        throw new Error('kabu:chakra-lazy-global-css: Chakra changed createSystem; review the plugin')
      }
      applied = true
      return code
        .replace(
          eager,
          'let _global;\n  const buildGlobalCss = () => (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
        )
        .replace('    _global,\n', '    get _global() {\n      return buildGlobalCss();\n    },\n')
    },
  }
}

const preload = preloadBeyondStartup()

export default defineConfig(({ isSsrBuild }) => ({
  base,
  plugins: [react(), rjsfChakraSystem(), chakraLazyGlobalCss(), preload.plugin],
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

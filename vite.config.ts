import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { normaliseBasePath } from './server/config.ts'

// BASE_PATH: the staging prefix (e.g. BASE_PATH=/test/ npm run build); the router reads it back
// through import.meta.env.BASE_URL, so no route or link needs to know it.
const base = normaliseBasePath(process.env.BASE_PATH)
const apiTarget = process.env.API_TARGET ?? `http://localhost:${process.env.API_PORT ?? 3001}`

export default defineConfig({
  base,
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Chakra's theme module builds its default config with identity helpers at top level; marking
      // them pure lets the recipes we do not register (date picker, combobox…) drop out of the bundle.
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
})

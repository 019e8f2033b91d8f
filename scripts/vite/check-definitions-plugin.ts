import path from 'node:path'
import type { Plugin } from 'vite'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { formatError } from '../../definitions/core/json-file.ts'

/**
 * The build runs the same check as `npm run check:definitions` and the server's start, before it
 * bundles a single page: an invalid landing page or competition stops `npm start` with the
 * checker's messages (file, JSON path, reason; line and column for a syntax error) instead of
 * shipping a page whose broken parts silently vanish, or failing later with a bundler message that
 * names no file. The dev server reports the same problems when a definition is saved.
 */
/**
 * How the build stops on invalid definitions: the checker's lines on stderr and exit code 1. Not
 * this.error(): Vite prints a plugin's error with util.inspect, a stack trace and the plugin's fields
 * around the lines staff need.
 */
function stopBuild(text: string): never {
  process.stderr.write(`${text}\n`)
  process.exit(1)
}

export function checkDefinitionsPlugin(root: string, stop: (text: string) => never = stopBuild): Plugin {
  const report = () => checkAllDefinitions(root).errors
  const watched = ['landing-pages', 'competitions'].map((dir) => path.join(root, dir))
  return {
    name: 'kabu:check-definitions',
    buildStart() {
      // The server renderer's build is the second pass over the same files: checking once is enough.
      if (this.environment?.config.build.ssr) return
      const errors = report()
      if (errors.length)
        stop(
          `${errors.length} 个定义文件问题（npm run check:definitions 可再次检查）：\n${errors.map(formatError).join('\n')}`,
        )
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!watched.some((dir) => file.startsWith(dir)) || !file.endsWith('.json')) return
        const errors = report()
        for (const e of errors) server.config.logger.error(formatError(e))
        if (!errors.length) server.config.logger.info(`✓ ${path.relative(root, file)} 有效`)
      })
    },
  }
}

// @vitest-environment jsdom
import { composeStories, type composeStory, setProjectAnnotations } from '@storybook/react-vite'
import { describe, expect, test } from 'vitest'
import preview from '../../.storybook/preview.tsx'

/**
 * Every story in src/ is rendered here with the Storybook preview's decorators, and a story's `play`
 * function runs after it — so a play function's `expect` that fails fails `npm test`. New stories join
 * by existing: the glob finds them.
 */
setProjectAnnotations(preview)

// jsdom lays nothing out, so nothing ever resizes: an observer that never fires is what a browser
// would do here, and lets components that measure themselves (the speakers' folded bios) render.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

type StoriesModule = Parameters<typeof composeStories>[0]
const modules = import.meta.glob<StoriesModule>('../../src/**/*.stories.tsx', { eager: true })

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const composed: Record<string, ReturnType<typeof composeStory>> = composeStories(module)
  const stories = Object.entries(composed).map(
    ([name, story]) => [story.play ? `${name}: its play function passes` : `${name} renders`, story] as const,
  )
  test.each(stories)('%s', async (_name, story) => {
    const canvasElement = document.body.appendChild(document.createElement('div'))
    try {
      await story.run({ canvasElement })
      // Something reached the page: in the canvas, or in a portal on the body (dialogs).
      const portals = [...document.body.children].filter((el) => el !== canvasElement)
      expect(canvasElement.childElementCount + portals.length).toBeGreaterThan(0)
    } finally {
      canvasElement.remove()
    }
  })
})

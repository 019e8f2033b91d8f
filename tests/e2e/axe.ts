import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/** axe-core's browser bundle, evaluated in the page (not a <script>: the portal's CSP allows only its own). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the portal's target (issue 22 item 9). */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

export interface Finding {
  rule: string
  impact: string
  help: string
  targets: string[]
  summary: string
}

/**
 * Waits until no finite animation or transition runs, so colours are measured at rest and not halfway
 * through a fade (a toast fading out, a filter button changing colour, a dialog's backdrop leaving:
 * a loaded run once measured 2.69:1 mid-transition on /manage/certificate-posts). Endless ones
 * (spinners, the partner carousel) are left running; after `timeoutMs` the page is measured as it is.
 */
export async function animationsAtRest(page: Page, timeoutMs = 5_000): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: timeoutMs },
    )
    .catch(() => undefined)
}

/**
 * axe-core's violations of WCAG A/AA on the page (or inside `within`, a CSS selector), and the
 * portal's own check that no control is named in English on its Chinese pages (axe does not compare
 * a name's language with the page's). Measured once animations are at rest.
 */
export async function accessibilityFindings(page: Page, within?: string): Promise<Finding[]> {
  await animationsAtRest(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    async ({ tags, within }) => {
      type AxeResult = {
        id: string
        impact: string | null
        help: string
        nodes: Array<{ target: unknown[]; failureSummary?: string }>
      }
      const axe = (
        window as unknown as { axe: { run(...args: unknown[]): Promise<{ violations: AxeResult[] }> } }
      ).axe
      const context = within ? { include: [within] } : document
      const { violations } = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      })
      const findings = violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
        summary: v.nodes[0]?.failureSummary ?? '',
      }))
      // Chakra's controls come with English names (Close, Copy to clipboard, Dismiss…): a name with
      // Latin words and no Chinese character is one of those left in place.
      const scope = within ? document.querySelector(within) : document.body
      const english = [...(scope?.querySelectorAll<HTMLElement>('[aria-label]') ?? [])].filter((e) => {
        const name = e.getAttribute('aria-label') ?? ''
        return /[A-Za-z]{2,}/.test(name) && !/[\u3400-\u9fff]/.test(name)
      })
      if (english.length) {
        findings.push({
          rule: 'english-name',
          impact: 'serious',
          help: 'A control on a Chinese page is named in English',
          targets: english.map(
            (e) => `${e.tagName.toLowerCase()}[aria-label="${e.getAttribute('aria-label')}"]`,
          ),
          summary: 'Name it in Chinese (e.g. 关闭, 复制)',
        })
      }
      return findings
    },
    { tags: WCAG_AA_TAGS, within },
  )
}

/** One line per finding: rule, impact, what it means, the elements and the address. */
export function describeFindings(findings: Finding[], where: string): string {
  return findings
    .map(
      (f) =>
        `${where}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.slice(0, 8).join('\n    ')}` +
        `${f.targets.length > 8 ? `\n    … and ${f.targets.length - 8} more` : ''}\n    ${f.summary.replace(/\n/g, '\n    ')}`,
    )
    .join('\n')
}

export interface FocusRing {
  element: string
  ring: string
  background: string
  ratio: number
}

/**
 * The focus indicator of the element that has keyboard focus: its outline colour and the colour of
 * what the outline is drawn on (the first opaque background among its ancestors; the ring sits
 * outside the element), with their contrast ratio (WCAG 1.4.11 asks 3:1).
 */
export async function focusRingOfActiveElement(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body || !element.matches(':focus-visible')) return null
    const rgb = (css: string) => {
      const m = css.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/)
      return m
        ? { rgb: [Number(m[1]), Number(m[2]), Number(m[3])], alpha: m[4] === undefined ? 1 : Number(m[4]) }
        : null
    }
    const luminance = ([r, g, b]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = (v ?? 0) / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!
    }
    const style = getComputedStyle(element)
    const ring = rgb(style.outlineColor)
    let background = { rgb: [255, 255, 255], alpha: 1 }
    for (let node = element.parentElement; node; node = node.parentElement) {
      const bg = rgb(getComputedStyle(node).backgroundColor)
      if (bg && bg.alpha === 1) {
        background = bg
        break
      }
    }
    const [a, b] = [luminance(ring?.rgb ?? [0, 0, 0]), luminance(background.rgb)].sort((x, y) => y - x)
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 20)
    return {
      element: `${element.tagName.toLowerCase()} “${label}” (outline ${style.outlineStyle} ${style.outlineWidth})`,
      ring: style.outlineColor,
      background: `rgb(${background.rgb.join(', ')})`,
      ratio: style.outlineStyle === 'none' ? 0 : (a! + 0.05) / (b! + 0.05),
    }
  })
}

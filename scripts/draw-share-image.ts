import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/browser.ts'

/**
 * Draws public/share.jpg, the site's share card (1200×630, the size WeChat, Weibo and Open Graph
 * readers crop to) for pages that name no image of their own: share cards take PNG or JPEG, not the
 * SVG artwork the pages use. Run once with Debian's chromium and a CJK font installed
 * (`node scripts/draw-share-image.ts`); the JPEG is committed, so builds and CI never draw it.
 */
const out = path.resolve(import.meta.dirname, '../public/share.jpg')
const html = `<!doctype html><meta charset="utf-8"><style>
  body{margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
    padding:0 96px;box-sizing:border-box;color:#fff;
    font-family:'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif;
    background:linear-gradient(135deg,#0c1638 0%,#14255c 45%,#1f3fae 100%)}
  .mark{width:112px;height:112px;border-radius:28px;background:#fff;color:#1f3fae;font-size:72px;
    font-weight:900;display:flex;align-items:center;justify-content:center;margin-bottom:48px}
  h1{font-size:88px;margin:0 0 20px;font-weight:900;letter-spacing:4px}
  p{font-size:40px;margin:0;opacity:.88}
  .accent{position:absolute;right:-120px;top:-120px;width:520px;height:520px;border-radius:50%;
    border:56px solid rgba(255,255,255,.08)}
</style><div class="accent"></div><div class="mark">K</div><h1>咖簿网</h1>
<p>工业设计师认证 · 作品确权 · 设计竞赛</p>`

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(html)
await page.screenshot({ path: out, type: 'jpeg', quality: 88 })
await browser.close()
console.log(`wrote ${out}`)

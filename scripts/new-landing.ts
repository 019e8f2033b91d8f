import fs from 'node:fs'
import path from 'node:path'
import { SLUG_PATTERN } from '../definitions/landing/types.ts'

/**
 * `npm run new:landing -- <slug>`: writes landing-pages/<slug>.json, a valid page to edit (hero,
 * introduction, agenda, FAQ, call to action), using the shared demo artwork until real images are
 * drawn (scripts/draw-landing-art.ts). Check it with `npm run check:definitions`.
 */
const slug = process.argv[2]
const root = path.resolve(import.meta.dirname, '..')
if (!slug || !SLUG_PATTERN.test(slug)) {
  console.error('用法：npm run new:landing -- <slug>（只能用字母、数字和 -，它就是网址 /application/<slug>）')
  process.exit(2)
}
const file = path.join(root, 'landing-pages', `${slug}.json`)
if (fs.existsSync(file)) {
  console.error(`landing-pages/${slug}.json 已存在`)
  process.exit(1)
}

const page = {
  $schema: './landing-page.schema.json',
  title: '活动名称（请修改）',
  description: '用一两句话介绍这次活动：主题、时间、地点和面向的人群，会显示在搜索结果和分享卡片中。',
  sections: [
    {
      type: 'hero',
      props: {
        kicker: '咖簿网 · 专题活动',
        title: '活动名称（请修改）',
        subtitle: '一句话说明活动亮点',
        background: { src: '/landing/demo/banner.webp', alt: '活动主视觉', width: 1600, height: 700 },
        meta: [
          { label: '时间', value: '2026年12月20日' },
          { label: '地点', value: '苏州工业园区' },
        ],
        actions: [{ label: '立即报名', href: '#signup' }],
      },
    },
    {
      type: 'richText',
      props: {
        title: '活动介绍',
        blocks: [{ kind: 'paragraph', text: '在这里介绍活动的背景、内容和参与方式。' }],
      },
    },
    {
      type: 'timeline',
      props: {
        title: '活动日程',
        items: [
          { time: '09:30', title: '签到入场' },
          { time: '10:00', title: '开幕致辞' },
        ],
      },
    },
    {
      type: 'signup',
      id: 'signup',
      props: {
        title: '在线报名',
        form: 'event-signup',
        successTitle: '报名成功',
        successText: '我们会通过短信发送参会通知，请留意。',
      },
    },
    { type: 'faq', props: { items: [{ q: '活动是否收费？', a: '本次活动免费参加。' }] } },
  ],
}
fs.writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`)
console.log(`created landing-pages/${slug}.json → /application/${slug}
横幅暂用示例图片 /landing/demo/banner.webp（占位图）：上线前请换成正式图片（正式网站拒绝带着占位图启动）。`)

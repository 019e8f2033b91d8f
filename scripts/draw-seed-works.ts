/**
 * Draws the demo rights-confirmed works' files into server/db/seed/files/works/ (committed; the seed
 * registers them at start, see server/db/seed/works.ts). Pictures are drawn as SVG and rasterised with
 * sharp; the video is rendered frame by frame and encoded by ffmpeg (needed only to re-run this
 * script, never by the server); the PDF uses the server's CJK PDF helper; text files are written here.
 *   node scripts/draw-seed-works.ts
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { SEED_WORK_FILES } from '../server/db/seed/works.ts'
import { CjkPdf } from '../server/services/pdf/cjk-pdf.ts'

const out = (name: string) => path.join(SEED_WORK_FILES, name)
fs.mkdirSync(SEED_WORK_FILES, { recursive: true })

const svg = (w: number, h: number, body: string, bg = '#f4efe6') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>`

/** The folding lamp, its upper arm at `angle` degrees from upright. */
const lamp = (angle: number, w = 800, h = 600) => {
  const baseX = w / 2 - 80
  const baseY = h - 110
  const pivotX = baseX + 20
  const pivotY = baseY - 200
  return svg(
    w,
    h,
    `<ellipse cx="${w / 2}" cy="${h - 70}" rx="260" ry="18" fill="#e2d9c8"/>
<rect x="${baseX - 70}" y="${baseY}" width="180" height="26" rx="13" fill="#3d4a5c"/>
<rect x="${baseX + 8}" y="${pivotY}" width="24" height="${baseY - pivotY}" rx="12" fill="#5a6b80"/>
<circle cx="${pivotX}" cy="${pivotY}" r="18" fill="#c9a227"/>
<g transform="rotate(${angle} ${pivotX} ${pivotY})">
  <rect x="${pivotX - 11}" y="${pivotY - 190}" width="22" height="190" rx="11" fill="#5a6b80"/>
  <circle cx="${pivotX}" cy="${pivotY - 190}" r="14" fill="#c9a227"/>
  <g transform="translate(${pivotX} ${pivotY - 190}) rotate(110)">
    <path d="M0 -14 L150 -44 Q176 0 150 44 L0 14 Z" fill="#3d4a5c"/>
    <ellipse cx="152" cy="0" rx="14" ry="44" fill="#fff6d6"/>
  </g>
</g>`,
  )
}

const teaSet = svg(
  800,
  600,
  `<ellipse cx="400" cy="470" rx="320" ry="40" fill="#ded3bf"/>
<path d="M250 300 Q250 200 340 190 L420 190 Q510 200 510 300 Q510 420 380 430 Q250 420 250 300 Z" fill="#7fa39a"/>
<path d="M505 260 Q590 240 600 200 L615 208 Q600 270 510 300 Z" fill="#7fa39a"/>
<path d="M255 250 Q200 250 200 310 Q200 360 262 360" fill="none" stroke="#5e8179" stroke-width="16"/>
<rect x="330" y="165" width="100" height="30" rx="12" fill="#5e8179"/>
<circle cx="380" cy="158" r="14" fill="#c9a227"/>
<path d="M560 380 L680 380 L670 450 L570 450 Z" fill="#a9c4bc"/>
<path d="M110 390 L220 390 L212 452 L118 452 Z" fill="#a9c4bc"/>
<path d="M270 320 Q380 350 490 320" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6"/>`,
  '#f3ede2',
)

const helmet = svg(
  800,
  600,
  `<path d="M170 390 Q170 170 420 160 Q640 160 650 360 L650 400 Q560 420 420 420 L200 420 Q170 420 170 390 Z" fill="#2f4858"/>
<path d="M230 230 Q330 190 450 200" fill="none" stroke="#86bbd8" stroke-width="18" stroke-linecap="round"/>
<path d="M260 290 Q380 250 520 262" fill="none" stroke="#86bbd8" stroke-width="18" stroke-linecap="round"/>
<path d="M300 345 Q420 320 580 330" fill="none" stroke="#86bbd8" stroke-width="18" stroke-linecap="round"/>
<rect x="610" y="330" width="46" height="60" rx="10" fill="#f26419"/>
<path d="M200 420 L180 470 M620 420 L640 470" stroke="#33658a" stroke-width="10" stroke-linecap="round"/>
<ellipse cx="410" cy="500" rx="260" ry="20" fill="#d9d2c4"/>`,
  '#eef2f3',
)

const latticeCell = (x: number, y: number, s: number, kind: number) => {
  const c = '#6b4f3a'
  const half = s / 2
  const shapes = [
    `<rect x="${x + 10}" y="${y + 10}" width="${s - 20}" height="${s - 20}" fill="none" stroke="${c}" stroke-width="6"/><path d="M${x + half} ${y + 10} V${y + s - 10} M${x + 10} ${y + half} H${x + s - 10}" stroke="${c}" stroke-width="6"/>`,
    `<circle cx="${x + half}" cy="${y + half}" r="${half - 14}" fill="none" stroke="${c}" stroke-width="6"/><rect x="${x + half - 18}" y="${y + half - 18}" width="36" height="36" transform="rotate(45 ${x + half} ${y + half})" fill="none" stroke="${c}" stroke-width="6"/>`,
    `<path d="M${x + 10} ${y + half} L${x + half} ${y + 10} L${x + s - 10} ${y + half} L${x + half} ${y + s - 10} Z" fill="none" stroke="${c}" stroke-width="6"/><path d="M${x + 10} ${y + 10} L${x + s - 10} ${y + s - 10} M${x + s - 10} ${y + 10} L${x + 10} ${y + s - 10}" stroke="${c}" stroke-width="4"/>`,
    `<path d="M${x + 10} ${y + 30} H${x + s - 30} V${y + s - 10} M${x + 30} ${y + 10} V${y + s - 30} H${x + s - 10}" fill="none" stroke="${c}" stroke-width="6"/>`,
  ]
  return shapes[kind % shapes.length]!
}
const lattice = svg(
  800,
  600,
  Array.from({ length: 12 }, (_, i) =>
    latticeCell(70 + (i % 4) * 170, 40 + Math.floor(i / 4) * 180, 150, i + Math.floor(i / 4)),
  ).join(''),
  '#efe6d8',
)

const bookmarks = svg(
  800,
  600,
  [
    ['#b08d57', 'M0 -120 Q10 -40 0 40 M0 -60 L-30 -90 M0 -30 L28 -64'],
    ['#a67c52', 'M-20 -40 Q0 -100 30 -60 Q10 -40 -20 -40 M5 -50 L5 60'],
    ['#c19a6b', 'M0 -20 m-34 0 a34 34 0 1 0 68 0 a34 34 0 1 0 -68 0 M0 -54 L0 -74'],
    ['#9c7a4d', 'M-30 40 Q0 -80 30 40 M-10 -10 L10 -10'],
  ]
    .map(
      ([color, motif], i) =>
        `<g transform="translate(${170 + i * 155} 300) rotate(${(i - 1.5) * 4})"><rect x="-50" y="-190" width="100" height="340" rx="8" fill="${color}"/><circle cx="0" cy="-160" r="9" fill="#f3ede2"/><path d="M0 -151 C 20 -60 -30 40 10 200" stroke="#b23a48" stroke-width="5" fill="none"/><path d="${motif}" stroke="#f7f0e1" stroke-width="5" fill="none" stroke-linecap="round"/></g>`,
    )
    .join(''),
  '#e9e4da',
)

const scooter = svg(
  800,
  600,
  `<circle cx="190" cy="430" r="70" fill="#222" /><circle cx="190" cy="430" r="30" fill="#888"/>
<circle cx="620" cy="430" r="70" fill="#222" /><circle cx="620" cy="430" r="30" fill="#888"/>
<path d="M200 400 L560 400 Q600 400 610 430 L250 430 Z" fill="#1b998b"/>
<path d="M560 400 L600 140 L620 140 L590 400 Z" fill="#2d3047"/>
<rect x="560" y="120" width="110" height="22" rx="11" fill="#2d3047"/>
<path d="M150 360 Q190 340 240 372" fill="none" stroke="#2d3047" stroke-width="14" stroke-linecap="round"/>
<rect x="590" y="180" width="16" height="8" fill="#fffd82"/>`,
  '#edf6f9',
)

const kettle = svg(
  800,
  600,
  `<path d="M270 470 L300 250 Q400 220 500 250 L530 470 Z" fill="#9aa5b1"/>
<path d="M300 250 Q400 200 500 250" fill="#7b8794"/>
<circle cx="400" cy="215" r="14" fill="#323f4b"/>
<path d="M290 300 Q180 260 150 160 Q146 140 130 132" fill="none" stroke="#9aa5b1" stroke-width="22" stroke-linecap="round"/>
<path d="M520 270 Q620 280 610 380 Q600 450 530 450" fill="none" stroke="#323f4b" stroke-width="24"/>
<path d="M320 300 L340 450" stroke="#ffffff" stroke-opacity="0.4" stroke-width="12"/>
<ellipse cx="400" cy="480" rx="200" ry="16" fill="#d5d0c8"/>`,
  '#f5f1ea',
)

const detail = (zoom: string, bg: string) => svg(600, 450, zoom, bg)

async function raster(source: string, file: string, format: 'png' | 'jpg' | 'webp', width?: number) {
  let image = sharp(Buffer.from(source))
  if (width) image = image.resize({ width })
  if (format === 'png') image = image.png({ compressionLevel: 9, palette: true })
  else if (format === 'jpg') image = image.jpeg({ quality: 78, mozjpeg: true })
  else image = image.webp({ quality: 78 })
  await image.toFile(out(file))
}

await raster(lamp(-28), 'qiguang-lamp.png', 'png')
await raster(
  detail(
    '<circle cx="300" cy="225" r="120" fill="#5a6b80"/><circle cx="300" cy="225" r="60" fill="#c9a227"/><circle cx="300" cy="225" r="18" fill="#3d4a5c"/>',
    '#efe8dc',
  ),
  'qiguang-lamp-detail-1.jpg',
  'jpg',
)
await raster(
  detail(
    '<ellipse cx="300" cy="225" rx="90" ry="160" fill="#fff6d6" stroke="#3d4a5c" stroke-width="24"/><path d="M240 150 Q300 120 360 150" stroke="#e8dcb0" stroke-width="10" fill="none"/>',
    '#2f3a48',
  ),
  'qiguang-lamp-detail-2.jpg',
  'jpg',
)
await raster(teaSet, 'yunqi-tea-set.jpg', 'jpg')
await raster(
  detail(
    '<path d="M150 330 L450 330 L430 390 L170 390 Z" fill="#a9c4bc"/><path d="M200 230 L400 230 L385 320 L215 320 Z" fill="#7fa39a"/><path d="M240 150 L360 150 L352 222 L248 222 Z" fill="#5e8179"/>',
    '#f3ede2',
  ),
  'yunqi-tea-set-detail.jpg',
  'jpg',
)
await raster(lattice, 'garden-lattice.png', 'png')
await raster(helmet, 'city-helmet.png', 'png')
await raster(bookmarks, 'xixi-bookmarks.jpg', 'jpg')
await raster(
  detail(
    '<rect x="250" y="40" width="100" height="370" rx="8" fill="#b08d57"/><path d="M300 110 Q310 190 300 270 M300 170 L270 140 M300 200 L328 166" stroke="#f7f0e1" stroke-width="6" fill="none" stroke-linecap="round"/>',
    '#e9e4da',
  ),
  'xixi-bookmarks-detail.jpg',
  'jpg',
)
await raster(scooter, 'scooter-profile.png', 'png')
await raster(kettle, 'pour-over-kettle.webp', 'webp')

// The lamp unfolding: 48 frames at 12 fps, encoded to a small H.264 mp4 that browsers play.
const frames = fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-lamp-'))
for (let i = 0; i < 48; i++) {
  const t = Math.min(1, i / 36)
  const eased = 1 - (1 - t) ** 3
  await sharp(Buffer.from(lamp(-100 + 72 * eased, 640, 480)))
    .png()
    .toFile(path.join(frames, `f${String(i).padStart(3, '0')}.png`))
}
const ffmpeg = spawnSync(
  'ffmpeg',
  [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    '12',
    '-i',
    path.join(frames, 'f%03d.png'),
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    out('qiguang-lamp-motion.mp4'),
  ],
  { stdio: 'inherit' },
)
fs.rmSync(frames, { recursive: true, force: true })
if (ffmpeg.status !== 0) throw new Error('ffmpeg failed (is it installed? apt-get install -y ffmpeg)')

fs.writeFileSync(
  out('tingchao-speaker.txt'),
  `「听潮」蓝牙音箱设计说明

一、缘起
我们访谈了二十四位在家办公的年轻人，发现他们的桌面音箱大多被放在显示器背后，一边积灰一边被遗忘。问题不在音质，而在于音箱没有一个“属于桌面”的样子：太大，太黑，太像一台机器。

二、造型
「听潮」取形于退潮后沙滩上留下的波纹。机身是一块微微隆起的椭圆，正面的十一道织物褶皱既是出声孔的遮罩，也是视觉上的“潮线”。机身高度控制在 68 毫米，放在显示器下方不挡屏幕。

三、声学
椭圆腔体内部用两道斜向隔板分出低音反射通道，出口朝向桌面，借桌面反射补足低频。全频单元 52 毫米，频响在 70 Hz 以上平直。我们放弃了更大的单元，换来更小的体积和更低的待机功耗。

四、材料
外壳为回收 PET 织物包覆的再生 ABS，底座为硅胶防滑圈。颜色提供“晨沙”“暮蓝”“青苔”三种，均为低饱和度的自然色。

五、交互
顶部只有一个旋钮：旋转调音量，按下播放或暂停，长按三秒进入配对。指示灯藏在织物之下，工作时透出一圈柔和的光，不工作时完全隐去。

六、仍待解决
织物褶皱在长期使用后的回弹性仍需测试；低音反射通道在靠墙摆放时会略显浑浊，下一版考虑加入摆放位置的均衡预设。
`,
)
fs.writeFileSync(
  out('pillbox-interaction.txt'),
  `智能药盒交互原型说明

目标用户：独居、每天需要服用两种以上药物的老人，以及不住在一起的子女。

一、提醒
到点时，对应药格的盖子边缘亮起暖黄色灯带，同时发出三声短促的木鱼声。老人不需要看屏幕，只要找到亮着的那一格。若十分钟内没有打开，提醒再响一次，音量提高一档。

二、确认
打开药格即视为“已取药”，灯带变绿并保持三秒后熄灭。我们没有设计“确认按钮”：访谈中有七位老人表示，他们常常吃了药却忘了按确认。

三、通知家属
若三十分钟后药格仍未打开，药盒通过家里的无线网络给子女的手机发送一条提醒：“妈妈今天中午的药还没有吃”。子女可以一键拨打电话，或远程让提醒再响一次。

四、补药
每周日晚八点，药盒的七个格子同时闪烁一次，提醒补药。补药时按住侧面的“补药”键，灯带会依次亮起，指示按星期一到星期日的顺序放入。

五、原型测试记录
第一轮纸面原型：六位老人中有两位分不清药格顺序，后改为在盖子上刻出凸起的“一”至“日”字样。
第二轮可交互原型：木鱼声比电子蜂鸣更容易被接受，但有一位老人听力较弱，改为同时配合震动底座。
`,
)

// A short study as a PDF (the "other file" type).
const study = [
  { text: '儿童学习椅人机尺寸研究', size: 20, weight: 700 as const },
  {
    text: '本研究整理了 6 至 12 岁儿童坐姿的主要尺寸，并据此给出可调节学习椅的调节范围建议。数据来源为公开的儿童人体尺寸统计与我们对 36 名儿童的实地测量，测量在家长同意下进行。',
    size: 11,
    weight: 400 as const,
  },
  {
    text: '一、座面高度：应等于小腿加足高，6 岁约 28 厘米，12 岁约 40 厘米。建议调节范围 26 至 42 厘米，共 9 档，每档 2 厘米。',
    size: 11,
    weight: 400 as const,
  },
  {
    text: '二、座面深度：应略小于臀膝距，避免膝窝受压。建议 27 至 35 厘米，随座高联动调节。',
    size: 11,
    weight: 400 as const,
  },
  {
    text: '三、靠背：腰托中心高度随身高变化，建议设在座面以上 15 至 21 厘米，并可前后微调 3 厘米。',
    size: 11,
    weight: 400 as const,
  },
  {
    text: '四、结论：一把椅子覆盖 6 至 12 岁需要两组独立调节，座高与座深联动可以减少家长的调节步骤。',
    size: 11,
    weight: 400 as const,
  },
]
const pdf = await CjkPdf.create({ Title: '儿童学习椅人机尺寸研究', Author: '陈思远（示例）' }, study, 64)
for (const p of study) pdf.paragraph(p, { x: 64, width: 467, gapAfter: 12 })
fs.writeFileSync(out('kids-chair-study.pdf'), await pdf.finish())

// The packaging guidelines as a zip of SVG sources.
const swatch = (color: string) =>
  svg(200, 200, `<circle cx="100" cy="100" r="80" fill="${color}"/>`, '#ffffff')
fs.writeFileSync(
  out('tea-brand-packaging.zip'),
  zipSync(
    {
      'colors/primary.svg': Buffer.from(swatch('#4a7c59')),
      'colors/secondary.svg': Buffer.from(swatch('#e9c46a')),
      'pattern/mountain.svg': Buffer.from(
        svg(
          400,
          200,
          '<path d="M0 200 L80 90 L150 160 L240 40 L330 150 L400 100 L400 200 Z" fill="#4a7c59"/>',
          '#f8f4e8',
        ),
      ),
      'README.txt': Buffer.from('「山间」茶饮品牌包装视觉规范源文件：主色、辅助色与山形辅助图形（SVG）。\n'),
    },
    { level: 6, mtime: new Date('2026-06-01T00:00:00Z') },
  ),
)

for (const f of fs.readdirSync(SEED_WORK_FILES).sort())
  console.log(`${f}  ${(fs.statSync(out(f)).size / 1024).toFixed(1)} KB`)

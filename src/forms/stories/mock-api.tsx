import type { Decorator } from '@storybook/react-vite'
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios'
import { type ReactNode, useEffect } from 'react'
import { IDENTITY_TYPES } from '../../../schemas/forms/realname.ts'
import type { DictItem, RegionNode, UploadedFile } from '../../api/common.ts'
import { http } from '../../api/http.ts'

/*
 * A stand-in backend for stories only: Storybook has no API server, so while a story that uses
 * `withMockApi` is mounted, the axios instance answers from the canned data below. The data mirror
 * server/db/seed (codes and labels), so a story looks like the app against a fresh database.
 */

/** Delay of every answer: long enough to see the skeletons, short enough for a screenshot. */
const LATENCY_MS = 300
/** The upload runs this long, reporting progress in steps, so the progress bar can be watched. */
const UPLOAD_MS = 1500
const UPLOAD_STEPS = [0.15, 0.4, 0.65, 0.85, 1]

const PROFESSIONAL_LABELS = [
  '工业设计',
  '产品设计',
  '视觉传达设计',
  '环境设计',
  '服装与服饰设计',
  '数字媒体艺术',
  '交互设计',
  '工艺美术',
  '机械设计制造及其自动化',
  '建筑学',
  '其他',
]

const dict = (labels: string[]): DictItem[] =>
  labels.map((dictLabel, i) => ({ dictCode: String(i + 1), dictLabel, dictSort: i + 1 }))

const DICTS: Record<string, DictItem[]> = {
  sys_professional_type: dict(PROFESSIONAL_LABELS),
  sys_evaluate_standard: dict(['助理设计师', '设计师', '高级设计师', '资深设计师', '首席设计师', '设计大师']),
  sys_works_type: dict(['工业设计', '产品设计', '平面设计', '视觉传达设计', '包装设计', '交通工具设计']),
}

const city = (id: string, name: string, districts: Array<[string, string]>): RegionNode => ({
  id,
  name,
  level: 2,
  // Level 3 is the leaf: no subLevel at all, as the API sends it.
  subLevel: districts.map(([districtId, districtName]) => ({ id: districtId, name: districtName, level: 3 })),
})
const province = (id: string, name: string, cities: RegionNode[]): RegionNode => ({
  id,
  name,
  level: 1,
  subLevel: cities,
})

/** A few provinces of GET /common/treeRegionByType?type=all, with real GB/T 2260 codes. */
const REGIONS: RegionNode[] = [
  province('110000', '北京市', [
    city('110100', '市辖区', [
      ['110101', '东城区'],
      ['110102', '西城区'],
      ['110105', '朝阳区'],
      ['110108', '海淀区'],
    ]),
  ]),
  province('310000', '上海市', [
    city('310100', '市辖区', [
      ['310101', '黄浦区'],
      ['310104', '徐汇区'],
      ['310115', '浦东新区'],
    ]),
  ]),
  province('320000', '江苏省', [
    city('320100', '南京市', [
      ['320102', '玄武区'],
      ['320104', '秦淮区'],
      ['320105', '建邺区'],
      ['320106', '鼓楼区'],
    ]),
    city('320200', '无锡市', [
      ['320211', '滨湖区'],
      ['320213', '梁溪区'],
    ]),
    city('320500', '苏州市', [
      ['320505', '虎丘区'],
      ['320506', '吴中区'],
      ['320507', '相城区'],
      ['320508', '姑苏区'],
      ['320509', '吴江区'],
    ]),
  ]),
  province('330000', '浙江省', [
    city('330100', '杭州市', [
      ['330102', '上城区'],
      ['330105', '拱墅区'],
      ['330106', '西湖区'],
      ['330108', '滨江区'],
    ]),
    city('330200', '宁波市', [
      ['330203', '海曙区'],
      ['330205', '江北区'],
      ['330212', '鄞州区'],
    ]),
  ]),
  province('440000', '广东省', [
    city('440100', '广州市', [
      ['440104', '越秀区'],
      ['440106', '天河区'],
    ]),
    city('440300', '深圳市', [
      ['440304', '福田区'],
      ['440305', '南山区'],
    ]),
  ]),
]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const envelope = (data: unknown, msg = '操作成功') => ({ code: 200, msg, data })

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')

/** The server names a file by the SHA-256 of its content; crypto.subtle needs a secure context. */
async function contentName(file: File): Promise<string> {
  if (globalThis.crypto?.subtle) return hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()))
  return hex(crypto.getRandomValues(new Uint8Array(32)))
}

async function upload(config: InternalAxiosRequestConfig): Promise<UploadedFile> {
  const file = config.data instanceof FormData ? config.data.get('file') : null
  if (!(file instanceof File)) throw new Error('mock upload: no file in the form data')
  const total = file.size
  let sent = 0
  for (const step of UPLOAD_STEPS) {
    await sleep(UPLOAD_MS / UPLOAD_STEPS.length)
    const loaded = Math.round(total * step)
    config.onUploadProgress?.({
      loaded,
      total,
      progress: step,
      bytes: loaded - sent,
      lengthComputable: true,
      upload: true,
    })
    sent = loaded
  }
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : 'png'
  return { url: `/api/files/${await contentName(file)}.${ext}`, fileName: file.name, size: file.size }
}

const regionNames = (code: string): string[] => {
  for (const p of REGIONS) {
    for (const c of p.subLevel ?? []) {
      const d = c.subLevel?.find((n) => n.id === code)
      if (d) return [p.name, c.name, d.name]
    }
  }
  return []
}

// The server's rule in short: at most a third of the number shows (11************123X).
const mask = (n: string) =>
  n.length >= 15
    ? `${n.slice(0, 2)}${'*'.repeat(n.length - 6)}${n.slice(-4)}`
    : `${'*'.repeat(n.length - 1)}${n.slice(-1)}`

/** POST /my/realNameAuth answers with the stored view: the number masked, labels resolved. */
function realnameView(body: Record<string, string>) {
  const isIdCard = body.identityType === '1'
  return {
    verified: true,
    username: body.username,
    identityType: body.identityType,
    identityTypeLabel: IDENTITY_TYPES.find((t) => t.code === body.identityType)?.label ?? '',
    identity: mask(String(body.identity ?? '')),
    gender: isIdCard ? null : (body.gender ?? null),
    birthday: isIdCard ? null : (body.birthday ?? null),
    cityId: body.cityId,
    cityNames: regionNames(String(body.cityId)),
    professional: body.professional,
    professionalLabel: DICTS.sys_professional_type?.find((d) => d.dictCode === body.professional)?.dictLabel,
    professionalName: body.professionalName,
    rightsEligible: isIdCard,
    createTime: new Date().toISOString(),
  }
}

/** The JSON body as the adapter sees it: axios has already serialised it to a string. */
const jsonBody = (config: InternalAxiosRequestConfig): Record<string, string> =>
  typeof config.data === 'string' && config.data ? JSON.parse(config.data) : {}

async function answer(config: InternalAxiosRequestConfig): Promise<unknown> {
  const method = (config.method ?? 'get').toUpperCase()
  // The instance's baseURL (/api) is joined later by the real adapters, so url is the API path.
  const path = (config.url ?? '').replace(/^\/api(?=\/)/, '').split('?')[0]
  if (method === 'POST' && path === '/common/upload') return envelope(await upload(config))
  await sleep(LATENCY_MS)
  if (method === 'GET' && path?.startsWith('/common/type/')) {
    return envelope(DICTS[decodeURIComponent(path.slice('/common/type/'.length))] ?? [])
  }
  if (method === 'GET' && path === '/common/treeRegionByType') return envelope(REGIONS)
  if (method === 'POST' && path === '/my/realNameAuth') return envelope(realnameView(jsonBody(config)))
  if (method === 'POST' && path === '/password/sendCode') return envelope(null, '验证码已发送')
  return { code: 404, msg: `Storybook 模拟接口未提供 ${method} ${path}` }
}

const mockAdapter: AxiosAdapter = async (config) => {
  const data = await answer(config)
  const response: AxiosResponse = { data, status: 200, statusText: 'OK', headers: {}, config, request: {} }
  return response
}

let original: InternalAxiosRequestConfig['adapter']
let mounted = 0

function install() {
  if (http.defaults.adapter === mockAdapter) return
  original = http.defaults.adapter
  http.defaults.adapter = mockAdapter
}

function restore() {
  if (http.defaults.adapter === mockAdapter) http.defaults.adapter = original
}

function MockApi({ children }: { children: ReactNode }) {
  // Installed while rendering, not only in an effect: children's effects run before their parent's,
  // and the widgets request their data as they mount.
  install()
  useEffect(() => {
    // Counted, so that a docs page showing several stories keeps the mock until the last one goes.
    mounted += 1
    install()
    return () => {
      mounted -= 1
      if (mounted === 0) restore()
    }
  }, [])
  return children
}

/** Story decorator: the canned backend answers every request made through `http` while mounted. */
export const withMockApi: Decorator = (Story) => (
  <MockApi>
    <Story />
  </MockApi>
)

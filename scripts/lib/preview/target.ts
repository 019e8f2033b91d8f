import fs from 'node:fs'
import path from 'node:path'

/** The three kinds of definition that make public pages, each with the folder it lives in. */
export const KIND_FOLDERS = {
  competition: 'competitions',
  event: 'events',
  landing: 'landing-pages',
} as const
export type DefinitionKind = keyof typeof KIND_FOLDERS

export const KIND_LABELS: Record<DefinitionKind, string> = {
  competition: '赛事',
  event: '活动',
  landing: '专题页',
}

/** The schema a file names in `$schema` tells its kind when its folder does not (a draft in /tmp). */
const KIND_OF_SCHEMA: Record<string, DefinitionKind> = {
  'competition.schema.json': 'competition',
  'event.schema.json': 'event',
  'landing-page.schema.json': 'landing',
}

/** A mistake in how the command was called: said in words, exit code 2. */
export class UsageError extends Error {}

/** The file to preview and where it goes in a definitions root. */
export interface PreviewTarget {
  kind: DefinitionKind
  /** The file as it is now, anywhere. */
  source: string
  /** File name without .json: the slug of its pages (and the folder of its report). */
  slug: string
  /** Its place in a definitions root, as the checker names it: landing-pages/my-event.json */
  relative: string
}

const kindOfName = (name: string): DefinitionKind | undefined =>
  (Object.keys(KIND_FOLDERS) as DefinitionKind[]).find((k) => k === name || KIND_FOLDERS[k] === name)

function kindOfSchema(source: string): DefinitionKind | undefined {
  try {
    const schema = (
      JSON.parse(fs.readFileSync(source, 'utf8').replace(/^\uFEFF/, '')) as { $schema?: unknown }
    ).$schema
    return typeof schema === 'string' ? KIND_OF_SCHEMA[path.basename(schema)] : undefined
  } catch {
    // A file that does not parse: its folder or --kind must say; the checker reports the syntax.
    return undefined
  }
}

/**
 * What `file` is: by `--kind` when given, else by the folder it is in (competitions/, events/,
 * landing-pages/ — in the repository or in a copy of it), else by the schema its `$schema` names.
 */
export function previewTarget(file: string, kind?: string): PreviewTarget {
  const source = path.resolve(file)
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new UsageError(`找不到文件：${file}`)
  if (!source.endsWith('.json') || source.endsWith('.schema.json')) {
    throw new UsageError(`只能预览定义文件（.json，不是 .schema.json）：${file}`)
  }
  const parts = source.split(path.sep)
  if (parts.includes('_shared')) {
    throw new UsageError('共享区块（landing-pages/_shared/）自己没有页面：请预览引用它的专题页、赛事或活动')
  }
  const given = kind === undefined ? undefined : kindOfName(kind)
  if (kind !== undefined && !given) {
    throw new UsageError(
      `不认识的 --kind ${kind}：只能是 competition（赛事）、event（活动）或 landing（专题页）`,
    )
  }
  const found = given ?? kindOfName(parts.at(-2) ?? '') ?? kindOfSchema(source)
  if (!found) {
    throw new UsageError(
      `看不出 ${file} 是哪种定义：请放在 competitions/、events/ 或 landing-pages/ 文件夹里，或加上 --kind competition|event|landing`,
    )
  }
  const name = path.basename(source)
  return {
    kind: found,
    source,
    slug: name.replace(/\.json$/, ''),
    relative: `${KIND_FOLDERS[found]}/${name}`,
  }
}

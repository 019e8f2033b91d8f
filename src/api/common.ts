import type { AxiosProgressEvent } from 'axios'
import type { DictItem, RegionLevelItem, RegionNode, UploadedFile } from '../../schemas/api/common.ts'
import { getData, http } from './http.ts'

export type { DictItem, RegionLevelItem, RegionNode, UploadedFile }

// Reference data rarely changes: one request per page load, shared by every widget that needs it.
const dictCache = new Map<string, Promise<DictItem[]>>()
let regionTree: Promise<RegionNode[]> | undefined

function remember<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
  const promise = load()
  promise.catch(forget)
  return promise
}

export function getDict(name: string): Promise<DictItem[]> {
  let cached = dictCache.get(name)
  if (!cached) {
    cached = remember(
      () => getData<DictItem[]>(`/common/type/${encodeURIComponent(name)}`),
      () => dictCache.delete(name),
    )
    dictCache.set(name, cached)
  }
  return cached
}

export function getRegionTree(): Promise<RegionNode[]> {
  regionTree ??= remember(
    () => getData<RegionNode[]>('/common/treeRegionByType', { params: { type: 'all' } }),
    () => {
      regionTree = undefined
    },
  )
  return regionTree
}

/** GET /common/treeRegion: the provinces, or the children of one region (small, one level). */
export const getRegionLevel = (parentId?: string) =>
  getData<RegionLevelItem[]>('/common/treeRegion', { params: { parentId: parentId || undefined } })

/** Uploads one file; the server keeps it by content hash and answers with its URL. */
export async function uploadFile(file: File, onProgress?: (percent: number) => void): Promise<UploadedFile> {
  const body = new FormData()
  body.append('file', file)
  const response = await http.post<{ data: UploadedFile }>('/common/upload', body, {
    // Large files on slow links: the 20 s default would cut them off.
    timeout: 10 * 60_000,
    onUploadProgress: (e: AxiosProgressEvent) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100))
    },
  })
  return response.data.data
}

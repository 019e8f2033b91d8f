import type { CreatedId } from '../../schemas/api/common.ts'
import type { WorkCard, WorkDetail, WorkFile, WorkVerification } from '../../schemas/api/works.ts'
import { getData, getTable, http, postData } from './http.ts'

export type { WorkCard, WorkDetail, WorkFile, WorkVerification }

/**
 * GET /works/show/{id} (SPEC §7): the work detail; `mine` and the registration panel's fields come
 * only to the owner. A 401 only writes a console log (SPEC §8): the view shows its own state.
 */
export const getWorkDetail = (id: number) =>
  getData<WorkDetail>(`/works/show/${encodeURIComponent(String(id))}`, { logOnlyCodes: [401] })

/** GET /works/my: one page of the signed-in designer's works. */
export const listMyWorks = (pageNum: number, pageSize: number) =>
  getTable<WorkCard>('/works/my', { params: { pageNum, pageSize } })

/** GET /works/list: one page of the public works directory, by type (sys_works_type) or designer. */
export const listWorks = (query: {
  pageNum: number
  pageSize: number
  worksType?: string
  userId?: number
}) => getTable<WorkCard>('/works/list', { params: { ...query, worksType: query.worksType || undefined } })

/** POST /works/register (the spec's /works/add is the competition family's): registers a work from the works-register form (files already uploaded); answers its id. */
export const addWork = (form: Record<string, unknown>) => postData<CreatedId>('/works/register', form)

/** POST /works/verify with a SHA-256 (a file hashed in the browser, or one pasted). */
export const verifyWorkHash = (hash: string) => postData<WorkVerification>('/works/verify', { hash })

/** POST /works/verify with the file itself, where the browser cannot hash (no crypto.subtle). */
export async function verifyWorkFile(file: File): Promise<WorkVerification> {
  const body = new FormData()
  body.append('file', file)
  const response = await http.post<{ data: WorkVerification }>('/works/verify', body, {
    timeout: 10 * 60_000,
  })
  return response.data.data
}

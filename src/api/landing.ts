import type { CreatedId } from '../../schemas/api/common.ts'
import { postData } from './http.ts'

/** Sends a landing page's sign-up form; the server validates it with the same schema and stores it. */
export const submitSignup = (slug: string, data: Record<string, unknown>) =>
  postData<CreatedId>(`/landing/${encodeURIComponent(slug)}/signup`, data)

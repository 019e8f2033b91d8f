/** Business constants of SPEC §9, each named once. */
export { API_BASE, CODE, LOGIN_SOURCE, TOKEN_COOKIE, TOKEN_INVALID_MSG } from '../../schemas/contract.ts'

export const HTTP_TIMEOUT_MS = 20_000
export const TOAST_DURATION_MS = 5_000

/** Footer partner carousel. */
export const CAROUSEL = { logos: 42, slides: 3, autoplayMs: 10_000, speedMs: 500 } as const

/** Shown when a stored token no longer yields a user (SPEC §8). */
export const VERIFICATION_FAILED_MSG = 'Verification failed, please Login again.'

/** Long text folds after this many characters (SPEC §9): 80 by default, 280 in the work detail. */
export const FOLD_CHARS = { default: 80, workDetail: 280 } as const

/** Height of a video or image in a detail view (SPEC §9 "Video and image height"). */
export const MEDIA_HEIGHT_PX = 520

/** Rights-confirmed works (SPEC §2 "Work registration detail view", §9). */
export const WORK_QR_SIZE_PX = 100
/** Quotation list (SPEC §9): 10 a page, pages counted from 1. */
export const QUOTATION_PAGE = { size: 10, first: 1 } as const

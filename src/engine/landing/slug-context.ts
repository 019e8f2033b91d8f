import { createContext, useContext } from 'react'

/** The slug of the page being shown: the sign-up section posts to /api/landing/<slug>/signup. */
export const SlugContext = createContext('')
export const usePageSlug = () => useContext(SlugContext)

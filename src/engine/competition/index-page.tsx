import { contentPage } from './content-page.tsx'

/** /:competition/index — the definition's pages.index section list. */
export const { handle, Component } = contentPage('index', '')

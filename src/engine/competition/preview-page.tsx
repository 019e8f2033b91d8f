import { contentPage } from './content-page.tsx'

/** /:competition/preview — the definition's pages.preview section list. */
export const { handle, Component } = contentPage('preview', '作品预览')

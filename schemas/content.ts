/** An agreement document as stored in content/agreements/*.json and served by the API. */
export interface Agreement {
  key: string
  title: string
  updatedAt: string
  effectiveAt: string
  intro: string
  sections: Array<{ heading: string; paragraphs: string[] }>
}

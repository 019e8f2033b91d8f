/**
 * Chinese text may wrap between any two characters, so a heading can break inside a word (“2024
 * 青苔青 / 年设计师大赛”). With these props a heading breaks at its spaces, the runs of Chinese between
 * them kept whole, and lines are balanced; a run wider than the line still breaks where it must
 * (overflow-wrap), so a narrow phone never scrolls sideways.
 */
export const CJK_HEADING_WRAP = {
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
  textWrap: 'balance',
} as const

/**
 * One “label：value” of a line of several (作品提交截止：… · 结果公布：…): the line wraps between the
 * parts, not inside one, unless a part is wider than the line itself.
 */
export const KEEP_TOGETHER = { display: 'inline-block' } as const

import type { JudgingRound } from './judging.ts'

/**
 * The score sheet of a round as a JSON Schema, generated from the definition: the judges' form
 * (src/features/judge, an RJSF form) and the server (server/services/judging/sheets.ts) use the same
 * one. `final`: the submitted sheet, every criterion (or the verdict) required; otherwise the autosave,
 * where anything may still be missing but nothing present may be out of range.
 */
export const COMMENT_MAX = 2000

export function sheetSchema(round: JudgingRound, final: boolean) {
  const comment = { type: 'string', title: '评语', maxLength: COMMENT_MAX }
  if (round.mode === 'qualifying')
    return {
      type: 'object',
      properties: {
        pass: {
          type: 'boolean',
          title: '资格审查结论',
          oneOf: [
            { const: true, title: '通过' },
            { const: false, title: '不通过' },
          ],
        },
        comment,
      },
      required: final ? ['pass'] : [],
      additionalProperties: false,
    } as const
  return {
    type: 'object',
    properties: {
      ...Object.fromEntries(
        round.criteria.map((c) => [
          c.id,
          {
            type: 'number',
            title: `${c.title}（满分 ${c.max}）`,
            minimum: 0,
            maximum: c.max,
          },
        ]),
      ),
      comment,
    },
    required: final ? round.criteria.map((c) => c.id) : [],
    additionalProperties: false,
  } as const
}

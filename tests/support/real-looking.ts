/**
 * Patterns of what would pass for a real registration, mailbox or phone line in demo content. The
 * site identity and the landing pages are both checked against them (site-identity, landing-honesty).
 */
export const REAL_LOOKING: Array<[string, RegExp]> = [
  [
    'an ICP filing number',
    /[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]ICP[备证]\d{6,}号/,
  ],
  ['a public-security filing number', /公网安备\s*\d/],
  [
    'a mailbox outside the reserved example domains',
    /@(?!(?:[\w-]+\.)*(?:example\.(?:com|org|net)|example)\b)[\w.-]+/,
  ],
  ['a landline number', /\b0[1-9]\d{1,2}-?\d{4}\s?\d{3,4}\b/],
  ['a mobile or 400 number', /\b1[3-9]\d{9}\b|\b400-?[1-9]\d{2}-?\d{4}\b/],
]

/**
 * How a place is named in one line (SPEC §3 Creator: "city names (list of two)"): the province and the
 * city, skipping the levels GB/T 2260 uses only to group districts — a municipality's 市辖区 and 县,
 * a province's 省直辖县级行政区划 — so 北京市朝阳区 reads 北京市 朝阳区, not 北京市 市辖区.
 * Both sides read it: the server's answers and the browser's region lookups.
 */
const GROUPING_LEVELS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划'])

/** The first two named levels of a path of region names (province first). */
export const provinceAndCity = (path: readonly string[]): string[] =>
  path.filter((name) => !GROUPING_LEVELS.has(name)).slice(0, 2)

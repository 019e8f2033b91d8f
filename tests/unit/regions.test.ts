import { describe, expect, it } from 'vitest'
import { provinceAndCity } from '../../schemas/regions.ts'

describe('a place in one line (SPEC §3 Creator: city names, a list of two)', () => {
  it.each([
    [
      ['江苏省', '苏州市', '姑苏区'],
      ['江苏省', '苏州市'],
    ],
    [
      ['北京市', '市辖区', '朝阳区'],
      ['北京市', '朝阳区'],
    ],
    [
      ['重庆市', '县', '巫山县'],
      ['重庆市', '巫山县'],
    ],
    [
      ['河南省', '省直辖县级行政区划', '济源市'],
      ['河南省', '济源市'],
    ],
    [
      ['新疆维吾尔自治区', '自治区直辖县级行政区划', '石河子市'],
      ['新疆维吾尔自治区', '石河子市'],
    ],
    [['浙江省'], ['浙江省']],
    [[], []],
  ])('%j reads %j', (path, expected) => {
    expect(provinceAndCity(path)).toEqual(expected)
  })
})

import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'

/** Free-text sections with their limits: a résumé is read by people, not parsed. */
const section = <T extends string, M extends number>(title: T, max: M) =>
  ({
    type: 'string',
    title,
    maxLength: max,
    errorMessage: { maxLength: `${title}不能超过${max}个字` },
  }) as const

/** The designer's résumé (/mine/cv edits it, /mine/cvself shows it and exports an A4 PDF). */
export const resumeSchema = {
  $id: 'resume',
  type: 'object',
  properties: {
    realName: section('姓名', 30),
    title: section('职业头衔', 30),
    phone: {
      type: 'string',
      title: '联系电话',
      format: 'phone',
      errorMessage: { format: MESSAGES.phoneInvalid },
    },
    email: {
      type: 'string',
      title: '邮箱',
      format: 'email',
      errorMessage: { format: MESSAGES.emailInvalid },
    },
    cityId: {
      type: 'string',
      title: '所在城市',
      pattern: '^\\d{6}$',
      errorMessage: { pattern: MESSAGES.regionRequired },
    },
    years: {
      type: 'integer',
      title: '从业年限',
      minimum: 0,
      maximum: 60,
      errorMessage: { minimum: '从业年限为0-60年', maximum: '从业年限为0-60年', type: '从业年限为0-60年' },
    },
    summary: section('个人简介', 500),
    experience: section('工作经历', 2000),
    education: section('教育经历', 1000),
    skills: section('专业技能', 300),
    awards: section('获奖与荣誉', 1000),
    portfolio: {
      type: 'string',
      title: '作品集链接',
      maxLength: 300,
      pattern: '^https?://[^\\s]+$',
      errorMessage: {
        pattern: '请输入以 http:// 或 https:// 开头的链接',
        maxLength: '链接不能超过300个字符',
      },
    },
  },
  required: ['realName', 'title', 'summary'],
  errorMessage: {
    required: { realName: MESSAGES.nameRequired, title: '职业头衔不能为空', summary: '个人简介不能为空' },
  },
} as const

export type ResumeForm = FromSchema<typeof resumeSchema>
export const resumeOrder = [
  'realName',
  'title',
  'phone',
  'email',
  'cityId',
  'years',
  'summary',
  'experience',
  'education',
  'skills',
  'awards',
  'portfolio',
] as const

/** The sections a résumé shows in order, after its header. */
export const RESUME_SECTIONS = ['summary', 'experience', 'education', 'skills', 'awards'] as const

const textarea = (rows: number, placeholder: string) => ({
  'ui:widget': 'textarea',
  'ui:placeholder': placeholder,
  'ui:options': { rows },
})

/**
 * A résumé names the city, not the district: its region choice is complete after province and city
 * (the form's cascader shows two levels and the server accepts a city).
 */
export const RESUME_REGION_LEVELS = 2

export const resumeUiSchema = {
  'ui:order': [...resumeOrder],
  realName: { 'ui:placeholder': '真实姓名' },
  title: { 'ui:placeholder': '如：资深工业设计师' },
  phone: { 'ui:placeholder': '选填，11位手机号', 'ui:options': { inputType: 'tel' } },
  email: { 'ui:placeholder': '选填', 'ui:options': { inputType: 'email' } },
  cityId: { 'ui:widget': 'region', 'ui:options': { levels: RESUME_REGION_LEVELS } },
  years: { 'ui:placeholder': '选填' },
  summary: textarea(4, '一段话介绍您的设计方向与代表成果'),
  experience: textarea(6, '每段经历一行，如：2021—至今 某设计工作室 设计总监'),
  education: textarea(3, '如：2012—2016 某大学 工业设计 本科'),
  skills: textarea(2, '如：产品造型、CMF、Rhino、KeyShot'),
  awards: textarea(3, '每项一行'),
  portfolio: { 'ui:placeholder': '选填，https://' },
} as const

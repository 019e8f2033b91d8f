import type { FromSchema } from 'json-schema-to-ts'
import { MESSAGES } from '../formats.ts'
import { defineForm } from './define.ts'

/** Free-text sections with their limits: a résumé is read by people, not parsed. */
const section = <T extends string, M extends number>(title: T, max: M) =>
  ({
    type: 'string',
    title,
    maxLength: max,
    errorMessage: { maxLength: `${title}不能超过${max}个字` },
  }) as const

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

/** The designer's résumé (/mine/cv edits it, /mine/cvself shows it and exports an A4 PDF). */
export const resume = defineForm({
  name: 'resume',
  label: '个人简历',
  fields: {
    realName: {
      schema: section('姓名', 30),
      required: MESSAGES.nameRequired,
      ui: { 'ui:placeholder': '真实姓名' },
    },
    title: {
      schema: section('职业头衔', 30),
      required: '职业头衔不能为空',
      ui: { 'ui:placeholder': '如：资深工业设计师' },
    },
    phone: {
      schema: {
        type: 'string',
        title: '联系电话',
        format: 'phone',
        errorMessage: { format: MESSAGES.phoneInvalid },
      },
      ui: { 'ui:placeholder': '选填，11位手机号', 'ui:options': { inputType: 'tel' } },
    },
    email: {
      schema: {
        type: 'string',
        title: '邮箱',
        format: 'email',
        errorMessage: { format: MESSAGES.emailInvalid },
      },
      ui: { 'ui:placeholder': '选填', 'ui:options': { inputType: 'email' } },
    },
    cityId: {
      schema: {
        type: 'string',
        title: '所在城市',
        pattern: '^\\d{6}$',
        errorMessage: { pattern: MESSAGES.regionRequired },
      },
      ui: { 'ui:widget': 'region', 'ui:options': { levels: RESUME_REGION_LEVELS } },
    },
    years: {
      schema: {
        type: 'integer',
        title: '从业年限',
        minimum: 0,
        maximum: 60,
        errorMessage: { minimum: '从业年限为0-60年', maximum: '从业年限为0-60年', type: '从业年限为0-60年' },
      },
      ui: { 'ui:placeholder': '选填' },
    },
    summary: {
      schema: section('个人简介', 500),
      required: '个人简介不能为空',
      ui: textarea(4, '一段话介绍您的设计方向与代表成果'),
    },
    experience: {
      schema: section('工作经历', 2000),
      ui: textarea(6, '每段经历一行，如：2021—至今 某设计工作室 设计总监'),
    },
    education: { schema: section('教育经历', 1000), ui: textarea(3, '如：2012—2016 某大学 工业设计 本科') },
    skills: { schema: section('专业技能', 300), ui: textarea(2, '如：产品造型、CMF、Rhino、KeyShot') },
    awards: { schema: section('获奖与荣誉', 1000), ui: textarea(3, '每项一行') },
    portfolio: {
      schema: {
        type: 'string',
        title: '作品集链接',
        maxLength: 300,
        pattern: '^https?://[^\\s]+$',
        errorMessage: {
          pattern: '请输入以 http:// 或 https:// 开头的链接',
          maxLength: '链接不能超过300个字符',
        },
      },
      ui: { 'ui:placeholder': '选填，https://' },
    },
  },
})

export type ResumeForm = FromSchema<typeof resume.schema>

/** The schema alone, for what reads its titles (the résumé page and PDF, the API's answer). */
export const resumeSchema = resume.schema

/** The sections a résumé shows in order, after its header. */
export const RESUME_SECTIONS = ['summary', 'experience', 'education', 'skills', 'awards'] as const

/**
 * The questionnaire /questionnaire/export summarises (SPEC §2 Miscellaneous): its questions and
 * options, fixed here; answers live in `questionnaire_responses` (one per respondent).
 */
export const CAREER_SURVEY = {
  key: 'career-2026',
  title: '设计师职业发展问卷',
  description:
    '由云岭工业设计协会（示例）面向本站设计师发放，了解从业年限、工作形态、设计方向、最需要的服务与作品被抄袭的情况。以下为全部有效问卷的汇总结果（演示数据）。',
  questions: [
    { key: 'years', title: '从业年限', options: ['3 年以下', '3–5 年', '6–10 年', '10 年以上'] },
    {
      key: 'mode',
      title: '目前的工作形态',
      options: ['企业设计部门', '设计公司 / 工作室', '独立设计师', '高校与研究机构', '在校学生'],
    },
    {
      key: 'field',
      title: '主要设计方向',
      options: ['消费电子', '家居与家具', '交通工具', '医疗与健康', '文创与包装', '交互与界面'],
    },
    {
      key: 'need',
      title: '最希望协会提供的服务',
      options: ['作品确权与维权', '职业认证与等级评定', '项目与企业对接', '培训与交流活动', '竞赛与展示机会'],
    },
    { key: 'ip', title: '是否遇到过作品被抄袭或冒用', options: ['遇到过', '不确定', '没有遇到过'] },
  ],
} as const

export type SurveyQuestion = (typeof CAREER_SURVEY.questions)[number]

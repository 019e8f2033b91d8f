/**
 * What every valid competition in the checker's unit tests shares: a 2027 competition with one
 * entrant type, one range and the default forms. Each test spreads it and adds or changes its part.
 */
export const COMPETITION_2027 = {
  $schema: './competition.schema.json',
  competitionId: 101,
  title: '测试设计大赛',
  year: 2027,
  description: '一个只用于测试的赛事定义。',
  cover: { src: '/competitions/demo/cover.webp', alt: '封面', width: 1200, height: 675 },
  phases: {
    registrationOpens: '2027-03-01T09:00:00+08:00',
    registrationCloses: '2027-06-30T17:00:00+08:00',
    submissionDeadline: '2027-08-31T17:00:00+08:00',
    results: '2027-11-20T10:00:00+08:00',
  },
  api: 'default',
  entrantTypes: [{ value: 'personal', label: '个人' }],
  companyTypes: [{ value: 'university', label: '高校' }],
  ranges: { default: [{ value: 'product', label: '产品设计' }] },
  forms: { registration: 'competition-registration', workBase: 'competition-work-base' },
  works: { add: true, manage: true, max: 3 },
}

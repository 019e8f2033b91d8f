import { formatBeijing } from '../../../schemas/beijing-time.ts'

/** An ISO time as the results screen shows it: Beijing time, whatever the browser's zone. */
export const beijing = (iso: string) => formatBeijing(Date.parse(iso))

export const ROUND_STATE = { upcoming: '未开始', open: '进行中', closed: '已结束' } as const

import { Box, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import type { CompetitionView } from '../../../definitions/competition/view.ts'
import type { CompetitionEntry } from '../../../schemas/api/competition.ts'
import { PayPanel } from '../../components/payment/pay-panel.tsx'
import { StageBanner } from './stage-banner.tsx'
import { StepBar } from './workspace/step-bar.tsx'

// Mock data: a made-up competition as GET /api/competition/definition/{slug} would answer it.
const competition = {
  slug: 'storyCompetition',
  competitionId: 999,
  title: '故事书工业设计大赛（示例）',
  year: 2027,
  description: '只在故事书里出现的示例赛事，用来查看赛事引擎的部件。',
  cover: { src: '/competitions/_template/cover.webp', alt: '封面', width: 800, height: 600 },
  phases: {
    registrationOpens: '2026-03-01T09:00:00+08:00',
    registrationCloses: '2028-06-30T17:00:00+08:00',
    submissionDeadline: '2028-08-31T17:00:00+08:00',
    results: '2028-11-18T10:00:00+08:00',
  },
  api: 'default',
  entrantTypes: [{ value: '1', label: '个人' }],
  companyTypes: [{ value: '1', label: '高等院校' }],
  ranges: { default: [{ value: '1', label: '产品设计' }] },
  forms: { registration: 'competition-registration', workBase: 'competition-work-base' },
  works: { add: true, manage: true, max: 3 },
  pay: { fee: 30000, source: 'authPrice', required: true },
  pages: { index: { sections: [] }, preview: { sections: [] } },
  stage: 'registering',
  stageLabel: '报名中',
  steps: [
    { key: 'infomation', label: '报名信息', path: 'base/infomation' },
    { key: 'works-base', label: '作品信息', path: 'base/works/base' },
    { key: 'works-info', label: '设计说明与团队', path: 'base/works/info' },
    { key: 'works-display', label: '产权与展板', path: 'base/works/display' },
    { key: 'pay', label: '缴纳报名费', path: 'pay' },
  ],
  routes: [],
  shareCard: '/share.jpg',
} satisfies CompetitionView

const entry: CompetitionEntry = {
  competitionId: 999,
  registered: true,
  info: null,
  workStep: 2,
  worksCount: 1,
  completeWorks: 0,
  worksMax: 3,
  payRequired: true,
  paid: false,
  paidAt: null,
  finalised: false,
  finalisedAt: null,
  moderation: null,
}

function Workspace({ workStep, paid }: { workStep: number; paid: boolean }) {
  return (
    <Stack gap="6">
      <StageBanner competition={competition} current="index" />
      <Box px="8">
        <StepBar competition={competition} entry={{ ...entry, workStep, paid }} />
      </Box>
    </Stack>
  )
}

const meta = {
  title: 'Engine/Competition',
  component: Workspace,
  args: { workStep: 2, paid: false },
} satisfies Meta<typeof Workspace>

export default meta
type Story = StoryObj<typeof meta>

/** The stage bar of a competition's pages and the entrant's step bar, two steps done, fee unpaid. */
export const StagesAndSteps: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('报名中')).toBeTruthy()
    await expect(canvas.getByTestId('entry-paid').textContent).toBe('未缴费')
    // Reached steps are links back; later ones are not (a step's name is its number and its label).
    await expect(canvas.getByRole('link', { name: '2 作品信息' })).toBeTruthy()
    await expect(canvas.queryByRole('link', { name: /产权与展板/ })).toBeNull()
  },
}

/** Everything done and paid. */
export const AllDone: Story = { args: { workStep: 5, paid: true } }

/** The payment choice an entry fee shares with /payment: a balance below the fee disables balance. */
export const FeeWithShortBalance: StoryObj<typeof PayPanel> = {
  render: (args) => (
    <Box p="8" maxW="3xl">
      <Stack gap="6">
        <PayPanel {...args} />
      </Stack>
    </Box>
  ),
  args: {
    amountFen: 30000,
    balanceFen: 5000,
    approve: fn(async () => ({ orderNumber: 'KB-STORY', status: 3 as const })),
    onPaid: fn(),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByTestId('pay-balance-short').textContent).toBe('余额不足')
  },
}

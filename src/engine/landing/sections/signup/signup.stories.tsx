import { Box } from '@chakra-ui/react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import type { AxiosAdapter } from 'axios'
import { useEffect } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { http } from '../../../../api/http.ts'
import { SlugContext } from '../../slug-context.ts'
import Signup from './render.tsx'
import { SuccessPanel } from './success-panel.tsx'

const DAY_MS = 86_400_000

// Taken when the file loads, before any story swaps it.
const realAdapter = http.defaults.adapter

/**
 * Storybook has no API server: these stories answer the sign-up POST with a canned body while
 * mounted (200 = stored, anything else = refused), the way the real server would.
 */
const answering = (body: { code: number; msg: string; data?: unknown }): Decorator => {
  const adapter: AxiosAdapter = async (config) => ({
    data: body,
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  })
  return (Story) => {
    // Set while rendering, not in an effect: the form may submit before a parent's effect runs.
    http.defaults.adapter = adapter
    useEffect(
      () => () => {
        http.defaults.adapter = realAdapter
      },
      [],
    )
    return <Story />
  }
}

// By RJSF id: the Chakra form theme's labels point at ids the inputs do not carry, so getByLabelText fails.
const field = (canvasElement: HTMLElement, name: string) =>
  canvasElement.querySelector(`#root_${name}`) as HTMLInputElement

const fillAndSubmit = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  // The form's validator loads lazily: wait for the form to replace its skeleton.
  await canvas.findByRole('button', { name: '提交报名' })
  await userEvent.type(field(canvasElement, 'name'), '林晓雨')
  await userEvent.type(field(canvasElement, 'phone'), '13800000001')
  await userEvent.type(field(canvasElement, 'organization'), '青禾设计社（示例）')
  await userEvent.click(canvas.getByRole('checkbox'))
  await userEvent.click(canvas.getByRole('button', { name: '提交报名' }))
  return canvas
}

const meta = {
  title: 'Landing/Signup',
  component: Signup,
  decorators: [
    (Story) => (
      <SlugContext.Provider value="design-week-2026">
        <Box bg="bg">
          <Story />
        </Box>
      </SlugContext.Provider>
    ),
  ],
  args: {
    title: '活动报名',
    description: '论坛与展览免费开放，请如实填写信息，我们将通过短信发送入场二维码。',
    form: 'event-signup',
    submitLabel: '提交报名',
    // Relative to today, so the story stays open (or closed) whenever it is looked at.
    closesAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    successTitle: '报名成功',
    successText: '我们已收到您的报名，入场二维码将在活动前三天通过短信发送，请留意查收。',
    palette: 'brand',
  },
} satisfies Meta<typeof Signup>

export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}

/** On a purple page the submit button and tick box follow the page's palette. */
export const PurplePage: Story = { args: { palette: 'purple' } }

export const Closed: Story = { args: { closesAt: new Date(Date.now() - DAY_MS).toISOString() } }

/** The server stores the sign-up: the form gives way to the success panel. */
export const Submitted: Story = {
  decorators: [answering({ code: 200, msg: '操作成功', data: { id: 1 } })],
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement)
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('报名成功'))
  },
}

/** The server refuses (the API client shows its message): the form stays, filled in, ready to retry. */
export const Refused: Story = {
  decorators: [answering({ code: 500, msg: '该手机号已报名本次活动' })],
  play: async ({ canvasElement }) => {
    const canvas = await fillAndSubmit(canvasElement)
    await waitFor(() => expect(canvas.getByRole('button', { name: '提交报名' })).toBeEnabled())
    await expect(field(canvasElement, 'name')).toHaveValue('林晓雨')
  },
}

/** The success panel alone. */
export const SuccessPanelOnly: Story = {
  render: (args) => (
    <Box px="4" py="10">
      <Box maxW="3xl" mx="auto" bg="bg" borderWidth="1px" borderRadius="2xl" boxShadow="sm" px="6" py="8">
        <SuccessPanel title={args.successTitle} text={args.successText} />
      </Box>
    </Box>
  ),
}

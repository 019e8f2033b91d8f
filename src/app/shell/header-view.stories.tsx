import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import type { MenuItem } from '../../api/site.ts'
import { HeaderView } from './header-view.tsx'

// The nine menu rows of server/db/seed/menus.ts as GET /tbMenuInfo/queryAll answers them.
const menus: MenuItem[] = [
  { id: 1, key: 'home', title: '首页', url: '/index', hot: false },
  { id: 2, key: 'certification', title: '设计师认证', url: '/certification/index', hot: false },
  { id: 3, key: 'designer', title: '设计师', url: '/designer/index', hot: false },
  { id: 4, key: 'works', title: '确权作品', url: '/works/index', hot: false },
  { id: 5, key: 'events', title: '赛事活动', url: '/events/index', hot: true },
  { id: 6, key: 'talent', title: '人才', url: '/talent/index', hot: false },
  { id: 7, key: 'news', title: '资讯', url: '/news/index', hot: false },
  { id: 8, key: 'quotation', title: '设计报价', url: '/quotation/index', hot: false },
  { id: 9, key: 'history-video', title: '视频回顾', url: '/historyVideo/list', hot: false },
]

const designer = { name: '思远设计', avatar: 'avatars/designer-01.svg' }

const meta = {
  title: 'Shell/HeaderView',
  component: HeaderView,
  args: {
    menus,
    user: null,
    loginHref: '/login?return_url=%2Findex',
    currentPath: '/index',
    onSearch: fn(),
    onLogout: fn(),
  },
} satisfies Meta<typeof HeaderView>

export default meta
type Story = StoryObj<typeof meta>

export const LoggedOut: Story = {}

export const LoggedIn: Story = {
  args: { user: designer },
}

/** Skeletons stand in for the menu until the menu request answers. */
export const MenuLoading: Story = {
  args: { menus: undefined },
}

/** Below the lg breakpoint the menu moves into the drawer behind the hamburger button. */
export const Mobile: Story = {
  args: { user: designer },
  globals: { viewport: { value: 'mobile375', isRotated: false } },
}

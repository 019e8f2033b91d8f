/** Header menu of the portal, in display order. `hot` shows the HOT badge. */
export const menus = [
  { key: 'home', title: '首页', url: '/index', hot: 0 },
  { key: 'certification', title: '设计师认证', url: '/certification/index', hot: 0 },
  { key: 'designer', title: '设计师', url: '/designer/index', hot: 0 },
  { key: 'works', title: '确权作品', url: '/works/index', hot: 0 },
  { key: 'events', title: '赛事活动', url: '/events/index', hot: 1 },
  { key: 'talent', title: '人才', url: '/talent/index', hot: 0 },
  { key: 'news', title: '资讯', url: '/news/index', hot: 0 },
  { key: 'quotation', title: '设计报价', url: '/quotation/index', hot: 0 },
  { key: 'history-video', title: '视频回顾', url: '/historyVideo/list', hot: 0 },
]

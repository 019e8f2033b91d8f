import { useEffect, useState } from 'react'
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router'
import type { MenuItem } from '../../api/site.ts'
import { afterFirstPaint } from '../../lib/after-paint.ts'
import { loginPath, paths, searchPath } from '../../lib/paths.ts'
import { useUserStore } from '../../stores/user.ts'
import type { RootData } from '../root-loader.ts'
import { signOut } from '../session.ts'
import { HeaderView } from './header-view.tsx'

/** Wires the header to the server menu, the user store and navigation. */
export function Header() {
  // Server-rendered pages come with the menu; otherwise it is fetched once the page has painted.
  const served = (useRouteLoaderData('root') as RootData | undefined)?.menus ?? undefined
  const [menus, setMenus] = useState<MenuItem[] | undefined>(served)
  const name = useUserStore((s) => s.name)
  const avatar = useUserStore((s) => s.avatar)
  const location = useLocation()
  const navigate = useNavigate()

  const needMenus = menus === undefined
  useEffect(() => {
    if (!needMenus) return
    let live = true
    // The HTTP client loads after first paint; the menu shows skeletons until then.
    const cancel = afterFirstPaint(() => {
      import('../../api/site.ts')
        .then((api) => api.getMenus())
        .then((rows) => live && setMenus(rows))
        // The client already showed the error; an empty menu still leaves search and sign-in usable.
        .catch(() => live && setMenus([]))
    })
    return () => {
      live = false
      cancel()
    }
  }, [needMenus])

  // The login link returns here with the query too — added once the page runs: the server renders a
  // page once for every query its page ignores (the page cache keys it by the parameters it reads), so
  // its HTML must not carry a visitor's own query string.
  const [search, setSearch] = useState('')
  useEffect(() => setSearch(location.search), [location.search])
  const here = `${location.pathname}${search}`
  return (
    <HeaderView
      menus={menus}
      user={name ? { name, avatar } : null}
      loginHref={location.pathname === paths.login.path ? paths.login.path : loginPath(here)}
      currentPath={location.pathname}
      onSearch={(keyword) => navigate(searchPath(keyword))}
      onLogout={async () => {
        await signOut()
        navigate(paths.index.path)
      }}
    />
  )
}

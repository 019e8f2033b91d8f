import type { MenuItem } from '../api/site.ts'
import { ensureUserLoaded } from './session.ts'

/**
 * The shell's data: the header menu when the server renders the page (the browser fetches it after
 * paint). Its own file, so the header reads the type without importing the route table that renders it.
 */
export interface RootData {
  menus: MenuItem[] | null
}

export async function rootLoader(): Promise<RootData> {
  // The server renders every visitor as signed out: the browser checks the user after hydrating.
  if (import.meta.env.SSR) return { menus: await (await import('../api/site.ts')).getMenus() }
  await ensureUserLoaded()
  return { menus: null }
}

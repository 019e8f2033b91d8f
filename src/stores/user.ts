import { create } from 'zustand'
import type { UserInfo } from '../../schemas/api/account.ts'

/** What the shell knows about the signed-in designer (SPEC §3 client state). */
interface UserState {
  userId: number | null
  name: string
  avatar: string
  info: UserInfo | null
  /** Opens the real-name dialog from anywhere. */
  realnameDialogOpen: boolean
  /** Known once GET /my/getRealNameBo has answered (or verification succeeded); undefined before. */
  realnameVerified: boolean | undefined
  setUser(info: NonNullable<UserState['info']>): void
  setRealnameDialogOpen(open: boolean): void
  setRealnameVerified(verified: boolean): void
  reset(): void
}

const empty = {
  userId: null,
  name: '',
  avatar: '',
  info: null,
  realnameDialogOpen: false,
  realnameVerified: undefined,
}

export const useUserStore = create<UserState>()((set) => ({
  ...empty,
  setUser: (info) =>
    set({ userId: info.id, name: info.nickname || info.username, avatar: info.profilePhoto, info }),
  setRealnameDialogOpen: (realnameDialogOpen) => set({ realnameDialogOpen }),
  setRealnameVerified: (realnameVerified) => set({ realnameVerified }),
  reset: () => set(empty),
}))

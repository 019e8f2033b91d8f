import { create } from 'zustand'

/** What the shell knows about the signed-in designer (SPEC §3 client state). */
export interface UserState {
  userId: number | null
  name: string
  avatar: string
  info: { id: number; username: string; nickname: string; profilePhoto: string } | null
  /** Opens the real-name dialog from anywhere. */
  realnameDialogOpen: boolean
  setUser(info: NonNullable<UserState['info']>): void
  setRealnameDialogOpen(open: boolean): void
  reset(): void
}

const empty = { userId: null, name: '', avatar: '', info: null, realnameDialogOpen: false }

export const useUserStore = create<UserState>()((set) => ({
  ...empty,
  setUser: (info) =>
    set({ userId: info.id, name: info.nickname || info.username, avatar: info.profilePhoto, info }),
  setRealnameDialogOpen: (realnameDialogOpen) => set({ realnameDialogOpen }),
  reset: () => set(empty),
}))

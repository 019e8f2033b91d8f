import { createContext } from 'react'

/**
 * How a file field tells its form that a file is still uploading: it calls this when an upload starts
 * and the function it answers when the upload ends. The form holds its submit meanwhile, so an
 * entrant who presses it early is told to wait instead of being told the file is missing.
 */
export const UploadsInProgress = createContext<(() => () => void) | undefined>(undefined)

import { createSystem } from '@chakra-ui/react'
import { systemConfigs } from './theme-config.ts'

/** The portal's Chakra system: its configuration, and why it is what it is, is in theme-config.ts. */
export const system = createSystem(...systemConfigs)

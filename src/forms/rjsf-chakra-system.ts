import { createSystem, defaultBaseConfig } from '@chakra-ui/react'

/**
 * Stands in for `defaultSystem` inside @rjsf/chakra-ui (see vite.config.ts). The theme reads only
 * `isValidProperty` from it, which the base config answers; importing Chakra's real defaultSystem
 * would drag every component recipe into the chunk every page loads.
 */
export const defaultSystem = createSystem(defaultBaseConfig)

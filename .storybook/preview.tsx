import { ChakraProvider } from '@chakra-ui/react'
import type { Preview } from '@storybook/react-vite'
import { MemoryRouter } from 'react-router'
import { system } from '../src/app/theme.ts'

const preview: Preview = {
  decorators: [
    // Every view renders Links and Chakra recipes: a router in memory keeps navigation inside the
    // story, and a story can start elsewhere with `parameters: { route: '/news/index' }`.
    (Story, { parameters }) => (
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[(parameters.route as string | undefined) ?? '/index']}>
          <Story />
        </MemoryRouter>
      </ChakraProvider>
    ),
  ],
  parameters: {
    // Header and footer span the page, as in the app.
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: {
      options: {
        mobile375: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        tablet768: { name: 'Tablet 768', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
        desktop1280: { name: 'Desktop 1280', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
      },
    },
    backgrounds: {
      options: {
        // The page grey of the app's globalCss (bg.muted), plain white, and the footer's brand.950.
        page: { name: 'Page', value: '#f4f4f5' },
        white: { name: 'White', value: '#ffffff' },
        dark: { name: 'Brand dark', value: '#0c1638' },
      },
    },
  },
  initialGlobals: {
    backgrounds: { value: 'page' },
  },
}

export default preview

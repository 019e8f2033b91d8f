import type { StorybookConfig } from '@storybook/react-vite'

// The builder loads vite.config.ts itself but overrides `base` with './' and keeps only build.target
// of its `build` block, so BASE_PATH and the rolldown tree-shaking options need no undoing here.
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  // public/ holds the partner logos and avatars the stories point at (partners/…, avatars/…).
  staticDirs: ['../public'],
  // The preview iframe has no icon of its own; without one every story logs a favicon.ico 404.
  previewHead: (head) => `${head}<link rel="icon" type="image/svg+xml" href="favicon.svg" />`,
  // @chakra-ui/react advertises its public Storybook, which Storybook would embed in the sidebar;
  // it is not ours and needs the network, so leave it out.
  refs: { '@chakra-ui/react': { disable: true } },
  // A build must depend on nothing but the sources: telemetry posts to the network (unreachable in
  // CI) and project.json is telemetry's summary, gathered by spawning git and the package manager.
  // CI's build once ended in "Storybook exited with an error" with no reason printed; these are the
  // parts of the build that differ between a workstation and a CI machine.
  core: { disableTelemetry: true, disableProjectJson: true },
  typescript: {
    // TypeScript 7 has no JavaScript compiler API, so react-docgen-typescript cannot run; the
    // Babel-based react-docgen reads the props well enough for the controls panel.
    reactDocgen: 'react-docgen',
  },
}

export default config

import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react'
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  numberInputSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioCardSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  stepsSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme'

/**
 * The portal has no dark mode, so each semantic token keeps its light value. Chakra's defaults give
 * 115 of them a `_dark` variant too: createSystem turned each into a second, conditional token (its
 * token dictionary is the largest cost of starting the app) and every page carried a second set of
 * colour variables for `.dark` in its CSS.
 */
const lightOnly = <T>(definitions: T): T =>
  JSON.parse(JSON.stringify(definitions), (_key, value) =>
    value && typeof value === 'object' && '_light' in value ? value._light : value,
  )

/**
 * Chakra's default theme minus the recipes we do not use: the full set weighs ~60 KB gzip on every
 * page. A component whose recipe is missing renders unstyled, so add its recipe here when a screen
 * starts using it.
 */
const base = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: lightOnly(semanticTokens),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      numberInput: numberInputSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioCard: radioCardSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      steps: stepsSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
})

/** Kabu brand: a deep "blueprint" blue with a warm accent for HOT badges and calls to action. */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.muted', color: 'fg', minHeight: '100%' },
    body: { fontFamily: 'body' },
  },
  theme: {
    tokens: {
      fonts: {
        body: {
          value:
            '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
        },
        heading: {
          value:
            '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
        },
      },
      colors: {
        brand: {
          50: { value: '#eef2ff' },
          100: { value: '#dbe3fe' },
          200: { value: '#b9c8fc' },
          300: { value: '#8ea5f7' },
          400: { value: '#5f7ced' },
          500: { value: '#3b5ad9' },
          600: { value: '#1f3fae' },
          700: { value: '#1a348e' },
          800: { value: '#172c72' },
          900: { value: '#14255c' },
          950: { value: '#0c1638' },
        },
        // 500 carries white text (buttons, HOT badges) and 600 is text on light backgrounds, both at
        // least 4.5:1 (WCAG AA for small text); the brighter 400 is for text on the dark blue bands,
        // where the darker oranges fall below 4.5:1.
        accent: {
          400: { value: '#f0642d' },
          500: { value: '#c2410c' },
          600: { value: '#9a3412' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        // Chakra's solid green, teal, cyan and orange (the 600 shades) carry white text at 3.3–3.7:1;
        // landing pages in those palettes put buttons on them, so they use the 700 shades (≥ 4.5:1).
        // Their focus rings (the 500 shades, 1.9–2.8:1 on white) take the 700 shades too: a focus
        // indicator needs 3:1 against what surrounds it (WCAG 1.4.11).
        green: { solid: { value: '{colors.green.700}' }, focusRing: { value: '{colors.green.700}' } },
        teal: { solid: { value: '{colors.teal.700}' }, focusRing: { value: '{colors.teal.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' }, focusRing: { value: '{colors.cyan.700}' } },
        orange: { solid: { value: '{colors.orange.700}' }, focusRing: { value: '{colors.orange.700}' } },
        yellow: { focusRing: { value: '{colors.yellow.700}' } },
        // The default palette's ring is gray.400 (#a1a1aa), 2.56:1 on white. The brand blue is 5.8:1 on
        // white, 5.5:1 on the page's grey (bg.muted) and 3.1:1 on the footer's dark blue (brand.950).
        gray: { focusRing: { value: '{colors.brand.500}' } },
        // Every error line (field messages, upload and load failures) is fg.error. Chakra's red.500
        // (#ef4444) is 3.76:1 on white and red.600 (#dc2626) 4.39:1 on the page's grey; this red is
        // 6.5:1 on white, 5.9:1 on bg.muted and on the pale red of an error alert (bg.error).
        fg: { error: { value: '#b91c1c' } },
      },
    },
  },
})

/** What src/app/theme.ts builds the system from, in order. */
export const systemConfigs = [defaultBaseConfig, base, config] as const

/** createSystem as the browser bundle has it (scripts/vite/chakra-patches.ts). */
type StagedCreateSystem = typeof createSystem & {
  prebuildTokens?: (...configs: Parameters<typeof createSystem>) => Array<() => void>
}

/**
 * The build of the token dictionary for `systemConfigs`, in steps to run in separate tasks, after
 * which src/app/theme.ts's createSystem takes the finished dictionary instead of building its own:
 * the dictionary is over half of createSystem, which on a throttled phone was one of the longest
 * tasks of the page load. Only the browser bundle's Chakra has the steps; elsewhere there are none,
 * and createSystem builds the dictionary whole.
 */
export function tokenDictionarySteps(): Array<() => void> {
  return (createSystem as StagedCreateSystem).prebuildTokens?.(...systemConfigs) ?? []
}

import type { Plugin } from 'vite'

/**
 * Edits to Chakra's own modules in the browser bundle, each one a start-up cost measured on a
 * throttled phone that Chakra (3.37, 3.38) still has. Each edit keeps the module's behaviour: the
 * server renders with the unedited package and the browser's markup and class names must match.
 *
 * An edit names the exact text it replaces. If a Chakra upgrade moves that text, the build fails
 * with the patch's name instead of silently shipping the slow path: re-measure and re-point it, or
 * drop it if Chakra fixed the cost itself.
 */
export interface ChakraPatch {
  name: string
  /** The module, relative to @chakra-ui/react/dist/esm/. */
  file: string
  edits: ReadonlyArray<readonly [find: string, replace: string]>
}

/** Chakra's token dictionary build, as the steps of the patch below repeat it. */
const TOKEN_DICTIONARY_BUILD = `  function build() {
    applyMiddlewares("pre");
    applyTransforms("pre");
    addConditionalTokens();
    addReferences();
    expandTokenReferences$1();
    applyMiddlewares("post");
    applyTransforms("post");
    setupViews();
  }
`

export const chakraPatches: readonly ChakraPatch[] = [
  {
    // createSystem builds the global CSS (reset, base styles and ~600 token variables) as soon as the
    // theme module loads: ~60% of the system's start-up, in the page's longest task. A lazy getter
    // means a server-rendered page, whose global CSS arrived with the HTML, never builds it
    // (src/app/server-css.ts).
    name: 'lazy global CSS',
    file: 'styled-system/system.js',
    edits: [
      [
        'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
        'let _global;\n  const buildGlobalCss = () => (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);',
      ],
      ['    _global,\n', '    get _global() {\n      return buildGlobalCss();\n    },\n'],
    ],
  },
  {
    // `has` rebuilt the array of the ~110 condition names (_hover, _dark, sm…) and searched it on
    // every call; it runs for each key of each style object, in createSystem and in every render.
    // The names are fixed when the system is created, so one Set answers the same: createSystem
    // ~25% faster in Node.
    name: 'condition names in a Set',
    file: 'styled-system/conditions.js',
    edits: [
      [
        '  function has(key) {\n    return keys().includes(key)',
        '  const keySet = new Set(Object.keys(values));\n  function has(key) {\n    return keySet.has(key)',
      ],
    ],
  },
  {
    // The token dictionary is over half of createSystem: one task of ~150 ms on a throttled phone.
    // `createSystem.prebuildTokens(...configs)` returns its build as four steps for the caller to run
    // in separate tasks, none of them long (src/main.tsx); the next createSystem with the very same
    // config objects takes the finished dictionary instead of building another. It is taken once;
    // any other call, or one before the last step ran, builds its own as before.
    name: 'token dictionary built ahead, in steps',
    file: 'styled-system/system.js',
    edits: [
      [
        'function createSystem(...configs) {\n',
        `let prebuilt;
function tokenDictionaryOf(theme, prefix, inSteps) {
  return createTokenDictionary({
    breakpoints: theme.breakpoints,
    tokens: theme.tokens,
    semanticTokens: theme.semanticTokens,
    prefix,
    inSteps
  });
}
function takePrebuiltTokens(configs) {
  const slot = prebuilt;
  prebuilt = void 0;
  const same = slot && slot.configs.length === configs.length && slot.configs.every((config, i) => config === configs[i]);
  return same ? slot.tokens : void 0;
}
createSystem.prebuildTokens = (...configs) => {
  let built;
  return [
    () => {
      const { theme = {}, cssVarsPrefix = "chakra" } = mergeConfigs(...configs);
      built = tokenDictionaryOf(theme, cssVarsPrefix, true);
    },
    () => built.steps[0](),
    () => built.steps[1](),
    () => {
      built.steps[2]();
      prebuilt = { configs, tokens: built.dictionary };
      return built.dictionary;
    }
  ];
};
function createSystem(...configs) {
`,
      ],
      [
        '  const tokens = createTokenDictionary({\n    breakpoints: theme.breakpoints,\n    tokens: theme.tokens,\n    semanticTokens: theme.semanticTokens,\n    prefix: cssVarsPrefix\n  });\n',
        '  const tokens = takePrebuiltTokens(configs) ?? tokenDictionaryOf(theme, cssVarsPrefix, false);\n',
      ],
    ],
  },
  {
    // With `inSteps`, createTokenDictionary registers the tokens and returns the rest of its build as
    // three steps, in the order build() runs them. The first edit only checks that build() is still
    // what the steps repeat.
    name: 'token dictionary build in steps',
    file: 'styled-system/token-dictionary.js',
    edits: [
      [TOKEN_DICTIONARY_BUILD, TOKEN_DICTIONARY_BUILD],
      [
        '  build();\n  return dictionary;\n}',
        `  if (options.inSteps) {
    return {
      dictionary,
      steps: [
        () => {
          applyMiddlewares("pre");
          applyTransforms("pre");
          addConditionalTokens();
          addReferences();
        },
        () => {
          expandTokenReferences$1();
          applyMiddlewares("post");
          applyTransforms("post");
        },
        () => setupViews()
      ]
    };
  }
  build();
  return dictionary;
}`,
      ],
    ],
  },
]

/** The patched text of one module; throws, naming the patch, when the text to replace is gone. */
export function applyChakraPatch(patch: ChakraPatch, code: string): string {
  return patch.edits.reduce((patched, [find, replace]) => {
    if (!patched.includes(find)) {
      throw new Error(
        `kabu:chakra-patches: "${patch.name}" no longer matches @chakra-ui/react/dist/esm/${patch.file}; Chakra changed, review scripts/vite/chakra-patches.ts`,
      )
    }
    // A function, so that `$` in the replacement is taken as it is written.
    return patched.replace(find, () => replace)
  }, code)
}

const patchesFor = (id: string): ChakraPatch[] => {
  const path = id.replaceAll('\\', '/')
  return chakraPatches.filter((patch) => path.endsWith(`@chakra-ui/react/dist/esm/${patch.file}`))
}

/** Applies every patch to the browser bundle, and fails the build if one found no module. */
export function chakraPatchesPlugin(): Plugin {
  const applied = new Set<string>()
  let browserBuild = false
  return {
    name: 'kabu:chakra-patches',
    configResolved(config) {
      browserBuild = config.command === 'build' && !config.build.ssr
    },
    buildEnd(error) {
      // The server bundle leaves Chakra in node_modules; the browser bundle must have been patched.
      // A build that already failed (an invalid definition) loaded no modules: its own error stands.
      if (!browserBuild || error) return
      const missing = chakraPatches.filter((patch) => !applied.has(patch.name))
      if (missing.length > 0) {
        this.error(`kabu:chakra-patches: no module for ${missing.map((p) => `"${p.name}"`).join(', ')}`)
      }
    },
    transform(code, id) {
      const patches = patchesFor(id)
      if (patches.length === 0) return null
      for (const patch of patches) applied.add(patch.name)
      return patches.reduce((patched, patch) => applyChakraPatch(patch, patched), code)
    },
  }
}

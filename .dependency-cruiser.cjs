/**
 * dependency-cruiser: the layering of README "Architecture". Data flows one way, so the build-time and
 * shared layers (src/model, src/pipeline) never import the site (src/site, src/components, src/pages,
 * src/layouts), and no two folders import each other (a folder cycle means a shared piece belongs a layer
 * lower). Run by `npm run lint`; `npx depcruise src scripts --output-type text` shows the graph as text.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'model-and-pipeline-never-import-the-site',
      comment: 'src/model and src/pipeline feed the site; the site reads them, never the other way round.',
      severity: 'error',
      from: { path: '^src/(model|pipeline)/' },
      to: { path: '^src/(site|components|pages|layouts)/' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that import each other: move the shared piece to the lower one.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(src|scripts)/' },
      to: { circular: true },
    },
    {
      name: 'no-engine-module-cycles',
      comment: "The engine's modules import downwards only: game.ts (the state) and the basic modules, then replacements/triggers < zones < events < damage, effects, costs < instructions < resolution, casting, sba < turn, combat < actions < scenario (the map in src/engine/game.ts). Three modules are exempt: schema-card.ts, schema-action.ts and schema-replacement.ts describe the scenario format, which is recursive (a card's abilities hold instructions and replacement effects; instructions create tokens, effects and replacements that hold cards), with zod getters across the files; merged they would pass the ~500-line cap.",
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { circular: true, pathNot: '^src/engine/schema-(card|action|replacement)\\.ts$' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing (the generated data is written by the build, after the lint in a fresh clone).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: 'generated/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    moduleSystems: ['es6', 'cjs'],
  },
};

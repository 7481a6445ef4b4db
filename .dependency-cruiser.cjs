// The boundaries between the parts of the code, checked by dependency-cruiser (`npm run depcruise`,
// part of `npm run lint`): the contract depends on nothing of ours; the server and the web app never
// import each other; shared web code never imports a feature, nor one feature another; the server's
// lib/ and db/ import no module; a server module never imports another's routes or tests; and no
// circle, between files (type imports aside) nor between the server's modules (type imports too).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files import each other in a circle; move what both need into a third file.',
      from: { path: '^(server|web|contract)/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      scope: 'folder',
      comment: "The server's modules import each other in a circle (type imports included).",
      from: { path: '^server/src/modules/[^/]+' },
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The contract depends on nothing of ours.',
      from: { path: '^contract/' },
      to: { path: '^(server|web|e2e|bench)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(web|e2e|bench)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server only over HTTP.',
      from: { path: '^web/' },
      to: { path: '^(server|e2e|bench)/' },
    },
    {
      name: 'web-shared-below-features',
      severity: 'error',
      comment: 'components, lib, shared and layouts are below the features and the app.',
      from: { path: '^web/src/(components|lib|shared|layouts)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'web-lower-layers',
      severity: 'error',
      from: { path: '^web/src/(lib|shared)/' },
      to: { path: '^web/src/layouts/' },
      comment: 'lib and shared never import a layout.',
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'Features do not import each other; move shared code to lib/, shared/queries/ or components/.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'server-lib-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are below every module: move what both need into lib/.',
      from: { path: '^server/src/(lib|db)/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'module-routes-and-tests-private',
      severity: 'error',
      comment: "A module imports another's services, presenters and policies, never its routes or tests.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/(routes[.]ts|.+[.]test[.]ts)$',
        pathNot: '^server/src/modules/$1/',
      },
    },
  ],
  options: {
    includeOnly: '^(server|web|contract)/src/',
    exclude: { path: '(^|/)(dist|node_modules)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};

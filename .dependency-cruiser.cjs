// The layer rules of architecture.md ("Boundaries"), checked by `npm run check:layers` (part of npm test).
// Paths are relative to the repository root; tests/tooling/checks.test.ts proves a broken rule fails.

/** The server-rendering entry points: the only modules of `site` and `admin` the server may import. */
const SITE_SSR_ENTRY = '^src/site/ssr/renderDocument\\.tsx$';
const ADMIN_SSR_ENTRY = '^src/admin/ssr/renderAdmin\\.tsx$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'src/shared is isomorphic and imports only itself (and packages).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(?!shared/)|tests/|scripts/)' },
    },
    {
      name: 'clients-never-import-server',
      comment: 'admin, site and diagnostics talk to the server over the wire, never by import.',
      severity: 'error',
      from: { path: '^src/(admin|site|diagnostics)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'site-never-imports-admin',
      comment: 'A visitor of the public site downloads no admin code.',
      severity: 'error',
      from: { path: '^src/site/' },
      to: { path: '^src/admin/' },
    },
    {
      name: 'server-imports-site-only-through-ssr-entry',
      comment: 'The server renders the site through its SSR entry; shared code it needs lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/site/', pathNot: SITE_SSR_ENTRY },
    },
    {
      name: 'server-imports-admin-only-through-ssr-entry',
      comment: 'The server prerenders the admin through its SSR entry; shared code it needs lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/admin/', pathNot: ADMIN_SSR_ENTRY },
    },
    {
      name: 'src-never-imports-tests',
      comment: 'Tests that need helpers from tests/ live in tests/ themselves.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-runtime-cycles',
      comment: 'Import cycles (type-only imports excluded: they vanish at run time).',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing would hide a dependency from the rules above.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};

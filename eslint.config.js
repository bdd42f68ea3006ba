// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const layers = ['contracts', 'flow-compiler', 'workflows', 'activities', 'integrations', 'db', 'api', 'workers', 'ui', 'config', 'bin', 'tests'];

/**
 * The dependency direction (ARCHITECTURE.md#layout-and-dependency-direction), checked on resolved paths: `allowed` are the local
 * layers a folder may import; everything else local is refused.
 */
const direction = {
  contracts: [],
  'flow-compiler': ['contracts'],
  workflows: ['contracts'],
  activities: ['integrations', 'db', 'contracts', 'config'],
  integrations: ['contracts', 'config'],
  db: ['contracts', 'config'],
  config: ['contracts'],
  api: ['contracts', 'flow-compiler', 'workflows', 'activities', 'integrations', 'db', 'config'],
  workers: ['workflows', 'activities', 'db', 'contracts', 'config'],
  // The flow editor runs the pure compiler itself, so live checks match what Start will say.
  ui: ['contracts', 'flow-compiler'],
  // bin/ is the composition root (it wires api and workers together); tests may import anything.
};
const zones = Object.entries(direction).map(([target, allowed]) => ({
  target: `./${target}`,
  from: layers.filter((l) => l !== target && !allowed.includes(l)).map((l) => `./${l}`),
  except: [],
  message: `${target}/ may not import this layer (dependency direction, ARCHITECTURE.md#layout-and-dependency-direction).`,
}));

/** Extra import bans for one folder. */
function restrict(folder, extra) {
  return {
    files: [`${folder}/**/*.{ts,tsx}`],
    // Tests of pure code may read their golden files.
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: extra.patterns ?? [], paths: extra.paths ?? [] }],
      ...extra.rules,
    },
  };
}

// Workflow and compiler code must be deterministic and pure (the Temporal seam, ADR 0002).
const nodeBuiltins = [
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'process',
  'timers',
  'worker_threads',
  'dns',
  'events',
  'stream',
  'url',
  'util',
];
const pure = {
  patterns: [{ group: ['node:*'], message: 'No Node built-ins in pure code.' }],
  paths: nodeBuiltins.map((name) => ({ name, message: 'No Node built-ins in pure code.' })),
  rules: {
    'no-restricted-globals': ['error', 'process', 'fetch', 'setTimeout', 'setInterval', 'require'],
    'no-restricted-properties': [
      'error',
      { object: 'Date', property: 'now', message: 'Pass the clock in: workflow code must be deterministic.' },
      { object: 'Math', property: 'random', message: 'Pass randomness in: workflow code must be deterministic.' },
    ],
    'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass the clock in.' }],
  },
};

/**
 * House rules of ADR 0010, as local rules rather than `no-restricted-syntax`: flat config replaces a
 * rule's options per file instead of merging them, so a second `no-restricted-syntax` block (the
 * activities one below) would silently switch these off for its files.
 */
const transactionWord = /^\s*(begin|commit|rollback|start\s+transaction)\b/i;
const firstArgText = (node) => {
  const arg = node.arguments[0];
  if (arg?.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  if (arg?.type === 'TemplateLiteral' && arg.quasis.length === 1) return arg.quasis[0].value.cooked ?? '';
  return null;
};
const isQueryCall = (node) => node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' && node.callee.property.name === 'query';
const houseRules = {
  rules: {
    'no-hand-written-transaction': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { use: 'Use withTransaction/inTransaction from db/transaction.ts, not a hand-written {{word}} (ADR 0010).' },
      },
      create: (context) => ({
        CallExpression(node) {
          const text = isQueryCall(node) ? firstArgText(node) : null;
          const word = text === null ? null : transactionWord.exec(text);
          if (word) context.report({ node, messageId: 'use', data: { word: word[1].toLowerCase() } });
        },
      }),
    },
    'no-zod-cast': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { parse: 'z.custom<T>() is a cast: parse stored or received data with a real schema from contracts/ (convention 2).' },
      },
      create: (context) => ({
        CallExpression(node) {
          const c = node.callee;
          if (
            c.type === 'MemberExpression' &&
            c.object.type === 'Identifier' &&
            c.object.name === 'z' &&
            c.property.type === 'Identifier' &&
            c.property.name === 'custom'
          ) {
            context.report({ node, messageId: 'parse' });
          }
        },
      }),
    },
    'no-sql-in-api': {
      meta: { type: 'problem', schema: [], messages: { move: 'No SQL here: call a named operation from db/ (ADR 0010).' } },
      create: (context) => ({
        CallExpression(node) {
          if (isQueryCall(node)) context.report({ node, messageId: 'move' });
        },
      }),
    },
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'db/migrations/**', 'ui/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'],
    plugins: { 'import-x': importX },
    // tsconfig.json's paths resolve @contracts/*, so the zones also see ui/'s contracts imports.
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  restrict('flow-compiler', pure),
  restrict('workflows', pure),
  {
    // Activities, data access and workers hold no module registry: their dependencies are passed in
    // (createSender(pool, deps), createShardWakes() made in bin/boot.ts), never registered per pool
    // and looked up later. A cache of immutable data is allowed by name, with its reason.
    files: ['activities/**/*.ts', 'db/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message: 'No module state here: pass dependencies in (activities/README.md).',
        },
        {
          selector:
            ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.name=/^(Weak)?Map$|^WeakSet$/]',
          message: 'No module-level registry: pass dependencies in, e.g. createSender(pool, deps), createShardWakes() (activities/README.md).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'db/transaction.ts'],
    plugins: { replypilot: houseRules },
    rules: { 'replypilot/no-hand-written-transaction': 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'],
    plugins: { replypilot: houseRules },
    rules: { 'replypilot/no-zod-cast': 'error' },
  },
  {
    // api/, activities/ and workers/ call db/ operations (ADR 0010): no `.query(`, and no Drizzle
    // query builder either (its `eq`/`sql` helpers and the schema's table objects are what a builder
    // query needs; types such as UserRow stay importable). SQL lives in db/ (housekeeping in db/ops/).
    files: ['api/**/*.ts', 'activities/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { replypilot: houseRules },
    rules: {
      'replypilot/no-sql-in-api': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'No Drizzle query builder here: call a named operation from db/ (ADR 0010).' },
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/client'],
              allowTypeImports: true,
              message: 'Only types from the Drizzle schema here: queries live in db/ operations (ADR 0010).',
            },
          ],
        },
      ],
    },
  },
  {
    // House size limits: a function of 7 or more parameters takes a context object instead; a source
    // file stays under 400 lines of code (comments and blank lines not counted). Warnings, and
    // `npm run lint` runs with --max-warnings 0.
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-params': ['warn', 6] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['tests/**'],
    rules: { 'max-lines': ['warn', { max: 400, skipComments: true, skipBlankLines: true }] },
  },
);

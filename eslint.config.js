// ESLint (flat config): typescript-eslint's recommended rules for correctness, @stylistic for the house
// formatting (2-space indent, single quotes, semicolons, trailing commas on multi-line lists), every
// formatting rule auto-fixable (`npm run lint -- --fix`). Type-aware rules are left out: `tsc --noEmit`
// type-checks, and the lint stays fast. Astro components are checked by `astro build`, not here.
import stylistic from '@stylistic/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', 'node_modules/**', '.cache/**', 'src/generated/**', 'public/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,mts,js,mjs}'],
    plugins: { '@stylistic': stylistic },
    rules: {
      // `seen.add(k), out.push(x)` and `ok && go()` as statements are the house's idiom (tsc reports a comma's unused side).
      '@typescript-eslint/no-unused-expressions': 'off',
      // A leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@stylistic/indent': ['error', 2, { SwitchCase: 1, flatTernaryExpressions: true, offsetTernaryExpressions: true, ignoredNodes: ['TSUnionType > TSTypeLiteral', 'TSUnionType > TSTypeLiteral *'] }],
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true, allowTemplateLiterals: 'always' }],
      '@stylistic/semi': ['error', 'always'],
      '@stylistic/comma-dangle': ['error', 'always-multiline'],
      '@stylistic/no-trailing-spaces': 'error',
      '@stylistic/eol-last': 'error',
      '@stylistic/no-multiple-empty-lines': ['error', { max: 2, maxEOF: 0 }],
      '@stylistic/keyword-spacing': 'error',
      '@stylistic/space-infix-ops': 'error',
      '@stylistic/arrow-spacing': 'error',
      '@stylistic/comma-spacing': 'error',
      '@stylistic/brace-style': ['error', '1tbs', { allowSingleLine: true }],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * The server's layers (HOUSE.md): platform/ knows nothing of the desk (modules/) or the channel
 * adapters (channels/); the desk offers the channel port (modules/channels/channel-adapter.ts) and
 * never imports an adapter; adapters depend on the desk. Only src/app.ts (the composition) sees all.
 * A relative specifier reaches `src/<layer>/` by climbing exactly as many `../` as the file is
 * deep, so one block per depth. Tests may cross (whole-app tests use any layer's test support).
 */
function forbidLayers(from, layers) {
  return [1, 2, 3, 4, 5].map((depth) => ({
    files: [`apps/server/src/${from}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: layers.map((layer) => ({
            regex: `^(\\./)?${'\\.\\./'.repeat(depth)}${layer}/`,
            message: `${from}/ must not import ${layer}/ (layers: channels -> modules -> platform; see eslint.config.js).`,
          })),
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'build/**', 'packages/api-client/src/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  ...forbidLayers('platform', ['modules', 'channels']),
  ...forbidLayers('modules', ['channels']),
);

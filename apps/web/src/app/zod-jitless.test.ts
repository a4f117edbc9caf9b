import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod without eval', () => {
  it('the module turns the jitless mode on', async () => {
    await import('./zod-jitless');
    expect(z.config().jitless).toBe(true);
  });
  it('main.tsx imports it before anything else', () => {
    const main = readFileSync(fileURLToPath(new URL('../main.tsx', import.meta.url)), 'utf8');
    expect(main.split('\n')[0]).toBe("import './app/zod-jitless';");
  });
});

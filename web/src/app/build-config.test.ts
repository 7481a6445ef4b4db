/**
 * `npm start` builds first: the build's config must load and run without warnings, which a
 * newcomer reads as errors (and which would hide a real one among them).
 */
import { fileURLToPath } from 'node:url';
import { createLogger, loadConfigFromFile, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));

interface SplitGroup {
  name?: unknown;
  debugName?: string;
}

describe('the build config', () => {
  it('loads without a warning, as Node itself could load it', async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...createLogger('warn'), warn: (message) => void warnings.push(message) };
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      `${webRoot}vite.config.ts`,
      webRoot,
      'warn',
      logger,
    );
    expect(loaded?.config.build?.outDir).toBe('dist');
    expect(warnings).toEqual([]);
  });

  it('names every chunk group named by a function, for the bundler’s report', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'build', mode: 'production' },
      `${webRoot}vite.config.ts`,
      webRoot,
      'silent',
    );
    const output = loaded?.config.build?.rolldownOptions?.output;
    const groups = ((Array.isArray(output) ? output[0] : output)?.codeSplitting as { groups?: SplitGroup[] })
      ?.groups;
    expect(groups?.length).toBeGreaterThan(0);
    const unnamed = (groups ?? []).filter((group) => typeof group.name === 'function' && !group.debugName);
    expect(unnamed).toEqual([]);
  });
});

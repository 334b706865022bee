import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraGlobalCss } from './chakra-global-css';

const require = createRequire(import.meta.url);
const systemModule = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);

function transform(code: string, id: string): string | null {
  const plugin = chakraGlobalCss();
  const hook = plugin.transform as (code: string, id: string) => string | null;
  return hook.call({}, code, id);
}

describe("the build's Chakra global CSS", () => {
  it("leaves createSystem's global CSS to first use in the installed Chakra", () => {
    const out = transform(readFileSync(systemModule, 'utf8'), systemModule);
    expect(out).not.toBeNull();
    expect(out).not.toContain('const _global = [');
    expect(out).toMatch(
      /get _global\(\) \{\s*return \(_globalCss \?\?= \[getPreflightCss\(\), getGlobalCss\(\), getTokenCss\(\)\]\);/,
    );
  });

  it('fails the build when Chakra no longer builds it as expected', () => {
    expect(() => transform('export function createSystem() {}', systemModule)).toThrow(/no longer builds _global/);
  });

  it('leaves every other module alone', () => {
    expect(transform('const _global = 1;', '/x/node_modules/@chakra-ui/react/dist/esm/other.js')).toBeNull();
  });
});

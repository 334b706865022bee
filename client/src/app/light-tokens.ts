/** A token definition: `{ value }`, where a semantic token's value may be one per colour mode. */
type TokenTree = { [key: string]: unknown };

function isRecord(value: unknown): value is TokenTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Chakra's semantic tokens with their light-mode values only: `{ value: { _light: a, _dark: b } }` becomes
 * `{ value: a }`; anything else is kept as it is. The portal is light mode only (theme.ts), and every dark value made
 * the theme's token dictionary build a condition per token on every page load and the global CSS carry a `.dark`
 * block nothing used (issue 23 item 1: less work on first render).
 */
export function lightOnly<T extends TokenTree>(tokens: T): T {
  const lightValue = (value: unknown): unknown =>
    isRecord(value) && '_light' in value && Object.keys(value).every((key) => key === '_light' || key === '_dark')
      ? value._light
      : value;
  // A token may also hold nested tokens beside its value (`fg` and `fg.muted`): both are walked.
  const walk = (node: unknown): unknown =>
    isRecord(node)
      ? Object.fromEntries(
          Object.entries(node).map(([key, child]) => [key, key === 'value' ? lightValue(child) : walk(child)]),
        )
      : node;
  return walk(tokens) as T;
}

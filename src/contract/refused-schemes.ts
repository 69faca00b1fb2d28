/**
 * The URL schemes that run, read or hand off something on the device (docs/design.md §10): never a
 * session's `return_url` (`write/return-url.ts`), never opened from a page by the React Native
 * component (`src/react-native/navigation.ts`). Zod-free, so the component ships without the
 * contract's write schemas.
 */
export const REFUSED_SCHEMES: readonly string[] = ['javascript', 'data', 'file', 'blob', 'vbscript', 'about', 'intent'];

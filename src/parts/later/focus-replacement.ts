/** Where focus goes when the view changes under it (in the `later` part: a view changes after the first paint). */
/** Focuses what took the place of the focused control: the frame, the result, the link, a button. */
export function focusReplacement(root: ParentNode): void {
  (['iframe', '.final h3', 'a[part=fallback-link]', 'button', 'h2'] as const)
    .map((selector) => root.querySelector<HTMLElement>(selector))
    .find(Boolean)
    ?.focus();
}

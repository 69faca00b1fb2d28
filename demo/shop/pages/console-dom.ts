/** The console page's small DOM and request helpers (data is rendered with `textContent` only). */

/** A form field's text (`''` when it is missing or a file). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** The element `selector` finds, checked to be a `type` (an `HTMLElement` unless given). */
export function $(selector: string): HTMLElement;
export function $<T extends HTMLElement>(selector: string, type: new () => T): T;
export function $(selector: string, type: new () => HTMLElement = HTMLElement): HTMLElement {
  const element = document.querySelector(selector);
  if (!(element instanceof type)) throw new Error(`missing ${selector}`);
  return element;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = text;
  if (className) element.className = className;
  return element;
}

export function showError(box: HTMLElement, message: string | null): void {
  box.hidden = message === null;
  box.textContent = message ?? '';
}

export interface Reply {
  status: number;
  data: unknown;
  error: { code: string; message: string } | null;
}

export async function request(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(path, {
    method,
    // Every state change is JSON: the console's server refuses anything else (415).
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => ({}))) as {
    data?: unknown;
    error?: { code?: unknown; message?: unknown };
  };
  const { code, message } = json.error ?? {};
  const error = json.error
    ? { code: typeof code === 'string' ? code : 'ERROR', message: typeof message === 'string' ? message : '' }
    : null;
  return {
    status: response.status,
    data: json.data,
    error: response.ok ? null : (error ?? { code: `HTTP_${response.status}`, message: '' }),
  };
}

export const dateTime = (iso: string | null | undefined): string => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * The shop page's theme panel: scheme, locale, a colour picker for every `--onramp-color-*`
 * property, corner radius, font family, font size and spacing. Changes apply live to every
 * `<onramp-checkout>` on the page, and `applyThemeChoices` gives a newly mounted widget the same
 * choices (they are also kept in localStorage, so a reload keeps them too).
 *
 * Custom properties are set with `element.style.setProperty` (CSSOM): the page's CSP
 * (`style-src 'self'`) forbids `style=""` attributes in markup, not styles set from script.
 * The controls list and their defaults come from the element's own stylesheet, so a colour added
 * to the widget gets a picker here with no change to this file.
 */
import { OnrampCheckout, type OnrampTheme } from '../../../src/index.js';
import { LANGUAGES } from '../../../src/i18n/languages.js';

interface ThemeChoices {
  theme: OnrampTheme;
  /** '' = the browser's locale. */
  locale: string;
  /** Only the properties the visitor changed; the rest keep the widget's defaults. */
  properties: Record<string, string>;
}

const STORAGE_KEY = 'onramp-demo-theme';
const THEMES: readonly (readonly [OnrampTheme, string])[] = [
  ['auto', 'Auto (follows the system)'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];
/** Every language of the registry, by its own name (right to left ones say so). */
const LOCALES: readonly (readonly [string, string])[] = [
  ['', 'Auto (browser)'],
  ...LANGUAGES.map(({ code, name, dir }) => [code, dir === 'rtl' ? `${name} (right to left)` : name] as const),
];
const FONTS: readonly (readonly [string, string])[] = [
  ['', 'Default (system-ui)'],
  ['Georgia, "DejaVu Serif", serif', 'Serif'],
  ['"Trebuchet MS", Verdana, sans-serif', 'Humanist sans'],
  ['ui-monospace, "DejaVu Sans Mono", monospace', 'Monospace'],
];
/** Length properties with a slider, in px. */
const LENGTHS: readonly { name: string; label: string; min: number; max: number }[] = [
  { name: '--onramp-radius', label: 'Corner radius', min: 0, max: 28 },
  { name: '--onramp-font-size', label: 'Font size', min: 12, max: 22 },
  { name: '--onramp-spacing', label: 'Spacing', min: 8, max: 28 },
];
const FONT_PROPERTY = '--onramp-font-family';
const COLOR_PREFIX = '--onramp-color-';

const initialChoices = (): ThemeChoices => ({ theme: 'auto', locale: '', properties: {} });
let choices: ThemeChoices = loadChoices();

/** Gives a widget the panel's current choices: call it before mounting. */
export function applyThemeChoices(element: OnrampCheckout): void {
  element.theme = choices.theme;
  element.locale = choices.locale;
  for (const name of managedProperties()) {
    const value = choices.properties[name];
    if (value) element.style.setProperty(name, value);
    else element.style.removeProperty(name);
  }
}

/** The element's `--onramp-*` defaults, read from its stylesheet's `:host` rule. */
function hostDefaults(): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const style of OnrampCheckout.elementStyles) {
    const sheet = style instanceof CSSStyleSheet ? style : style.styleSheet;
    for (const rule of sheet?.cssRules ?? []) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':host') continue;
      for (const name of rule.style)
        if (name.startsWith('--onramp-')) defaults.set(name, rule.style.getPropertyValue(name).trim());
    }
  }
  return defaults;
}

let cachedDefaults: Map<string, string> | null = null;
const defaults = () => (cachedDefaults ??= hostDefaults());
const colorProperties = () => [...defaults().keys()].filter((name) => name.startsWith(COLOR_PREFIX));
const managedProperties = () => [...colorProperties(), FONT_PROPERTY, ...LENGTHS.map((length) => length.name)];

/** Only what the panel could have written is read back from storage. */
function loadChoices(): ThemeChoices {
  const fallback = initialChoices();
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return fallback;
  }
  if (!stored || typeof stored !== 'object') return fallback;
  const { theme, locale, properties } = stored as Record<string, unknown>;
  const result: ThemeChoices = {
    theme: THEMES.find(([value]) => value === theme)?.[0] ?? fallback.theme,
    locale: LOCALES.find(([value]) => value === locale)?.[0] ?? fallback.locale,
    properties: {},
  };
  if (properties && typeof properties === 'object') {
    for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
      if (typeof value !== 'string') continue;
      const valid =
        (name.startsWith(COLOR_PREFIX) && /^#[0-9a-f]{6}$/.test(value)) ||
        (name === FONT_PROPERTY && FONTS.some(([font]) => font === value)) ||
        (LENGTHS.some((length) => length.name === name) && /^\d{1,2}px$/.test(value));
      if (valid) result.properties[name] = value;
    }
  }
  return result;
}

function saveChoices(): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(choices));
  } catch {
    // Storage may be unavailable (private mode, quota): the choices still hold for this page.
  }
}

function applyToAll(): void {
  for (const element of document.querySelectorAll('onramp-checkout')) applyThemeChoices(element);
  saveChoices();
}

/** The colour scheme the widget shows now, for resolving `light-dark()` defaults. */
function scheme(): 'light' | 'dark' {
  if (choices.theme !== 'auto') return choices.theme;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * A default colour as `#rrggbb` for `<input type="color">`: the browser resolves `light-dark()`
 * and `var()` on a hidden probe that carries the element's defaults and the current scheme.
 */
function resolveColor(probe: HTMLElement, name: string): string {
  probe.style.colorScheme = scheme();
  for (const [property, value] of defaults()) probe.style.setProperty(property, value);
  probe.style.color = `var(${name})`;
  const channels = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(probe).color);
  if (!channels) return '#000000';
  return `#${channels
    .slice(1, 4)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;
}

const px = (value: string | undefined, fallback: number) => {
  const match = /^(\d+(?:\.\d+)?)px$/.exec(value ?? '');
  return match ? Math.round(Number(match[1])) : fallback;
};

/** "--onramp-color-accent-text" → "Accent text". */
const colorLabel = (name: string) => {
  const words = name.slice(COLOR_PREFIX.length).replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = Object.assign(document.createElement(tag), properties);
  element.append(...children);
  return element;
}

function select(
  name: string,
  text: string,
  options: readonly (readonly [string, string])[],
  value: string,
  onChange: (value: string) => void,
): { label: HTMLLabelElement; control: HTMLSelectElement } {
  const control = el('select', { name });
  control.append(
    ...options.map(([optionValue, optionText]) => new Option(optionText, optionValue, false, optionValue === value)),
  );
  control.addEventListener('change', () => onChange(control.value));
  return { label: el('label', {}, el('span', {}, text), control), control };
}

export function startThemePanel(container: HTMLElement | null = document.getElementById('theme-panel')): void {
  if (!container) return;
  const probe = el('span', { hidden: true });
  const status = el('p', { className: 'theme-status' });
  status.setAttribute('role', 'status');
  /** Puts every control in step with `choices` (after a theme change or a reset). */
  const syncs: (() => void)[] = [];

  const setProperty = (name: string, value: string | null) => {
    if (value === null) delete choices.properties[name];
    else choices.properties[name] = value;
    status.textContent = '';
    applyToAll();
  };

  const theme = select('theme', 'Theme', THEMES, choices.theme, (value) => {
    choices.theme = THEMES.find(([option]) => option === value)?.[0] ?? 'auto';
    status.textContent = '';
    applyToAll();
    for (const sync of syncs) sync(); // the default colours shown depend on the scheme
  });
  const locale = select('locale', 'Locale', LOCALES, choices.locale, (value) => {
    choices.locale = value;
    status.textContent = '';
    applyToAll();
  });
  syncs.push(() => {
    theme.control.value = choices.theme;
    locale.control.value = choices.locale;
  });
  const general = el('fieldset', {}, el('legend', {}, 'Scheme and language'), theme.label, locale.label);

  // Colours: one picker per --onramp-color-* property of the element.
  const colors = el(
    'fieldset',
    { className: 'theme-colors' },
    el('legend', {}, 'Colours ', el('code', {}, `${COLOR_PREFIX}*`)),
  );
  for (const name of colorProperties()) {
    const input = el('input', { type: 'color', name });
    input.addEventListener('input', () => setProperty(name, input.value));
    syncs.push(() => {
      input.value = choices.properties[name] ?? resolveColor(probe, name);
    });
    colors.append(el('label', { className: 'swatch' }, input, el('span', {}, colorLabel(name))));
  }

  // Shape and type.
  const font = select('font', 'Font family', FONTS, '', (value) => setProperty(FONT_PROPERTY, value || null));
  syncs.push(() => {
    font.control.value = choices.properties[FONT_PROPERTY] ?? '';
  });
  const shape = el('fieldset', {}, el('legend', {}, 'Shape and type'), font.label);
  for (const { name, label, min, max } of LENGTHS) {
    const input = el('input', { type: 'range', name, min: String(min), max: String(max), step: '1' });
    // The value is shown, and announced through the slider's aria-valuetext (not a second live region).
    const output = el('span', { className: 'value' });
    output.setAttribute('aria-hidden', 'true');
    const show = () => {
      output.textContent = `${input.value}px`;
      input.setAttribute('aria-valuetext', output.textContent);
    };
    input.addEventListener('input', () => {
      show();
      setProperty(name, `${input.value}px`);
    });
    syncs.push(() => {
      input.value = String(px(choices.properties[name] ?? defaults().get(name), Math.round((min + max) / 2)));
      show();
    });
    shape.append(el('label', { className: 'range' }, el('span', {}, label), input, output));
  }

  const reset = el('button', { type: 'button' }, 'Reset to the widget’s defaults');
  reset.addEventListener('click', () => {
    choices = initialChoices();
    applyToAll();
    for (const sync of syncs) sync();
    status.textContent = 'Theme reset to the widget’s defaults.';
  });

  const form = el(
    'form',
    { className: 'theme-form' },
    general,
    colors,
    shape,
    el('div', { className: 'theme-actions' }, reset, status),
  );
  form.addEventListener('submit', (event) => event.preventDefault());
  container.replaceChildren(
    el('h2', { id: 'theme-panel-title' }, 'Theme panel'),
    el(
      'p',
      { className: 'theme-hint' },
      'Changes apply to the widget at once and are kept when you start a new payment.',
    ),
    form,
    probe,
  );
  container.setAttribute('aria-labelledby', 'theme-panel-title');
  for (const sync of syncs) sync();
}

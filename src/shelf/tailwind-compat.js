// Runs just before Tailwind's browser build (the shelf's `tailwindcss` script is this file followed by it).
// Artifacts are written for Tailwind 3 and for shadcn/ui's colour names; the browser build is Tailwind 4. This
// gives the page, as Tailwind input:
// - Tailwind 3's defaults where 4 changed them: grey borders, grey placeholders, pointer cursors on buttons,
//   a translucent blue focus ring;
// - shadcn/ui's colour names (`bg-primary`, `text-muted-foreground`, `border-input`…) in its light theme, which
//   the `@/components/ui` stand-ins and many artifacts use;
// - `tailwind.config = {…}`, Tailwind 3's in-page configuration: its colours, fonts, radii and `darkMode`
//   become Tailwind 4 theme variables.
(() => {
  const type = 'text/tailwindcss';

  const shadcnColors = {
    background: '#ffffff',
    foreground: '#020617',
    card: '#ffffff',
    'card-foreground': '#020617',
    popover: '#ffffff',
    'popover-foreground': '#020617',
    primary: '#0f172a',
    'primary-foreground': '#f8fafc',
    secondary: '#f1f5f9',
    'secondary-foreground': '#0f172a',
    muted: '#f1f5f9',
    'muted-foreground': '#64748b',
    accent: '#f1f5f9',
    'accent-foreground': '#0f172a',
    destructive: '#ef4444',
    'destructive-foreground': '#f8fafc',
    border: '#e2e8f0',
    input: '#e2e8f0',
    ring: '#94a3b8',
  };

  const base = [
    '@theme {',
    ...Object.entries(shadcnColors).map(([name, value]) => `  --color-${name}: ${value};`),
    '}',
    '@layer base {',
    '  *, ::after, ::before, ::backdrop, ::file-selector-button { border-color: #e5e7eb; }',
    '  *, ::after, ::before { --tw-ring-color: rgb(59 130 246 / 0.5); }',
    '  input::placeholder, textarea::placeholder { color: #9ca3af; }',
    '  button:not(:disabled), [role="button"]:not(:disabled) { cursor: pointer; }',
    '}',
  ].join('\n');

  /** Adds Tailwind input to the page; the browser build rebuilds when such a style element appears. */
  const addInput = (css) => {
    const style = document.createElement('style');
    style.setAttribute('type', type);
    style.textContent = css;
    (document.head ?? document.documentElement).append(style);
  };

  /** `{ blue: { 500: '#…', DEFAULT: '#…' } }` → `--color-blue-500: #…; --color-blue: #…;` */
  const variables = (prefix, values, out) => {
    if (values === null || typeof values !== 'object') return out;
    for (const [key, value] of Object.entries(values)) {
      const name = key === 'DEFAULT' ? prefix : `${prefix}-${key}`;
      if (typeof value === 'string' || typeof value === 'number') out.push(`  ${name}: ${value};`);
      else if (Array.isArray(value)) out.push(`  ${name}: ${value.map(String).join(', ')};`);
      else variables(name, value, out);
    }
    return out;
  };

  const themeFromConfig = (config) => {
    if (config === null || typeof config !== 'object') return '';
    const theme = { ...(config.theme ?? {}), ...(config.theme?.extend ?? {}) };
    const lines = [
      ...variables('--color', theme.colors, []),
      ...variables('--font', theme.fontFamily, []),
      ...variables('--radius', theme.borderRadius, []),
      ...variables('--shadow', theme.boxShadow, []),
    ];
    const dark =
      config.darkMode === 'class' || config.darkMode === 'selector' || Array.isArray(config.darkMode)
        ? '@custom-variant dark (&:where(.dark, .dark *));\n'
        : '';
    return lines.length > 0 ? `${dark}@theme {\n${lines.join('\n')}\n}` : dark;
  };

  addInput(base);
  let config = {};
  window.tailwind = {
    get config() {
      return config;
    },
    set config(value) {
      config = value;
      const css = themeFromConfig(value);
      if (css) addInput(css);
    },
  };
})();

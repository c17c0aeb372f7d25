/**
 * A React render out of sight in a spare frame, before its component arrives.
 *
 * V8 compiles a function the first time it runs, and no compiled code crosses from one opaque-origin frame to
 * the next, so a component's first render also pays for compiling React's reconciler, hooks and DOM code:
 * most of that render's time. Rendering a small tree of the shelf's React (never the artifact's code: it has
 * not arrived) into an element that is not in the document, updating it once and unmounting it runs those
 * functions while the frame waits. Nothing of it stays: no node in the document, no listener on it, no state.
 */

/** The parts of the shelf's `react` the warm-up uses. */
interface ReactModule {
  createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]): unknown;
  useState<T>(initial: T): [T, (next: T) => void];
  useMemo<T>(make: () => T, deps: readonly unknown[]): T;
  useCallback<T>(fn: T, deps: readonly unknown[]): T;
  useRef<T>(initial: T): { current: T };
  useEffect(effect: () => undefined | (() => void), deps?: readonly unknown[]): void;
}

/** The parts of `react-dom` and `react-dom/client`. */
interface ReactDomModule {
  flushSync(fn: () => void): void;
}
interface ReactDomClientModule {
  createRoot(container: Element): { render(element: unknown): void; unmount(): void };
}

/** Rows rendered, then rendered again with more: mounting and updating both run. */
const ROWS = [8, 12] as const;

/** The frame's React, while the warm-up renders with it. */
let react: ReactModule | undefined;

function shelf(): ReactModule {
  if (!react) throw new Error('React is not loaded');
  return react;
}

function Row({ n }: { n: number }): unknown {
  const { createElement: h, useState, useRef, useMemo, useCallback, useEffect } = shelf();
  const [on, setOn] = useState(n % 2 === 0);
  const ref = useRef<Element | null>(null);
  const label = useMemo(() => `Row ${n}`, [n]);
  const toggle = useCallback(() => setOn(!on), [on]);
  useEffect(() => {
    ref.current?.getAttribute('class');
    return undefined;
  }, [on]);
  return h(
    'li',
    { ref, className: on ? 'on' : 'off', style: { padding: n }, onClick: toggle, 'data-n': n },
    h('span', null, label, ' ', n),
    h('svg', { width: 8, height: 8, viewBox: '0 0 8 8' }, h('path', { d: 'M0 0h8v8z' })),
  );
}

function List({ rows }: { rows: number }): unknown {
  const h = shelf().createElement;
  return h(
    'ul',
    null,
    Array.from({ length: rows }, (_, n) => h(Row, { key: n, n })),
  );
}

/**
 * Renders, updates and unmounts a small tree with the React the frame's import map names (`react`,
 * `react-dom`, `react-dom/client`, already being evaluated). Never rejects.
 */
export async function warmUpReact(): Promise<void> {
  try {
    const [shelfReact, dom, client] = (await Promise.all(
      ['react', 'react-dom', 'react-dom/client'].map((specifier) => import(/* @vite-ignore */ specifier)),
    )) as [ReactModule, ReactDomModule, ReactDomClientModule];
    react = shelfReact;
    const root = client.createRoot(document.createElement('div'));
    for (const rows of ROWS) dom.flushSync(() => root.render(shelfReact.createElement(List, { rows })));
    root.unmount();
  } catch {
    // Only a head start: the component's own render reports whatever is wrong with React here.
  } finally {
    react = undefined;
  }
}

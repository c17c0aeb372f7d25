/**
 * A React render out of sight in a spare frame, before its component arrives.
 *
 * V8 compiles a function the first time it runs, and no compiled code crosses from one opaque-origin frame to
 * the next, so a component's first render also pays for compiling React's reconciler, hooks and DOM code:
 * most of that render's time. Rendering a small tree of the shelf's React (never the artifact's code: it has
 * not arrived) into an element that is not in the document, updating it once and unmounting it runs those
 * functions while the frame waits. Nothing of it stays: no node in the document, no listener on it, no state.
 *
 * A spare that evaluated recharts also renders a small bar chart of it the same way: a dashboard's first render
 * spent most of its time compiling recharts' scales, axes and shapes. Its labels carry an invisible separator
 * (U+2063), so the text sizes recharts keeps are never ones a page's own labels would find; the element it
 * measures text in is taken out of the document again.
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

/** The parts of the shelf's `recharts` the warm-up uses (each a component). */
interface ChartsModule {
  readonly BarChart: unknown;
  readonly Bar: unknown;
  readonly CartesianGrid: unknown;
  readonly XAxis: unknown;
  readonly YAxis: unknown;
  readonly Tooltip: unknown;
}

/** What recharts adds to the document to measure text (see `getStringSize` in its `DOMUtils`). */
const MEASUREMENT_SPAN = 'recharts_measurement_span';
/** Put before every label of the warm-up's chart: no page's own label starts with it. */
const SEPARATOR = '\u2063';

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

/** A bar chart with a grid, both axes and a tooltip, of `points` months. */
function chart(h: ReactModule['createElement'], charts: ChartsModule, points: number): unknown {
  const data = Array.from({ length: points }, (_, i) => ({
    label: `${SEPARATOR}${i}`,
    value: (i * 37) % 90,
  }));
  const label = (value: unknown) => `${SEPARATOR}${String(value)}`;
  return h(
    charts.BarChart,
    { width: 320, height: 160, data },
    h(charts.CartesianGrid, { strokeDasharray: '3 3' }),
    h(charts.XAxis, { dataKey: 'label' }),
    h(charts.YAxis, { tickFormatter: label }),
    h(charts.Tooltip, null),
    h(charts.Bar, { dataKey: 'value', fill: '#888', isAnimationActive: false }),
  );
}

/**
 * Renders, updates and unmounts a small tree with the React the frame's import map names (`react`,
 * `react-dom`, `react-dom/client`, already being evaluated), and with `charts` a bar chart of `recharts`
 * too, each only while `waiting` says no component has arrived (its own render compiles the same functions).
 * Never rejects.
 */
export async function warmUpReact(charts: boolean, waiting: () => boolean): Promise<void> {
  /** Whether the chart was drawn, with nothing else run since: what it left of recharts' is taken out. */
  let drew = false;
  try {
    const [shelfReact, dom, client] = (await Promise.all(
      ['react', 'react-dom', 'react-dom/client'].map((specifier) => import(/* @vite-ignore */ specifier)),
    )) as [ReactModule, ReactDomModule, ReactDomClientModule];
    if (!waiting()) return;
    react = shelfReact;
    const h = shelfReact.createElement;
    const root = client.createRoot(document.createElement('div'));
    for (const rows of ROWS) dom.flushSync(() => root.render(h(List, { rows })));
    root.unmount();
    if (!charts) return;
    const recharts = (await import(/* @vite-ignore */ 'recharts')) as ChartsModule;
    if (!waiting() || document.getElementById(MEASUREMENT_SPAN)) return;
    drew = true;
    const chartRoot = client.createRoot(document.createElement('div'));
    for (const points of ROWS) dom.flushSync(() => chartRoot.render(chart(h, recharts, points)));
    chartRoot.unmount();
  } catch {
    // Only a head start: the component's own render reports whatever is wrong with React here.
  } finally {
    react = undefined;
    if (drew) document.getElementById(MEASUREMENT_SPAN)?.remove();
  }
}

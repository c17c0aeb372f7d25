import { describe, expect, it } from 'vitest';
import { PreviewRuntime } from './preview-runtime';

/** The shelf files this document has fetched so far, by file name. */
function shelfReads(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/shelf/'))
    .map((name) => name.slice(name.indexOf('/shelf/') + '/shelf/'.length));
}

const COMPONENT = `import React from 'react';

export default function App() {
  return <p className="p-4">Hello</p>;
}
`;

describe('PreviewRuntime.warmUp', () => {
  it('reads the manifest while idle, and for a React page the shelf files of React, Tailwind and shadcn/ui and the icon table, making no frame', async () => {
    const runtime = new PreviewRuntime();
    runtime.warmUp();
    await expect.poll(() => shelfReads(), { timeout: 30_000 }).toContain('manifest.json');
    expect(shelfReads().filter((file) => file !== 'manifest.json')).toEqual([]);

    runtime.warmUp(true);
    const wanted = [
      /^react\.\w+\.mjs$/,
      /^react-dom\.\w+\.mjs$/,
      /^react-dom-client\.\w+\.mjs$/,
      /^tailwindcss\.\w+\.js$/,
      // shadcn/ui's base, four imports deep from a component's `@/components/ui/button`.
      /^components-ui\.\w+\.mjs$/,
      /^clsx\.\w+\.mjs$/,
      /^tailwind-merge\.\w+\.mjs$/,
      /^lucide-react-icons\.\w+\.json$/,
    ];
    await expect
      .poll(() => wanted.every((file) => shelfReads().some((read) => file.test(read))), { timeout: 30_000 })
      .toBe(true);
    // No icon of its own (the component's icons are read when it names them), and nothing runs in a frame.
    expect(shelfReads().filter((read) => read.includes('lucide-react-icons-'))).toEqual([]);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);

    // Each happens once: a second call reads nothing again, and the component compiles with what is there.
    const count = shelfReads().length;
    runtime.warmUp(true);
    runtime.warmUp();
    const prepared = await runtime.prepare('App.jsx', COMPONENT, 'react', false);
    expect(prepared?.notes).toEqual([]);
    expect(Object.keys(prepared?.files ?? {}).some((file) => /^react-dom\.\w+\.mjs$/.test(file))).toBe(true);
    expect(shelfReads()).toHaveLength(count);
    runtime.dispose();
  });

  it('with a shelf that cannot be read, rejects nothing and leaves the first file to say so', async () => {
    const runtime = new PreviewRuntime(new URL('/no-such-shelf/', document.baseURI).href);
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    try {
      runtime.warmUp();
      runtime.warmUp(true);
      const prepared = await runtime.prepare('App.jsx', COMPONENT, 'react', false);
      // The page still comes, with a stand-in that says React is missing.
      expect(prepared?.kind).toBe('render');
      expect(Object.values(prepared?.missing ?? {}).join(' ')).toContain('react');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(rejections).toEqual([]);
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
      runtime.dispose();
    }
  });
});

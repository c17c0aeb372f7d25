import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PreviewHost } from './preview-host';
import { PreviewRuntime } from './preview-runtime';

const COMPONENT = "import React from 'react';\nexport default function App() {\n  return <p>Hi</p>;\n}\n";

/** A host whose runtime records what it is asked to prepare (and prepares nothing). */
function hostWithSpy() {
  const holder = document.createElement('div');
  document.body.append(holder);
  onTestFinished(() => holder.remove());
  const runtime = new PreviewRuntime();
  const prepare = vi.spyOn(runtime, 'prepare').mockResolvedValue(undefined);
  return { host: new PreviewHost(holder, { quietMs: 50 }, runtime), prepare };
}

describe('PreviewHost.runPreview', () => {
  it("starts reading a component's shelf files and compiling it at once, while the panel is still coming", async () => {
    const { host, prepare } = hostWithSpy();
    // The first file of a session: the panel's module is loading, and the check waits for it.
    host.live.coming();
    const stop = new AbortController();
    const run = host.runPreview('App.jsx', COMPONENT, stop.signal);
    expect(prepare).toHaveBeenCalledWith('App.jsx', COMPONENT, 'react', false);
    stop.abort();
    await run;
  });

  it('leaves an HTML page to the preview that shows it', async () => {
    const { host, prepare } = hostWithSpy();
    host.live.coming();
    const stop = new AbortController();
    const run = host.runPreview('page.html', '<p>Hi</p>', stop.signal);
    expect(prepare).not.toHaveBeenCalled();
    stop.abort();
    await run;
  });
});

/**
 * The one script of `code-runner.html`, inlined into it at build time (like the preview runtime: a sandboxed
 * frame has an opaque origin and could not load a script file of the app's origin). It waits for one message
 * from its parent carrying a `MessagePort`, starts the worker (`worker.ts`) from a `blob:` URL, and hands the
 * port on: from then on the app and the worker talk directly, and this document does nothing more. The app
 * ends a run (Stop, the time limit) by removing the frame, which ends the worker with it.
 */
import { codeImports } from './imports';
import { codePython } from './python';
import { codeWorker } from './worker';

if (window.parent !== window) {
  const start = (event: MessageEvent) => {
    const port = event.ports[0];
    if (event.source !== window.parent || !port) return;
    window.removeEventListener('message', start);
    // The three functions refer to nothing outside their bodies; the worker gets the import parser and Python
    // as its arguments.
    const source = `(${codeWorker.toString()})((${codeImports.toString()})(), ${codePython.toString()});`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), {
      name: 'run_code',
    });
    worker.postMessage(null, [port]);
  };
  window.addEventListener('message', start);
}

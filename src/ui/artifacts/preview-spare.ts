import { fitsPrime, type PreviewDocument } from './preview-document';
import type { PreparedPrime, PreparedRender, PreviewRuntime } from './preview-runtime';

/**
 * How long after a React page has loaded (or, out of sight, after its console check) the next spare frame is
 * made: the page's own first work goes first.
 */
const SPARE_AFTER_MS = 300;

/** What the spare needs from the element that holds it. */
export interface SpareHost {
  readonly runtime: () => PreviewRuntime;
  /** A new document of the element (its frame is rendered with the others). */
  readonly document: (first: PreparedPrime) => PreviewDocument;
  /** Whether a spare is still of use (the element is connected and shows React). */
  readonly wanted: () => boolean;
  /** The spare came or went: the frames are rendered again. */
  readonly changed: () => void;
}

/**
 * The one spare frame of a preview element: a React page's head, React and the libraries a file's complete
 * import lines name, parsed and evaluated out of sight before the file's component is known (see
 * `PrimeRequest`). `take` hands it over for a document that fits it; each spare serves one document.
 */
export class PreviewSpare {
  /** The spare frame's document, while it waits. */
  document: PreviewDocument | undefined;
  private token = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: SpareHost) {}

  /**
   * Makes a spare ready for a React page of `content` (as written so far), unless the one there is still of
   * use: same head, and nothing evaluated early that this content does not import.
   */
  prepare(content: string): void {
    const token = ++this.token;
    this.host
      .runtime()
      .preparePrime(content)
      .then(
        (prime) => {
          if (token !== this.token || !this.host.wanted()) return;
          const kept = this.document?.prime;
          const fits =
            kept?.html === prime.html &&
            Object.entries(kept.imports).every(([specifier, file]) => prime.imports[specifier] === file);
          if (fits) return;
          this.document?.dispose();
          this.document = this.host.document(prime);
          this.host.changed();
        },
        () => {
          // No spare: the next document gets a fresh frame.
        },
      );
  }

  /** `prepare`, a moment from now (unless a spare is there by then). */
  later(content: string): void {
    if (this.document) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.document && this.host.wanted()) this.prepare(content);
    }, SPARE_AFTER_MS);
  }

  /** The spare, handed over to show `prepared` (its `render`), when it fits it. */
  take(prepared: PreparedRender): PreviewDocument | undefined {
    const doc = this.document;
    if (!doc?.prime || !fitsPrime(doc.prime, prepared)) return undefined;
    this.document = undefined;
    return doc;
  }

  /** The spare's frame stopped answering or never loaded: it goes. */
  lost(doc: PreviewDocument): boolean {
    if (doc !== this.document) return false;
    this.document = undefined;
    this.host.changed();
    return true;
  }

  drop(): void {
    this.token++;
    clearTimeout(this.timer);
    if (!this.document) return;
    this.document.dispose();
    this.document = undefined;
    this.host.changed();
  }
}

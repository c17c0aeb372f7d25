import { fitsPrime, type PreviewDocument } from './preview-document';
import type { PreparedPrime, PreparedRender, PreviewRuntime } from './preview-runtime';

/**
 * How long after a React page has loaded (or, out of sight, after its console check) the next spare frame is
 * made: the page's own first work goes first.
 */
const SPARE_AFTER_MS = 300;

/** A line of code past a module's imports: a declaration or an export at the start of a line. */
const PAST_IMPORTS = /^(?:export|function|async|const|let|var|class|type|interface|enum|declare)\b/m;

/** Whether `content` (a React page being written) may still be writing its import lines. */
export function stillImporting(content: string): boolean {
  return !PAST_IMPORTS.test(content);
}

/** Whether every import of `inner` is in `outer`, from the same file. */
function within(inner: Record<string, string>, outer: Record<string, string>): boolean {
  return Object.entries(inner).every(([specifier, file]) => outer[specifier] === file);
}

/** Whether `head` is `part` with something added in one place (the Tailwind script of a page's head). */
function holds(head: string, part: string): boolean {
  let start = 0;
  while (start < part.length && head[start] === part[start]) start++;
  let end = 0;
  while (end < part.length - start && head[head.length - 1 - end] === part[part.length - 1 - end]) end++;
  return start + end >= part.length;
}

/**
 * Whether a spare made for `kept` cannot serve the page being written (`content`, whose prime is `prime`): its
 * head lacks what the page's needs, or, past its imports, the page does not import a library the spare
 * evaluated. A spare with more in its head, or with libraries the page has not named yet, may still fit.
 */
function rulesOut(kept: PreparedPrime, prime: PreparedPrime, content: string): boolean {
  if (!holds(kept.html, prime.html)) return true;
  return !within(kept.imports, prime.imports) && !stillImporting(content);
}

/** What the spare needs from the element that holds it. */
export interface SpareHost {
  readonly runtime: () => PreviewRuntime;
  /** A new document of the element (its frame is rendered with the others); its prime may come later. */
  readonly document: (first?: PreparedPrime) => PreviewDocument;
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
          // Kept unless what the page has written so far rules it out: a stream's first pieces cut the import
          // lines short and come before any `className` (so before the Tailwind head), and replacing the spare on
          // them threw away the libraries it had ready.
          const fits = kept !== undefined && !rulesOut(kept, prime, content);
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

  /**
   * A spare for the finished page `content` when there is none (it arrived at once): its frame is made now,
   * and loads while the page's libraries are read and its component compiles; it gets the page's head and
   * libraries as soon as they are read.
   */
  early(content: string): void {
    if (this.document) return;
    const token = ++this.token;
    const doc = this.host.document();
    this.document = doc;
    this.host.changed();
    this.host
      .runtime()
      .preparePrime(content)
      .then(
        (prime) => {
          if (token === this.token && this.document === doc) doc.begin(prime);
        },
        () => {
          // Never begun: it does not fit the page, which gets a fresh frame.
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

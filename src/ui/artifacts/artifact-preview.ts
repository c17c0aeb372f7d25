import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { errorText } from '../../agent';
import type { AppPort } from '../../artifacts';
import {
  type AppReply,
  type AppRequest,
  HOST_SOURCE,
  type PlanKind,
  PREVIEW_SOURCE,
  type PreviewMessage,
} from '../../artifacts';
import { msg, str } from '../l10n';
import { AppConsent } from './app-consent';
import { PreviewMessageEvent, PreviewStartEvent } from './events';
import { NetworkOffer } from './network-offer';
import { PreviewDocument } from './preview-document';
import { PreviewNotices } from './preview-notices';
import type { PreparedPrime, PreparedRender } from './preview-runtime';
import { PreviewRuntime } from './preview-runtime';
import { PreviewSpare } from './preview-spare';
import { previewStyles } from './preview-styles';
import { WATCHDOG_STALL_MS } from './preview-watchdog';
import { refreshDelay } from './refresh-policy';
import type { LibraryLoader } from './remote-libraries';

/** Fired (not bubbling) when a frame has been sent its document: from here on it reports. */
export const PREVIEW_READY = 'preview-ready';

/**
 * The sandboxed iframe artifact code runs in — the only place the app makes one.
 *
 * The frame is `<iframe sandbox="allow-scripts allow-forms" src="preview.html#<channel>">`, never
 * `allow-same-origin`: the preview document (see `src/preview`) has an opaque origin and a policy of its own
 * that turns the network off. `allow-forms` is there because without it the browser never fires a form's
 * `submit` event, so every `<form onSubmit>` Claude writes would do nothing; the document's policy
 * (`form-action 'none'`) still stops any submission from leaving. Every document gets a new frame and a new channel (`PreviewDocument`: its port, budget,
 * batches and heartbeat). Accepted messages are handed on as `preview-message` events; each new document
 * fires `preview-start`. Downloads, clipboard writes and the stopped page's `Run again` are `PreviewNotices`.
 *
 * React pages start early: while a `.jsx`/`.tsx` file streams, and after one has loaded, the element keeps
 * one spare frame, out of sight, that already has the page's head, React and the libraries the file's
 * complete import lines name parsed and evaluated (`PreparedPrime`); nothing of the file has run in it. The
 * next document that fits it (`fitsPrime`) is written into it, so only the component is left to compile and
 * render. Each spare serves one document; any other document gets a fresh frame.
 *
 * While `streaming`, new content is loaded at a bounded rate (see `refresh-policy.ts`) and never before the
 * document shown has loaded; a component that does not compile yet keeps the last document shown. When
 * streaming ends the final content is loaded at once (also when it is the text last loaded while streaming,
 * if that did not compile: the document then says why).
 */
@customElement('easel-artifact-preview')
export class EaselArtifactPreview extends LitElement {
  static override styles = previewStyles;

  /** The file shown (names the frame `<filename> preview`). */
  @property() filename = '';
  /** The artifact's content. */
  @property() content = '';
  /** How the content runs. */
  @property() kind: PlanKind = 'html';
  /** Whether the content is still growing (loads are rate-limited). */
  @property({ type: Boolean }) streaming = false;
  /** A preview run out of sight to collect a page's console (its frame is named differently). No
   * `filename`: nothing is shown (a spare is kept). */
  @property({ type: Boolean }) background = false;
  /** Prepares documents (shelf, compiler). Without one, the element makes its own. */
  @property({ attribute: false }) runtime: PreviewRuntime | undefined;

  /** The frames: the document shown, then the spare. */
  @state() private frames: readonly PreviewDocument[] = [];

  private readonly notices = new PreviewNotices(this, () => this.load());
  private readonly consent = new AppConsent(this);
  private readonly networkOffer = new NetworkOffer(this, async (file, host, always) => {
    // `Allow` holds for the version shown (its content hash); `Always` for every version of the file.
    const version = always ? undefined : await this.apps?.version();
    if (!always && !version) return;
    await this.ownOrGivenRuntime().apps?.allowHost(file, host, version);
    if (this.filename === file) this.load();
  });
  /** The app APIs of the document shown, bound to the file it shows (see `ArtifactApps`). */
  private apps:
    | { readonly doc: PreviewDocument; readonly port: AppPort; readonly version: () => Promise<string> }
    | undefined;
  private current: PreviewDocument | undefined;
  private readonly spare = new PreviewSpare({
    runtime: () => this.ownOrGivenRuntime(),
    document: (first) => this.newDocument(first),
    wanted: () => this.isConnected && this.kind === 'react',
    changed: () => {
      this.frames = this.listFrames();
    },
  });
  /** The document shown while streaming has not loaded yet: the next streaming load waits for it. */
  private rendering = false;
  private loadToken = 0;
  private loadedContent: string | undefined;
  /** The content of the document shown (a streaming load that did not compile shows none). */
  private shownContent: string | undefined;
  private loadedLength = 0;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ownRuntime: PreviewRuntime | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.current?.dispose();
    this.current = undefined;
    this.endApps();
    this.spare.drop();
    this.ownRuntime?.dispose();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const keys = ['content', 'kind', 'streaming', 'filename'] as const;
    if (!keys.some((key) => changed.has(key))) return;
    if (changed.has('filename')) this.networkOffer.fileChanged();
    if (this.kind !== 'react') this.spare.drop();
    if (this.filename === '') {
      this.park();
      return;
    }
    if (!this.streaming) {
      // Another file is another artifact, with its own app APIs: never the same document, even for the same text.
      // A stream that ended on text that did not compile showed nothing of it: its final load shows the error.
      const unshown = changed.has('streaming') && this.shownContent !== this.content;
      if (this.content !== this.loadedContent || unshown || changed.has('kind') || changed.has('filename'))
        this.load();
      return;
    }
    // A load is already scheduled (it takes the latest content), or the last React document has not rendered
    // yet. HTML is not held back so: a page that loops before it loads would hold every later version, and the
    // final one, behind its frame's stuck process until the 8 s load limit, instead of the 4 s watchdog.
    if (this.timer !== undefined || (this.rendering && this.kind === 'react')) return;
    const delay = refreshDelay(
      { loadedLength: this.loadedLength, loadedAt: this.loadedAt },
      this.content.length,
      performance.now(),
    );
    if (delay === 0) this.load();
    else this.timer = setTimeout(() => this.loadLater(), delay);
  }

  override render() {
    return html`${repeat(
      this.frames,
      (doc) => doc.channel,
      (doc) => this.renderFrame(doc),
    )}${this.notices.render()}${this.consent.render()}${this.networkOffer.render()}`;
  }

  private renderFrame(doc: PreviewDocument) {
    const spare = doc === this.spare.document;
    const title = spare
      ? msg('Preview standby')
      : this.background
        ? msg(str`${this.filename} console check`)
        : msg(str`${this.filename} preview`);
    return html`<iframe
      class=${spare ? 'spare' : ''}
      title=${title}
      aria-hidden=${spare ? 'true' : nothing}
      tabindex=${spare ? '-1' : nothing}
      sandbox="allow-scripts allow-forms"
      referrerpolicy="no-referrer"
      src=${`${new URL('./preview.html', document.baseURI).href}#${doc.channel}`}
      @load=${(e: Event) => doc.frameLoaded(e.currentTarget as HTMLIFrameElement)}
    ></iframe>`;
  }

  /**
   * Resolves `true` once the page answers the heartbeat, `false` if the watchdog stops it first: a page can
   * load and then loop, and only this tells the two apart.
   */
  responsive(): Promise<boolean> {
    return this.current?.responsive() ?? Promise.resolve(true);
  }

  private loadLater(): void {
    this.timer = undefined;
    if (!this.isConnected) return;
    if (this.content.length !== this.loadedLength) this.requestUpdate('content');
  }

  private load(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const token = ++this.loadToken;
    const { content, kind, streaming, filename } = this;
    this.loadedContent = content;
    this.loadedLength = content.length;
    this.loadedAt = performance.now();
    if (kind === 'react' && streaming) this.spare.prepare(content);
    // A finished component and no spare (it arrived at once): a frame is made now, and loads while the page's
    // libraries are read and the component compiles, instead of after.
    else if (kind === 'react') this.spare.early(content);
    void this.ownOrGivenRuntime()
      .prepare(filename, content, kind, streaming, this.libraryLoader(filename, content))
      .then(
        (prepared) => {
          if (token !== this.loadToken || !prepared) return;
          this.show(prepared, content, streaming, filename);
        },
        (error: unknown) => {
          if (token !== this.loadToken) return;
          const text = msg(str`The preview could not be prepared: ${errorText(error)}`);
          const notes = [{ level: 'error' as const, text }];
          const prepared = { kind: 'render' as const, html: '', files: {}, imports: {}, notes, handled: [] };
          this.show(prepared, content, false, filename);
        },
      );
  }

  /** Loads public CDN files for this version of `filename`, and offers their host when it is not allowed. */
  private libraryLoader(filename: string, content: string): LibraryLoader | undefined {
    const apps = this.ownOrGivenRuntime().apps;
    if (!apps) return undefined;
    const background = this.background;
    let hash: Promise<string> | undefined;
    return async (url) => {
      hash ??= contentHash(content);
      const got = await apps.library(filename, url, await hash, background);
      if (!got.ok && got.offer && !background) this.networkOffer.show(filename, new URL(url).host, url);
      return got;
    };
  }

  private ownOrGivenRuntime(): PreviewRuntime {
    if (this.runtime) return this.runtime;
    this.ownRuntime ??= new PreviewRuntime();
    return this.ownRuntime;
  }

  /** Shows a new document: in the spare frame when it fits, else in a new frame on a new channel. */
  private show(prepared: PreparedRender, content: string, streaming: boolean, filename: string): void {
    this.current?.dispose();
    const spare = this.spare.take(prepared);
    // A spare that does not fit the finished file, or is not ready yet, would parse its libraries on the same
    // thread as this document's: it goes, and the next is made once this document has loaded.
    if (!spare && !streaming) this.spare.drop();
    this.current = spare ?? this.newDocument(prepared);
    this.shownContent = content;
    this.startApps(this.current, filename, content);
    spare?.render(prepared); // after it is the current document: it reports from now on
    this.rendering = streaming;
    this.notices.documentStarted();
    this.frames = this.listFrames();
    this.dispatchEvent(new PreviewStartEvent(this.filename, content));
    // No spare is made while this document renders (`documentLoaded` makes it): priming one parses the same
    // libraries again, in the same process, and would slow this first render down.
  }

  private newDocument(first?: PreparedPrime | PreparedRender): PreviewDocument {
    const doc: PreviewDocument = new PreviewDocument(
      {
        messages: (batch) => {
          if (doc !== this.current) return;
          for (const m of batch) this.dispatchEvent(new PreviewMessageEvent(this.filename, m));
        },
        download: (filename, blob) => {
          if (doc === this.current && !this.background) this.notices.download(filename, blob);
        },
        clipboard: (text) => {
          if (doc === this.current && !this.background) this.notices.clipboard(text);
        },
        ready: () => {
          if (doc === this.current) this.dispatchEvent(new Event(PREVIEW_READY));
        },
        loaded: () => {
          if (doc === this.current) this.documentLoaded();
        },
        stalled: (pending) => this.stalled(doc, pending),
        request: (request) => this.appRequest(doc, request),
      },
      first,
    );
    return doc;
  }

  private documentLoaded(): void {
    if (this.rendering) {
      this.rendering = false;
      if (this.streaming && this.content !== this.loadedContent) this.requestUpdate('content');
    }
    if (!this.background && this.kind === 'react') this.spare.later(this.loadedContent ?? '');
  }

  /** No file: nothing is shown, and the spare waits for the next one. */
  private park(): void {
    if (this.loadedContent !== undefined && this.kind === 'react') this.spare.later(this.loadedContent);
    clearTimeout(this.timer);
    this.timer = undefined;
    this.loadToken++;
    this.current?.dispose();
    this.current = undefined;
    this.endApps();
    this.loadedContent = undefined;
    this.shownContent = undefined;
    this.rendering = false;
    this.frames = this.listFrames();
  }

  /** The document shown from now on gets the app APIs of `filename` (its own artifact, and no other). */
  private startApps(doc: PreviewDocument, filename: string, content: string): void {
    if (this.apps?.doc === doc) return;
    this.endApps();
    let hash: Promise<string> | undefined;
    const version = () => {
      hash ??= contentHash(content);
      return hash;
    };
    const port = this.ownOrGivenRuntime().apps?.open(filename, {
      version,
      background: this.background,
      log: (level, text) => {
        if (this.apps?.doc !== doc) return;
        const message = {
          source: PREVIEW_SOURCE,
          channel: doc.channel,
          kind: 'console',
          level,
          text,
        } as const;
        this.dispatchEvent(new PreviewMessageEvent(this.filename, message));
      },
      ask: this.background ? undefined : (file, model) => this.consent.ask(file, model),
      ...(this.background ? {} : { offer: (host: string) => this.networkOffer.show(filename, host) }),
    });
    if (port) this.apps = { doc, port, version };
  }

  private endApps(): void {
    this.apps?.port.dispose();
    this.apps = undefined;
    this.consent.documentEnded();
  }

  private appRequest(doc: PreviewDocument, request: AppRequest): Promise<AppReply> {
    // A console check runs the page out of sight: it keeps nothing (its Claude calls and network are refused
    // where they are carried out).
    const stored = request.api.startsWith('storage.');
    if (this.apps?.doc === doc && !(this.background && stored)) return this.apps.port.handle(request);
    const { channel, id } = request;
    const error =
      this.background && stored
        ? 'window.storage is off in a console check (the page run out of sight).'
        : msg('This preview no longer shows its page, or has no app APIs here.');
    return Promise.resolve({
      source: HOST_SOURCE,
      channel,
      kind: 'reply',
      id,
      ok: false,
      name: 'Error',
      error,
    });
  }

  private listFrames(): PreviewDocument[] {
    return [this.current, this.spare.document].filter((doc): doc is PreviewDocument => doc !== undefined);
  }

  /** A document stopped answering: a spare just goes; the page shown goes and the person and Claude are told. */
  private stalled(doc: PreviewDocument, pending: readonly PreviewMessage[]): void {
    if (this.spare.lost(doc) || doc !== this.current) return;
    this.current = undefined;
    this.endApps();
    this.rendering = false;
    this.frames = this.listFrames();
    const seconds = WATCHDOG_STALL_MS / 1000;
    const text =
      msg(
        str`The page stopped responding for ${seconds} s (an endless loop or a very long task?) and was stopped. `,
      ) + msg('Nothing of it runs any more.');
    for (const m of pending) this.dispatchEvent(new PreviewMessageEvent(this.filename, m));
    this.dispatchEvent(
      new PreviewMessageEvent(this.filename, {
        source: PREVIEW_SOURCE,
        channel: doc.channel,
        kind: 'stopped',
        text,
      }),
    );
    if (!this.background) this.notices.stopped(this.filename);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-preview': EaselArtifactPreview;
  }
}

/** The SHA-256 (hex) of `content`: the version consent is given to. */
function contentHash(content: string): Promise<string> {
  return crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(content))
    .then((digest) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join(''));
}

import type { ArtifactApps, PlanKind } from '../../artifacts';
import type { PreparedPrime, PreparedRender, PreviewCore } from './preview-core';
import type { LibraryLoader } from './remote-libraries';

export type { PreparedPrime, PreparedRender } from './preview-core';

/**
 * The app's side of the preview runtime, one per app (`PreviewHost` owns it): turns an artifact into the
 * render request its preview frame writes, with the library shelf and the compiler (`preview-core.ts`, loaded
 * with the first file that runs, so none of it is in the app's first load), and carries the app APIs of every
 * preview (`apps`).
 */
export class PreviewRuntime {
  private core: PreviewCore | undefined;
  private loading: Promise<PreviewCore> | undefined;
  private warmed = false;
  private warmedReact = false;

  /**
   * `apps` carries out the app APIs of every preview of this runtime (none: their calls are refused).
   */
  constructor(
    private readonly shelfBase = new URL('./shelf/', document.baseURI).href,
    readonly apps?: ArtifactApps,
  ) {}

  /**
   * The render request for `content` shown as `kind`, or `undefined` while it is `streaming` and does not
   * compile yet (a half-written component: nothing is reported until the final content). `library` loads the
   * public CDN files the page asks for that the shelf lacks (without it they are refused).
   */
  async prepare(
    filename: string,
    content: string,
    kind: PlanKind,
    streaming: boolean,
    library?: LibraryLoader,
  ): Promise<PreparedRender | undefined> {
    return (await this.load()).prepare(filename, content, kind, streaming, library);
  }

  /** What a spare frame needs to have a React page of `content` (written so far) ready early. */
  async preparePrime(content: string): Promise<PreparedPrime> {
    return (await this.load()).preparePrime(content);
  }

  /**
   * Loads the preview's core and the shelf's manifest while the page is idle; with `react` (a message is
   * sent, and its answer may write a component) also starts the compiler and reads React's and Tailwind's
   * shelf files, so the first component waits for none of them. Each happens once; failures are left to the
   * first real file.
   */
  warmUp(react = false): void {
    if (react ? this.warmedReact : this.warmed) return;
    this.warmed = true;
    this.warmedReact ||= react;
    this.load().then(
      (core) => core.warmUp(react),
      () => undefined,
    );
  }

  /** Stops the compile worker (the runtime starts another if it is used again). */
  dispose(): void {
    this.core?.dispose();
  }

  private load(): Promise<PreviewCore> {
    // A module that did not load (the connection dropped while the page was idle) is tried again next time.
    this.loading ??= loadCore().then(
      (module) => {
        this.core = new module.PreviewCore(this.shelfBase);
        return this.core;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}

let coreModule: Promise<typeof import('./preview-core')> | undefined;

/** The module, loaded once for every runtime of the page. */
function loadCore(): Promise<typeof import('./preview-core')> {
  coreModule ??= import('./preview-core').catch((error: unknown) => {
    coreModule = undefined;
    throw error;
  });
  return coreModule;
}

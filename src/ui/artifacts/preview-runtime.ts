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

  /** Stops the compile worker (the runtime starts another if it is used again). */
  dispose(): void {
    this.core?.dispose();
  }

  private load(): Promise<PreviewCore> {
    this.loading ??= loadCore().then((module) => {
      this.core = new module.PreviewCore(this.shelfBase);
      return this.core;
    });
    return this.loading;
  }
}

let coreModule: Promise<typeof import('./preview-core')> | undefined;

/** The module, loaded once for every runtime of the page. */
function loadCore(): Promise<typeof import('./preview-core')> {
  coreModule ??= import('./preview-core');
  return coreModule;
}

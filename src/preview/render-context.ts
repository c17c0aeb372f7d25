/** What the listeners of a written document need to know about it (shared by `main.ts` and `shims.ts`). */
export interface RenderContext {
  /** Blob URL → shelf file name (errors inside a library name the library). */
  readonly names: ReadonlyMap<string, string>;
  /** The blob URL of the artifact's own module, if it is one. */
  readonly artifactUrl: string | undefined;
  /** Addresses the host already explained (not reported again as blocked). */
  readonly handled: ReadonlySet<string>;
  /** Specifier of a library not on the shelf → the line that says so (a named import of it fails to link). */
  readonly missing: ReadonlyMap<string, string>;
}

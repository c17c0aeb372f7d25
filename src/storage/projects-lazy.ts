import type { ProjectLibrary, ProjectLibraryOptions } from './project-library';

/** The project library, loaded with its first use and then kept. */
export type LazyProjectLibrary = () => Promise<ProjectLibrary>;

/** A `ProjectLibrary` whose code (repository, checks, channel) loads when it is first asked for. */
export function lazyProjectLibrary(options: ProjectLibraryOptions): LazyProjectLibrary {
  let loading: Promise<ProjectLibrary> | undefined;
  return () => {
    loading ??= import('./project-library').then(
      (m) => new m.ProjectLibrary(options),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}

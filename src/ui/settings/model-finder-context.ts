/** How Settings → Server asks a server for its models: a context that `main.ts` provides on the app. */
import { ContextProvider, createContext } from '@lit/context';

export interface ModelFinder {
  /** The ids of the models the server at `baseUrl` lists, or a sentence saying why it could not be asked. */
  find(baseUrl: string): Promise<readonly string[] | string>;
}

export const modelFinderContext = createContext<ModelFinder | undefined>(Symbol('easel-model-finder'));

export function provideModelFinder(host: HTMLElement, finder: ModelFinder): void {
  new ContextProvider(host, { context: modelFinderContext, initialValue: finder });
}

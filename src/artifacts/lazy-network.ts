/**
 * Network by consent (`artifact-network.ts`), loaded the first time a page fetches another site or the panel
 * asks which hosts an artifact may reach: most sessions never do, so that code stays out of the first load.
 */
import type { NetworkBridge } from './artifact-apps';
import type { ArtifactNetwork, ArtifactNetworkDeps } from './artifact-network';

/** A `NetworkBridge` that makes its `ArtifactNetwork` with `deps` when first used. */
export function lazyNetworkBridge(deps: ArtifactNetworkDeps): NetworkBridge {
  let network: ArtifactNetwork | undefined;
  let loading: Promise<ArtifactNetwork> | undefined;
  const load = () => {
    loading ??= import('./artifact-network').then((module) => {
      network = new module.ArtifactNetwork(deps);
      return network;
    });
    return loading;
  };
  return {
    fetch: async (owner, request, context) => (await load()).fetch(owner, request, context),
    hosts: (owner) => {
      if (network) return network.hosts(owner);
      // Read once loaded; `changed` then tells the panel.
      void load().then((loaded) => loaded.load());
      return undefined;
    },
    allow: async (owner, host, version) => (await load()).allow(owner, host, version),
    revoke: async (owner, host) => (await load()).revoke(owner, host),
    library: async (owner, url, version, background) =>
      (await load()).library(owner, url, version, background),
  };
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ArtifactChange, ArtifactStore, ArtifactsSnapshot } from '../../artifacts';

const EMPTY: ArtifactsSnapshot = { files: [], streaming: [], incomplete: [], change: { kind: 'initial' } };

/**
 * Connects an element to the artifact store: subscribes on connect, unsubscribes on disconnect, and asks the
 * host to update at most once per animation frame however many tokens streamed in between. The changes
 * since the host last took them are kept (`takeChanges`), so the host can follow every one (open the file a
 * call started writing) even when several arrive in one frame.
 */
export class ArtifactStoreController implements ReactiveController {
  private storeRef: ArtifactStore | undefined;
  private unsubscribe: (() => void) | undefined;
  private connected = false;
  private frame = 0;
  private changes: ArtifactChange[] = [];

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** The store to follow; set by the host when its `store` property changes. */
  set store(store: ArtifactStore | undefined) {
    if (store === this.storeRef) return;
    this.storeRef = store;
    this.changes = [{ kind: 'rebuild' }];
    if (this.connected) this.subscribe();
  }

  get snapshot(): ArtifactsSnapshot {
    return this.storeRef?.snapshot ?? EMPTY;
  }

  /** The changes since the last call, oldest first. */
  takeChanges(): ArtifactChange[] {
    const changes = this.changes;
    this.changes = [];
    return changes;
  }

  hostConnected(): void {
    this.connected = true;
    this.subscribe();
  }

  hostDisconnected(): void {
    this.connected = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  private subscribe(): void {
    this.unsubscribe?.();
    this.unsubscribe = this.storeRef?.subscribe((snapshot) => {
      const change = snapshot.change;
      // Content updates of a stream are many and say nothing new about which file to show.
      if (!(change.kind === 'stream' && change.phase === 'update')) this.changes.push(change);
      this.schedule();
    });
    this.schedule();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }
}

/** `ArtifactStoreController`: re-renders an element when the artifact store changes, once per frame. */
import type { ReactiveControllerHost } from 'lit';
import type { ArtifactChange, ArtifactStore, ArtifactsSnapshot } from '../../artifacts';
import { SubscriptionController, type Unsubscribe } from '../controllers/subscriptions';

const EMPTY: ArtifactsSnapshot = { files: [], streaming: [], incomplete: [], change: { kind: 'initial' } };

/**
 * Connects an element to the artifact store: subscribes on connect, unsubscribes on disconnect (through one
 * `SubscriptionController`, so an element taken out and put back follows again), and asks the host to update
 * at most once per animation frame however many tokens streamed in between. The changes since the host last
 * took them are kept (`takeChanges`), so the host can follow every one (open the file a call started writing)
 * even when several arrive in one frame.
 */
export class ArtifactStoreController {
  private storeRef: ArtifactStore | undefined;
  private frame = 0;
  private changes: ArtifactChange[] = [];
  private readonly subscriptions: SubscriptionController;

  constructor(private readonly host: ReactiveControllerHost) {
    this.subscriptions = new SubscriptionController(host, () => this.subscribe());
  }

  /** The store to follow; set by the host when its `store` property changes. */
  set store(store: ArtifactStore | undefined) {
    if (store === this.storeRef) return;
    this.storeRef = store;
    this.changes = [{ kind: 'rebuild' }];
    this.subscriptions.refresh();
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

  private subscribe(): readonly Unsubscribe[] {
    const offs = [
      this.storeRef?.subscribe((snapshot) => {
        const change = snapshot.change;
        // Content updates of a stream are many and say nothing new about which file to show.
        if (!(change.kind === 'stream' && change.phase === 'update')) this.changes.push(change);
        this.schedule();
      }),
      () => {
        cancelAnimationFrame(this.frame);
        this.frame = 0;
      },
    ];
    this.schedule();
    return offs;
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.host.requestUpdate();
    });
  }
}

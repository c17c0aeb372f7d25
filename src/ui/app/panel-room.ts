/** `PanelRoom`: the sidebar makes way for the artifacts panel on a screen too narrow for both. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ArtifactsAvailableEvent, ArtifactsToggleEvent } from '../artifacts';

/** Below this width the chat, the sidebar and the panel do not fit side by side. */
export const ROOM_FOR_ALL = 1400;

/** The sidebar's state, as the app keeps it. */
export interface SidebarSwitch {
  readonly open: () => boolean;
  readonly set: (open: boolean) => void;
}

/**
 * Follows the artifacts layout's `artifacts-toggle` and `artifacts-available` (which reach the app's host):
 * when the panel opens on a window narrower than `ROOM_FOR_ALL` the open sidebar collapses, and it comes back
 * when the panel closes (unless the person opened or closed it in between). `offerShow` says whether the top
 * bar offers `Show artifacts`: the session has files and the panel is closed.
 */
export class PanelRoom implements ReactiveController {
  /** Whether the session has a file to show. */
  available = false;
  /** Whether the panel is open. */
  open = false;
  /** The sidebar was collapsed to make room, and is to come back when the panel closes. */
  private collapsed = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly sidebar: SidebarSwitch,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('artifacts-toggle', this.handleToggle);
    this.host.addEventListener('artifacts-available', this.handleAvailable);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('artifacts-toggle', this.handleToggle);
    this.host.removeEventListener('artifacts-available', this.handleAvailable);
  }

  /** Whether `Show artifacts` belongs in the top bar. */
  get offerShow(): boolean {
    return this.available && !this.open;
  }

  /** The person opened or closed the sidebar: it is theirs again. */
  sidebarToggled(): void {
    this.collapsed = false;
  }

  private readonly handleToggle = (e: ArtifactsToggleEvent) => {
    this.open = e.open;
    if (e.open && this.sidebar.open() && window.innerWidth < ROOM_FOR_ALL) {
      this.collapsed = true;
      this.sidebar.set(false);
    } else if (!e.open && this.collapsed) {
      this.collapsed = false;
      this.sidebar.set(true);
    }
    this.host.requestUpdate();
  };

  private readonly handleAvailable = (e: ArtifactsAvailableEvent) => {
    this.available = e.available;
    this.host.requestUpdate();
  };
}

/** The events of the command palette. */
import { ComposedEvent } from '../events';

/** The person typed in the palette: the app looks the sessions up. */
export class PaletteQueryEvent extends ComposedEvent {
  static readonly type = 'palette-query';
  constructor(readonly query: string) {
    super(PaletteQueryEvent.type);
  }
}

/**
 * The person chose an option: a command by its id, or a session to open. Fired after the palette has closed
 * and given focus back, so whatever the choice does with focus (the message box, a dialog) stands.
 */
export class PaletteChooseEvent extends ComposedEvent {
  static readonly type = 'palette-choose';
  constructor(readonly choice: { readonly kind: 'command' | 'session'; readonly id: string }) {
    super(PaletteChooseEvent.type);
  }
}

declare global {
  interface HTMLElementEventMap {
    'palette-query': PaletteQueryEvent;
    'palette-choose': PaletteChooseEvent;
  }
}

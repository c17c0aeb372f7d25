/**
 * The design system's controls, as style fragments every element shares (the tokens are in `tokens.css`; the
 * page `design.html` shows each in both themes; the fields are in `fields.ts`, which the first screen does not
 * load):
 *
 * - `buttons`: `.btn` (secondary), `.btn.primary`, `.btn.ghost`, `.btn.icon` (square, an icon only: it must
 *   carry an `aria-label`), `.btn.sm` (small);
 * - `menus`: `.menu` (a `role="menu"` list of `role="menuitem"` buttons), `.popover`;
 * - `focusRing` and `buttonLook` for rules of an element's own.
 */
import { css } from 'lit';

/** The focus ring: `button:focus-visible { ${focusRing} }`. */
export const focusRing = css`
  outline: 2px solid var(--easel-focus);
  outline-offset: 2px;
`;

/** A plain bordered button on the surface colour; the rule that uses it sets its own padding and size. */
export const buttonLook = css`
  font: inherit;
  border-radius: var(--easel-radius-sm);
  border: 1px solid var(--easel-border);
  background: var(--easel-surface);
  color: var(--easel-text);
  cursor: pointer;
`;

/** The one button, in its kinds. */
export const buttons = css`
  .btn {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--easel-space-2);
    box-sizing: border-box;
    min-height: var(--easel-control);
    padding: 0 var(--easel-space-3);
    font: inherit;
    font-size: var(--easel-text-sm);
    font-weight: 500;
    line-height: 1;
    white-space: nowrap;
    border-radius: var(--easel-radius-sm);
    border: 1px solid var(--easel-border);
    background: var(--easel-surface);
    color: var(--easel-text);
    cursor: pointer;
    transition:
      background var(--easel-motion-fast) var(--easel-ease),
      border-color var(--easel-motion-fast) var(--easel-ease);
  }
  .btn:hover:not(:disabled) {
    background: var(--easel-surface-2);
  }
  .btn:focus-visible {
    ${focusRing}
  }
  .btn:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .btn.primary {
    background: var(--easel-accent);
    border-color: var(--easel-accent);
    color: var(--easel-accent-text);
  }
  .btn.primary:hover:not(:disabled) {
    background: var(--easel-accent);
    filter: brightness(1.08);
  }
  .btn.ghost {
    background: transparent;
    border-color: transparent;
    color: var(--easel-text-muted);
  }
  .btn.ghost:hover:not(:disabled),
  .btn.ghost[aria-expanded='true'] {
    background: var(--easel-hover);
    color: var(--easel-text);
  }
  .btn.icon {
    width: var(--easel-control);
    padding: 0;
  }
  .btn.sm {
    min-height: var(--easel-control-sm);
    font-size: var(--easel-text-xs);
  }
  .btn.sm.icon {
    width: var(--easel-control-sm);
  }
  /* A toggle that is on: tinted, with no border that could be taken for the focus ring. */
  .btn[aria-pressed='true'],
  .btn.ghost[aria-pressed='true']:hover:not(:disabled) {
    background: var(--easel-info-bg);
    border-color: transparent;
    color: var(--easel-link);
  }
  .btn .icon {
    flex: none;
  }
`;

/** A menu of actions and a popover, both floating over the page. */
export const menus = css`
  .menu,
  .popover {
    box-sizing: border-box;
    z-index: 20;
    background: var(--easel-surface);
    color: var(--easel-text);
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius);
    box-shadow: var(--easel-shadow-2);
  }
  .menu {
    display: flex;
    flex-direction: column;
    min-width: 180px;
    padding: var(--easel-space-1);
    margin: 0;
    list-style: none;
  }
  .menu [role='menuitem'],
  .menu [role='menuitemcheckbox'] {
    display: flex;
    align-items: center;
    gap: var(--easel-space-2);
    width: 100%;
    min-height: 32px;
    padding: 0 var(--easel-space-2);
    font: inherit;
    font-size: var(--easel-text-sm);
    text-align: start;
    border: none;
    border-radius: var(--easel-radius-sm);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  .menu [role='menuitem']:hover,
  .menu [role='menuitem']:focus-visible,
  .menu [role='menuitemcheckbox']:hover,
  .menu [role='menuitemcheckbox']:focus-visible {
    background: var(--easel-hover);
    outline: none;
  }
  .menu [aria-disabled='true'] {
    opacity: 0.5;
    cursor: default;
  }
  .menu [role='menuitemcheckbox'][aria-checked='true']::after {
    content: '✓';
    margin-inline-start: auto;
  }
  .menu [role='menuitem'].danger {
    color: var(--easel-danger);
  }
  .menu [role='separator'] {
    height: 1px;
    margin: var(--easel-space-1) 0;
    background: var(--easel-border);
  }
  .popover {
    padding: var(--easel-space-3);
    font-size: var(--easel-text-sm);
  }
`;

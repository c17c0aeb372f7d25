/** Styles of `<easel-app>`: the shell's layout, the sidebar beside (or over) the chat, notices and status. */
import { css } from 'lit';
import { buttonLook, focusRing } from '../styles/controls';

export const appStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    height: 100dvh;
    background: var(--easel-bg);
    color: var(--easel-text);
  }
  .body {
    flex: 1;
    min-height: 0;
    display: flex;
    position: relative;
  }
  easel-sessions-sidebar {
    width: 280px;
    flex: none;
    border-right: 1px solid var(--easel-border);
    background: var(--easel-surface);
    overflow-y: auto;
  }
  easel-artifacts-layout {
    flex: 1;
    min-width: 0;
  }
  main {
    flex: 1;
    min-width: 0;
    min-height: 0;
    display: flex;
    flex-direction: column;
    position: relative;
  }
  .starting {
    margin: auto;
    color: var(--easel-text-muted);
  }
  .notice {
    margin: var(--easel-space-2) auto 0;
    max-width: 780px;
    padding: var(--easel-space-2) var(--easel-space-3);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-danger-bg);
    border-left: 3px solid var(--easel-danger);
  }
  .project-bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--easel-space-2);
    margin: var(--easel-space-2) auto 0;
    width: min(780px, calc(100% - 2 * var(--easel-space-3)));
    box-sizing: border-box;
    padding: var(--easel-space-1) var(--easel-space-3);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface-2);
    color: var(--easel-text-muted);
    font-size: 0.88rem;
  }
  .incognito-bar {
    margin: var(--easel-space-2) auto 0;
    width: min(780px, calc(100% - 2 * var(--easel-space-3)));
    box-sizing: border-box;
    padding: var(--easel-space-2) var(--easel-space-3);
    border: 1px dashed var(--easel-border);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface-2);
    font-size: 0.88rem;
  }
  .project-bar strong {
    color: var(--easel-text);
  }
  .project-bar button {
    ${buttonLook}
    padding: 2px var(--easel-space-2);
    font-size: 0.8rem;
  }
  .project-bar button:focus-visible {
    ${focusRing}
  }
  /* Under 800 px the sidebar covers the chat instead of sharing the width. */
  @media (max-width: 799px) {
    easel-sessions-sidebar {
      position: absolute;
      inset: 0 auto 0 0;
      width: min(320px, 88vw);
      z-index: 5;
      box-shadow: 4px 0 16px rgb(0 0 0 / 0.2);
    }
  }
  easel-conversation {
    flex: 1;
  }
  .status {
    max-width: 780px;
    margin: 0 auto var(--easel-space-2);
    padding: 0 var(--easel-space-4);
    font-size: 0.85rem;
    color: var(--easel-text-muted);
  }
  .status:empty {
    display: none;
  }
  /* The offline note and the update offer, just above the message box. */
  .offline,
  .update {
    max-width: 780px;
    margin: 0 auto var(--easel-space-2);
    padding: var(--easel-space-2) var(--easel-space-3);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface-2);
    border-left: 3px solid var(--easel-focus);
    font-size: 0.9rem;
  }
  .update button {
    ${buttonLook}
    margin-left: var(--easel-space-2);
    padding: var(--easel-space-1) var(--easel-space-2);
  }
  .update button:focus-visible {
    ${focusRing}
  }
`;

import { css } from 'lit';
import { menus } from '../styles/controls';
import { buttonStyles } from './styles';

export const panelStyles = [
  buttonStyles,
  menus,
  css`
    :host {
      display: flex;
      flex-direction: column;
      min-height: 0;
      min-width: 0;
      background: var(--easel-surface);
      color: var(--easel-text);
    }
    :host([fullscreen]) {
      position: fixed;
      inset: 0;
      z-index: 1000;
    }
    section {
      display: flex;
      flex-direction: column;
      flex: 1;
      min-height: 0;
    }
    header,
    .toolbar {
      display: flex;
      align-items: center;
      gap: var(--easel-space-1);
      padding: var(--easel-space-1) var(--easel-space-2);
      border-bottom: 1px solid var(--easel-border);
      flex-wrap: wrap;
    }
    [role='tablist'] {
      display: flex;
      gap: 2px;
      flex: 1;
      min-width: 0;
      overflow-x: auto;
    }
    [role='tab'] {
      border: 1px solid transparent;
      background: none;
      white-space: nowrap;
      font-family: var(--easel-font-mono);
    }
    [role='tab'][aria-selected='true'] {
      background: var(--easel-surface-2);
      border-color: var(--easel-border);
    }
    .writing {
      display: inline-block;
      width: 6px;
      height: 6px;
      margin-left: 6px;
      border-radius: 50%;
      background: var(--easel-accent);
      vertical-align: middle;
      animation: pulse 1s ease-in-out infinite alternate;
    }
    .incomplete {
      display: inline-block;
      width: 6px;
      height: 6px;
      margin-left: 6px;
      border: 1px solid var(--easel-danger);
      border-radius: 50%;
      vertical-align: middle;
    }
    @keyframes pulse {
      to {
        opacity: 0.3;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      .writing {
        animation: none;
      }
    }
    button.icon {
      display: inline-grid;
      place-items: center;
      border: 0;
      background: none;
      padding: 6px;
    }
    button.icon:hover {
      background: var(--easel-hover);
    }
    header {
      flex-wrap: nowrap;
    }
    /* Preview and Code: one control of two halves. */
    .switch {
      display: inline-flex;
      flex: none;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      padding: 2px;
      gap: 2px;
    }
    .switch button {
      display: inline-flex;
      align-items: center;
      gap: 4px;
      border: 0;
      background: none;
    }
    .switch button[aria-pressed='true'] {
      background: var(--easel-surface-2);
    }
    .menu-wrap {
      position: relative;
      flex: none;
    }
    .menu-wrap .menu {
      position: absolute;
      top: calc(100% + 4px);
      right: 0;
    }
    @media (max-width: 600px) {
      .switch span {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
      }
    }
    .spacer {
      flex: 1;
    }
    .status {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
    }
    [role='tabpanel'] {
      flex: 1;
      min-height: 0;
      display: flex;
      flex-direction: column;
    }
    [role='tabpanel'] > * {
      flex: 1;
      min-height: 0;
    }
    [role='tabpanel'] > easel-artifact-console {
      flex: none;
    }
    .scroll {
      overflow: auto;
      padding: var(--easel-space-4);
    }
    .image {
      display: grid;
      place-items: center;
      overflow: auto;
      background: var(--easel-surface-2);
    }
    .image img {
      max-width: 100%;
    }
    .question {
      flex: none;
      display: flex;
      flex-wrap: wrap;
      gap: var(--easel-space-2);
      align-items: center;
      padding: var(--easel-space-1) var(--easel-space-3);
      font-size: 0.8rem;
    }
    .note {
      flex: none;
      margin: 0;
      padding: var(--easel-space-1) var(--easel-space-3);
      font-size: 0.8rem;
      color: var(--easel-danger);
    }
    .empty {
      padding: var(--easel-space-6);
      color: var(--easel-text-muted);
      text-align: center;
    }
  `,
];

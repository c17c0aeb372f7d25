import { css } from 'lit';
import { buttons, menus } from '../styles/controls';

export const sidebarStyles = [
  buttons,
  menus,
  css`
  :host {
    display: block;
    height: 100%;
    min-height: 0;
    background: var(--easel-surface);
    color: var(--easel-text);
    border-right: 1px solid var(--easel-border);
    font-size: 0.92rem;
  }
  nav {
    display: flex;
    flex-direction: column;
    height: 100%;
    min-height: 0;
  }
  .top {
    display: flex;
    flex-direction: column;
    gap: var(--easel-space-2);
    padding: var(--easel-space-3);
    border-bottom: 1px solid var(--easel-border);
  }
  input {
    font: inherit;
    padding: var(--easel-space-2);
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-bg);
    color: inherit;
    min-width: 0;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
    border-radius: var(--easel-radius-sm);
  }
  .list {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    padding: var(--easel-space-2) var(--easel-space-2) var(--easel-space-4);
  }
  h2 {
    margin: var(--easel-space-3) var(--easel-space-2) var(--easel-space-1);
    font-size: 0.75rem;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--easel-text-muted);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  /*
   * Two lines: the title link, then the preview, with the actions over its right end when shown. A row out of
   * view costs no layout or paint ('content-visibility: auto', its last drawn height kept meanwhile): with
   * hundreds of sessions, a sync or a search landing would otherwise lay out every row. The rows stay in the
   * document, so the keyboard, screen readers and find in page reach every session.
   */
  li {
    content-visibility: auto;
    contain-intrinsic-size: auto 44px;
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'title menu' 'sub menu';
    align-items: center;
    column-gap: var(--easel-space-1);
    padding: var(--easel-space-1) var(--easel-space-1) var(--easel-space-1) var(--easel-space-2);
    border-radius: var(--easel-radius-sm);
  }
  li:hover,
  li:focus-within {
    background: var(--easel-hover);
  }
  li.current {
    background: var(--easel-user-bg);
  }
  /* A row with its menu open draws it over the rows below. */
  li.menu-open {
    content-visibility: visible;
    z-index: 2;
  }
  /* The title is the row's link; it covers the whole row, so the snippet is a place to click too. */
  a {
    grid-area: title;
    display: block;
    min-width: 0;
    color: inherit;
    text-decoration: none;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  a[data-row] {
    outline: none;
  }
  a[data-row]::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: var(--easel-radius-sm);
  }
  a[data-row]:focus-visible::after {
    outline: 2px solid var(--easel-focus);
    outline-offset: -2px;
  }
  a[aria-current='page'] {
    font-weight: 600;
  }
  .sub {
    grid-area: sub;
    min-width: 0;
    color: var(--easel-text-muted);
    font-size: var(--easel-text-xs);
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .row-menu {
    grid-area: menu;
    position: relative;
    z-index: 1;
  }
  /* The row's one ⋯ button: shown when the row is hovered or focused, or its menu is open; always on touch. */
  .row-menu {
    opacity: 0;
  }
  li:hover .row-menu,
  li:focus-within .row-menu,
  .row-menu[aria-expanded='true'] {
    opacity: 1;
  }
  @media (hover: none) {
    .row-menu {
      opacity: 1;
    }
  }
  .row-actions {
    position: absolute;
    top: calc(100% - 4px);
    right: var(--easel-space-1);
  }
  .menu-label {
    display: block;
    padding: var(--easel-space-1) var(--easel-space-2) 0;
    font-size: var(--easel-text-xs);
    color: var(--easel-text-muted);
  }
  .export [role='menuitem'] {
    padding-left: var(--easel-space-4);
  }
  .projects-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--easel-space-2);
    margin-right: var(--easel-space-2);
  }
  .projects-head h2 {
    margin-right: 0;
  }
  /* A quiet button, as Claude.ai's: an icon and a word, tinted on hover. */
  .new-project {
    display: inline-flex;
    align-items: center;
    gap: var(--easel-space-1);
    min-height: 28px;
    padding: 0 var(--easel-space-2);
    border: 1px solid transparent;
    background: transparent;
    font-size: 0.8125rem;
    font-weight: 500;
    color: var(--easel-text-muted);
    white-space: nowrap;
  }
  .new-project:hover {
    background: var(--easel-hover);
    color: var(--easel-text);
  }
  .project-head .new-chat,
  .project-head .edit,
  .move button {
    border: 1px solid var(--easel-border);
    background: var(--easel-surface);
    padding: 0 6px;
    font-size: 0.75rem;
    line-height: 1.6;
    color: var(--easel-text);
    border-radius: var(--easel-radius-sm);
    text-decoration: none;
    white-space: nowrap;
  }
  .project-head {
    display: flex;
    align-items: center;
    gap: 2px;
    padding: var(--easel-space-1) var(--easel-space-2);
    border-radius: var(--easel-radius-sm);
  }
  .project.current > .project-head {
    background: var(--easel-surface-2);
  }
  .toggle {
    flex: 1;
    min-width: 0;
    display: flex;
    align-items: center;
    gap: var(--easel-space-1);
    border: none;
    background: transparent;
    padding: 2px 0;
    text-align: left;
    font-weight: 600;
  }
  /* A mark only: the empty alternative keeps it out of the button's name. */
  .toggle::before {
    content: '▸' / '';
    color: var(--easel-text-muted);
  }
  .toggle[aria-expanded='true']::before {
    content: '▾' / '';
  }
  .toggle .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .toggle .count {
    color: var(--easel-text-muted);
    font-weight: 400;
    font-size: 0.8rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .project > ul {
    margin-left: var(--easel-space-3);
  }
  .hint {
    margin: var(--easel-space-1) var(--easel-space-2);
    color: var(--easel-text-muted);
    font-size: 0.8rem;
  }
  .move {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .move button[aria-pressed='true'] {
    background: var(--easel-user-bg);
    font-weight: 600;
  }
  .rename {
    grid-column: 1 / -1;
    width: 100%;
    box-sizing: border-box;
  }
  .empty,
  .problems {
    margin: var(--easel-space-3) var(--easel-space-2);
    color: var(--easel-text-muted);
  }
  .problems {
    color: var(--easel-danger);
    font-size: 0.85rem;
  }
  .notice {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--easel-space-2);
    margin: var(--easel-space-2) var(--easel-space-3) var(--easel-space-3);
    padding: var(--easel-space-2) var(--easel-space-3);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface-2);
  }
  .notice:empty {
    display: none;
  }
  .notice button {
    border: 1px solid var(--easel-border);
    background: var(--easel-surface);
    padding: 2px var(--easel-space-3);
  }
  :focus-visible {
    outline: 2px solid var(--easel-focus);
    outline-offset: 1px;
  }
  @media (prefers-reduced-motion: no-preference) {
    .row-menu {
      transition: opacity 120ms;
    }
  }
`,
];

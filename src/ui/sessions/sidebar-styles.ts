import { css } from 'lit';

export const sidebarStyles = css`
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
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas: 'title' 'sub';
    align-items: center;
    column-gap: var(--easel-space-1);
    padding: var(--easel-space-1) var(--easel-space-2);
    border-radius: var(--easel-radius-sm);
  }
  li:hover,
  li:focus-within {
    background: var(--easel-surface-2);
  }
  li.current {
    background: var(--easel-user-bg);
  }
  a {
    grid-area: title;
    display: block;
    color: inherit;
    text-decoration: none;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    padding: 2px 0;
  }
  a[aria-current='page'] {
    font-weight: 600;
  }
  .sub {
    grid-area: sub;
    min-width: 0;
    color: var(--easel-text-muted);
    font-size: 0.8rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* Shown when the row is hovered or focused (a pointer reaches them only over the row); always on touch. */
  .actions {
    grid-area: sub;
    justify-self: end;
    background: var(--easel-surface-2);
    border-radius: var(--easel-radius-sm);
    display: flex;
    gap: 2px;
    opacity: 0;
  }
  li:hover .actions,
  li:focus-within .actions {
    opacity: 1;
  }
  @media (hover: none) {
    .actions {
      opacity: 1;
    }
  }
  .actions button {
    border: 1px solid transparent;
    background: transparent;
    padding: 0 4px;
    font-size: 0.75rem;
    color: var(--easel-text-muted);
  }
  .actions button:hover {
    border-color: var(--easel-border);
    color: var(--easel-text);
  }
  .actions button.danger:hover {
    color: var(--easel-danger);
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
  .new-project,
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
    .actions {
      transition: opacity 120ms;
    }
  }
`;

import { css } from 'lit';
import { focusRing } from '../styles/controls';

export const attachmentListStyles = css`
  :host {
    display: block;
  }
  ul {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: var(--easel-space-2);
    margin: 0;
    padding: 0;
  }
  li {
    position: relative;
    display: flex;
    align-items: stretch;
    max-width: 240px;
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface);
  }
  .tile {
    display: flex;
    align-items: center;
    gap: var(--easel-space-2);
    min-width: 0;
    padding: var(--easel-space-1) var(--easel-space-2);
    border: none;
    border-radius: var(--easel-radius-sm);
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .thumb,
  .icon {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: var(--easel-radius-sm);
  }
  .thumb {
    object-fit: cover;
    background: var(--easel-surface-2);
  }
  .icon {
    display: grid;
    place-items: center;
    background: var(--easel-surface-2);
    color: var(--easel-text-muted);
    font-size: 0.7rem;
    font-weight: 600;
    letter-spacing: 0.03em;
  }
  .label {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 0.85rem;
  }
  .meta {
    color: var(--easel-text-muted);
    font-size: 0.75rem;
    white-space: nowrap;
  }
  .remove {
    flex: none;
    align-self: flex-start;
    width: 24px;
    height: 24px;
    margin: 2px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: var(--easel-text-muted);
    font: inherit;
    line-height: 1;
    cursor: pointer;
  }
  .pages {
    flex: none;
    align-self: center;
    margin: 2px;
    padding: 2px var(--easel-space-2);
    border: 1px solid var(--easel-border);
    border-radius: var(--easel-radius-sm);
    background: var(--easel-surface-2);
    color: var(--easel-text);
    font: inherit;
    font-size: 0.75rem;
    cursor: pointer;
  }
  .remove:hover {
    background: var(--easel-surface-2);
    color: var(--easel-text);
  }
  button:focus-visible {
    ${focusRing}
  }
  li[aria-busy='true'] .icon {
    animation: pulse 1.2s ease-in-out infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.4;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    li[aria-busy='true'] .icon {
      animation: none;
    }
  }
`;

/** Styles of `<easel-markdown>`: blocks, plain text past the limits, code blocks (with the one syntax theme). */
import { css } from 'lit';
import { focusRing } from '../styles/controls';
import { syntaxTheme } from './syntax-theme';

export const markdownStyles = [
  syntaxTheme,
  css`
    :host {
      display: block;
      line-height: 1.6;
      overflow-wrap: anywhere;
    }
    /* While streaming, each finished block is isolated: off-screen ones are neither laid out nor painted, and
       the growing tail never invalidates them. */
    .block {
      contain: layout style paint;
    }
    /* A group of blocks off screen is neither laid out nor painted. Every group has it from the start: giving it
       to a group only once full restyled the page each time (a style pass of 4-16 ms, longer the longer the
       answer, every 48 blocks of a 400 KB answer). */
    .group {
      content-visibility: auto;
      contain-intrinsic-size: auto 40em;
    }
    .block > :first-child {
      margin-top: 0;
    }
    .block > :last-child,
    .tail > :last-child {
      margin-bottom: 1em;
    }
    .plain {
      white-space: pre-wrap;
    }
    /* Text past the formatting limits: pieces laid out only when on screen, so megabytes open at once. */
    .plain-chunk {
      margin: 0;
      white-space: pre-wrap;
      content-visibility: auto;
      contain-intrinsic-size: auto 30em;
    }
    .plain-note {
      font-size: 0.85rem;
      color: var(--easel-text-muted);
    }
    .md > :first-child,
    .md > :first-child > :first-child {
      margin-top: 0;
    }
    .md > :last-child {
      margin-bottom: 0;
    }
    a {
      color: var(--easel-link);
    }
    code {
      font-family: var(--easel-font-mono);
      font-size: 0.9em;
    }
    :not(pre) > code {
      background: var(--easel-surface-2);
      padding: 0.1em 0.3em;
      border-radius: 4px;
    }
    .code-block {
      margin: var(--easel-space-3) 0;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      overflow: hidden;
    }
    .code-head {
      display: flex;
      justify-content: space-between;
      align-items: center;
      padding: var(--easel-space-1) var(--easel-space-3);
      background: var(--easel-surface-2);
      color: var(--easel-text-muted);
      font-size: 0.8rem;
    }
    .code-copy,
    .image-consent button {
      font: inherit;
      font-size: 0.8rem;
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface);
      color: var(--easel-text);
      padding: 2px var(--easel-space-2);
      cursor: pointer;
    }
    pre {
      margin: 0;
      padding: var(--easel-space-3);
      overflow-x: auto;
      background: var(--easel-code-bg);
    }
    table {
      border-collapse: collapse;
      display: block;
      overflow-x: auto;
    }
    th,
    td {
      border: 1px solid var(--easel-border);
      padding: var(--easel-space-1) var(--easel-space-2);
    }
    blockquote {
      margin-left: 0;
      padding-left: var(--easel-space-3);
      border-left: 3px solid var(--easel-border);
      color: var(--easel-text-muted);
    }
    img {
      max-width: 100%;
    }
    img[data-blocked-src] {
      display: none;
    }
    .image-consent {
      font-size: 0.85rem;
      color: var(--easel-text-muted);
    }
    :focus-visible {
      ${focusRing}
    }
  `,
];

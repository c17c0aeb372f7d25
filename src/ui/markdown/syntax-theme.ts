/** The one syntax theme (highlight.js classes), for code in answers and in artifacts alike. */
import { css } from 'lit';

/**
 * Colours of highlight.js's classes, from the design tokens (`--easel-syntax-*` in `styles/tokens.css`, which
 * the dark theme overrides).
 */
export const syntaxTheme = css`
  .hljs-keyword,
  .hljs-selector-tag,
  .hljs-built_in,
  .hljs-tag,
  .hljs-name {
    color: var(--easel-syntax-keyword);
  }
  .hljs-string,
  .hljs-attr,
  .hljs-attribute,
  .hljs-template-tag,
  .hljs-regexp {
    color: var(--easel-syntax-string);
  }
  .hljs-comment,
  .hljs-quote {
    color: var(--easel-syntax-comment);
    font-style: italic;
  }
  .hljs-number,
  .hljs-literal,
  .hljs-type,
  .hljs-symbol {
    color: var(--easel-syntax-number);
  }
  .hljs-title,
  .hljs-function,
  .hljs-section,
  .hljs-selector-class,
  .hljs-selector-id {
    color: var(--easel-syntax-title);
  }
`;

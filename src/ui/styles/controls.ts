/** Style fragments every element's controls share: the keyboard focus ring and a plain bordered button. */
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

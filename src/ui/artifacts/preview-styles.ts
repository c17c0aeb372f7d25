import { css } from 'lit';

/** The preview element's styles: the frame fills it; a spare frame is out of sight; the notice. */
export const previewStyles = css`
  /* The canvas colour of the app's scheme: a page that follows the theme (preview-theme.ts) shows through it,
     one with a scheme of its own gets its own opaque canvas from the browser. */
  :host {
    display: block;
    position: relative;
    background: Canvas;
  }
  iframe {
    display: block;
    border: 0;
    width: 100%;
    height: 100%;
    background: Canvas;
  }
  iframe.spare {
    position: absolute;
    inset: 0;
    visibility: hidden;
    pointer-events: none;
  }
  .notice {
    position: absolute;
    left: 8px;
    bottom: 8px;
    display: flex;
    gap: 8px;
    align-items: center;
    max-width: calc(100% - 16px);
    padding: 6px 10px;
    border-radius: 6px;
    background: #202124;
    color: #fff;
    font: 13px/1.4 system-ui, sans-serif;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.3);
  }
  .notice.consent {
    top: 8px;
    bottom: auto;
  }
  .notice button {
    font: inherit;
    cursor: pointer;
  }
`;

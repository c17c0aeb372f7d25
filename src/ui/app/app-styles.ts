import { css } from 'lit';

export const appStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    height: 100dvh;
    background: var(--easel-bg);
    color: var(--easel-text);
  }
  main {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
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
`;

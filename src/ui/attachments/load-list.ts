let requested = false;

/**
 * Defines `<easel-attachment-list>` the first time there is an attachment to show: most screens have none, so its
 * code stays off the first load. Until it is defined the element is empty, as the list is with nothing to show; Lit
 * keeps the properties set meanwhile and applies them when it upgrades. A failed load is tried again next time.
 */
export function loadAttachmentList(): void {
  if (requested) return;
  requested = true;
  import('./attachment-list').catch(() => {
    requested = false;
  });
}

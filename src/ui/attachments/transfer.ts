/**
 * The files in a drag-and-drop or clipboard `DataTransfer`. Browsers list pasted and dropped files both in
 * `files` and as `items` of kind `file` (a pasted screenshot may appear only as an item): both are read and
 * duplicates dropped.
 */
export function filesOf(transfer: DataTransfer | null | undefined): File[] {
  if (!transfer) return [];
  const files = Array.from(transfer.files);
  for (const item of Array.from(transfer.items ?? [])) {
    if (item.kind !== 'file') continue;
    const file = item.getAsFile();
    if (file && !files.some((f) => f.name === file.name && f.size === file.size && f.type === file.type)) {
      files.push(file);
    }
  }
  return files;
}

/** Whether a drag carries files (and not, say, text or a link being dragged within the page). */
export function carriesFiles(transfer: DataTransfer | null | undefined): boolean {
  return Array.from(transfer?.types ?? []).includes('Files');
}

/** Hands bytes to the browser as a downloaded file (your data, a board's export). */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser may read the address after the click's task: let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

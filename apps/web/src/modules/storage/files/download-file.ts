/**
 * Starts a browser download of a link (a presigned URL or a public one asked for as an attachment).
 * The server's Content-Disposition names the file; `download` helps where the link is same-origin.
 */
export function downloadFromUrl(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

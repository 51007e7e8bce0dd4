/** How the preview panel shows a file, by its sniffed MIME type. */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'none';

const TEXT = /^(text\/|application\/(json|xml|yaml)$)/;

export function previewKind(mime: string): PreviewKind {
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (TEXT.test(mime)) return 'text';
  return 'none';
}

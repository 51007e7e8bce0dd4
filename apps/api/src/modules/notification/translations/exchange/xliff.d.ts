/** The part of the `xliff` package (which ships no types) the exchange uses. */
declare module 'xliff' {
  export interface XliffOptions {
    /** Inline elements (`<ph>`, `<pc>`) as their text rather than objects. */
    inlineAsString?: boolean;
  }
  export interface XliffDocument {
    sourceLanguage: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, { source?: unknown; target?: unknown }>>;
  }
  export function xliff2js(text: string, options?: XliffOptions): Promise<XliffDocument>;
  export function xliff12ToJs(text: string, options?: XliffOptions): Promise<XliffDocument>;
  export function js2xliff(document: XliffDocument, options?: { indent?: string }): Promise<string>;
  export function jsToXliff12(document: XliffDocument, options?: { indent?: string }): Promise<string>;
}

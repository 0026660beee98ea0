/** The documents the API renders and the business reports: the payment part of the admin's data interface. */
export interface ReportProvider {
  /** The bytes of a file the API renders from a document (`x-admin.links`, e.g. an invoice PDF). */
  linkBlob(path: string): Promise<Blob>;
}

/** `send` of the HTTP provider: one request with the login token, throwing the API's error on failure. */
export type Send = (
  method: string,
  path: string,
  body?: string,
  contentType?: string,
  accept?: string,
) => Promise<Response>;

import { EARLY_RESPONSES_GLOBAL, earlyKey, type EarlyResponses } from '../../../shared/api/earlyRequests';

/**
 * The response of a request the HTML's inline script already started (src/shared/api/earlyRequests.ts),
 * if it was the same call with the same token; each is taken once, later calls ask the server again.
 */
export function takeEarlyResponse(
  method: string,
  path: string,
  body: string | undefined,
  token: string | undefined,
): Promise<Response> | undefined {
  const early = (globalThis as { [EARLY_RESPONSES_GLOBAL]?: EarlyResponses })[EARLY_RESPONSES_GLOBAL];
  if (!early || early.token !== token) return undefined;
  const key = earlyKey(method, path, body);
  const response = early.responses[key];
  delete early.responses[key];
  return response;
}

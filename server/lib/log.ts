/**
 * Server-side errors are logged with their stack here and never sent to the client.
 * The test setup fails any test during which this is called: a 5xx is always a defect.
 */
export function logServerError(where: string, err: unknown) {
  console.error(`[server error] ${where}:`, (err as Error)?.stack ?? err);
}

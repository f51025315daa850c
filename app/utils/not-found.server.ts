/** The thrown 404 itself (the route's ErrorBoundary renders the page). */
export function notFoundResponse(): Response {
  return new Response(null, { status: 404 });
}

/**
 * The thrown 409 of a page the upstream refuses to go on with, for the member's own thing (a
 * refund the order no longer allows…): its words on the page, never a 404 (issue 29). `message`
 * is a form error (our key, or "upstream:" and the shop's text).
 */
export function refusedResponse(message: string): Response {
  return new Response(JSON.stringify({ message }), { status: 409, headers: { "Content-Type": "application/json; charset=utf-8" } });
}

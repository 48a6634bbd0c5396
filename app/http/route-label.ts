/**
 * The route pattern a request reached (`/api/orders/:id`, `*` for the not-found page) goes from
 * React Router to the HTTP server in the request's facts (the root's middleware writes it,
 * middleware.server.ts; request-facts.server.ts): the request log and the metrics label answers
 * with it, never with the raw address, so their number stays that of the routes. React Router
 * has matched the route already; matching it again outside cost a tenth of a page's time.
 *
 * React Router's pattern of the matches ("api/orders/:id", "/" for the home page) → "/api/orders/:id"; "*" stays.
 */
export function routeLabel(pattern: string): string {
  return pattern === "*" || pattern.startsWith("/") ? pattern : `/${pattern}`;
}

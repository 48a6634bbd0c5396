/** An SVG drawn by the server, safe to open on its own (no scripts, nothing loaded from elsewhere). */
export function svgResponse(svg: string, cacheControl: string): Response {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": cacheControl,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

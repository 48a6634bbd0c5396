import { DomainError } from "~/domain/errors";
import { quoteRange } from "~/domain/pricing/quote-range.server";
import { quoteRequestSchema } from "~/domain/pricing/quote-request";
import { BAD_JSON, readJsonObject } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.design-quote";

/**
 * POST /api/design/quote with the add-to-cart payload of POST /api/design (the picture optional)
 * → { from, to, tailors }: the lowest and highest item price (unit × quantity, shipping not
 * included) among the open tailors who can make the design, and how many they are (issue 45);
 * from and to are null when none can. Open to everyone (a visitor designing sees the price too)
 * and saves nothing. A part not in the catalogue is a 400 with its Thai message.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const parsed = quoteRequestSchema.safeParse(await readJsonObject(request));
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "";
      throw new DomainError("bad_input", /[\u0E00-\u0E7F]/.test(message) ? message : BAD_JSON);
    }
    return Response.json(await quoteRange(parsed.data, parsed.data.quantity));
  });
}

/** A GET (or HEAD) is answered in Thai (405): the design goes in the body. */
export function loader() {
  return methodNotAllowed(["POST"]);
}

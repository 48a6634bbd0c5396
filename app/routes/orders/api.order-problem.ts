import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import { decodePhotoDataUrl, UPLOAD_WRONG_TYPE } from "~/domain/images/sniff";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PROBLEM_MESSAGES, problemReasonFromForm } from "~/domain/orders/problems";
import { assertCanReport, reportProblem } from "~/domain/orders/problems.server";
import { readJson } from "~/http/input.server";
import { httpPolicy, MAX_BODY_BYTES } from "~/http/limits";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import { readTextUpTo } from "~/http/streamed-form.server";
import type { Route } from "./+types/api.order-problem";
import { withSlipForm } from "./slip-upload.server";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */
export const handle = httpPolicy({ body: "photo" });

const ProblemSchema = z.object({
  reasonChoice: z.string({ error: PROBLEM_MESSAGES.reasonRequired }).optional(),
  reasonText: z.string({ error: PROBLEM_MESSAGES.reasonRequired }).optional(),
  photo: z.string({ error: UPLOAD_WRONG_TYPE }).optional(),
});

/** The reason as the page's form gives it: one of PROBLEM_REASONS, the buyer's words, or both. */
function reasonOf(choice: unknown, text: unknown): string {
  const checked = problemReasonFromForm(choice, text);
  if ("error" in checked) throw new DomainError("bad_input", checked.error);
  return checked.text;
}

/**
 * POST /api/orders/{id}/problem → { id, problem, message }: the buyer of a shipped order not yet
 * received reports a problem instead of confirming receipt (issue 46), as the page
 * `/user/product/{id}/problem` does. `reasonChoice` (one of the page's reasons) and/or
 * `reasonText`, and a photo when there is something to show: as JSON `{ reasonChoice, reasonText,
 * photo: data URL }` (at most 5 MB), or as `multipart/form-data` with the file field `photo` (up to
 * 20 MB, streamed to disk and shrunk by the server). Its buyer only (403 for anyone else, 404 for no
 * such order); not shipped, received, canceled or already reported: 409.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    // Someone else's order, or one that cannot take a report, is refused before a photo is read.
    await assertCanReport(orderId, user.id);
    const answer = (problem: Awaited<ReturnType<typeof reportProblem>>) =>
      Response.json({ id: orderId, problem, message: PROBLEM_MESSAGES.reported });
    if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return withSlipForm(request, context, "photo", async (form) => {
        const reason = reasonOf(form.fields.get("reasonChoice"), form.fields.get("reasonText"));
        const file = form.file && form.file.bytes > 0 ? form.file : null;
        if (file?.tooLarge) throw new DomainError("too_large", PROBLEM_MESSAGES.photoTooBig);
        return answer(
          await reportProblem({ orderId, buyerId: user.id, reason, photo: file ? { path: file.path } : null }),
        );
      });
    }
    // A JSON body is held whole to be parsed, so it keeps the 8 MB the slip's JSON has.
    const text = await readTextUpTo(request, MAX_BODY_BYTES);
    const body = await readJson(new Request(request.url, { method: "POST", body: text }), ProblemSchema);
    const reason = reasonOf(body.reasonChoice, body.reasonText);
    const photo = body.photo ? decodePhotoDataUrl(body.photo) : null;
    return answer(await reportProblem({ orderId, buyerId: user.id, reason, photo }));
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things (the order's problem is in its JSON). */
export function loader() {
  return methodNotAllowed(["POST"]);
}

import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import { checkProblemText, isProblemDecision, PROBLEM_MESSAGES } from "~/domain/orders/problems";
import { closeProblem } from "~/domain/orders/problems.server";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.problem-close";

const Body = z.object({
  decision: z.string({ error: PROBLEM_MESSAGES.decisionRequired }),
  note: z.string({ error: PROBLEM_MESSAGES.noteNotText }).optional(),
});

/**
 * POST /admin/problems/{id}/close { decision: "refund_due" | "remake" | "no_action", note? } →
 * { id, decision, message }: an admin closes an open problem with a decision and a note, as the
 * admins' page does; the order's timeline, both sides (LINE too) and the audit log are told.
 * No such problem: 404; closed already: 409.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const problemId = parseId(params.id, PROBLEM_MESSAGES.notFound);
    const body = await readJson(request, Body);
    if (!isProblemDecision(body.decision)) throw new DomainError("bad_input", PROBLEM_MESSAGES.decisionRequired);
    const note = checkProblemText(body.note);
    if ("error" in note) throw new DomainError("bad_input", note.error);
    await closeProblem({
      problemId,
      admin: { id: admin.id, name: admin.name },
      decision: body.decision,
      note: note.text,
    });
    return Response.json({ id: problemId, decision: body.decision, message: PROBLEM_MESSAGES.closed });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["POST"]);
}

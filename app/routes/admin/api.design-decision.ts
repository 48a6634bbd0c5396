import { requireApiUser } from "~/auth/guards.server";
import { DESIGN_NOT_FOUND, decideDesign, rejectReasonOf } from "~/domain/admin/designs.server";
import { DomainError } from "~/domain/errors";
import { readOptionalJsonObject } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.design-decision";

const MESSAGES = { approve: "อนุมัติแบบเสื้อเรียบร้อย", reject: "ปฏิเสธแบบเสื้อเรียบร้อย" } as const;

/** PATCH /admin/designs/{id}/approve and /admin/designs/{id}/reject [{ reason }] → { design: { id, status, rejectReason } } */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    const decision = params.decision;
    if (decision !== "approve" && decision !== "reject") throw new DomainError("not_found", "ไม่พบคำสั่งนี้");
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    // An optional body: { reason } with a rejection, which its tailor reads.
    const { reason } = await readOptionalJsonObject(request);
    const design = await decideDesign(
      parseId(params.id, DESIGN_NOT_FOUND),
      decision,
      admin,
      decision === "reject" ? rejectReasonOf(reason) : null,
    );
    return Response.json({ design, message: MESSAGES[decision] });
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}

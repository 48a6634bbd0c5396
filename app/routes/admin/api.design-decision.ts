import { DESIGN_NOT_FOUND, decideDesign } from "~/domain/admin/designs.server";
import { DomainError } from "~/domain/errors";
import { handleApi, methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/api.design-decision";
import { idParam, requireAdminApi } from "./api-support.server";

const MESSAGES = { approve: "อนุมัติแบบเสื้อเรียบร้อย", reject: "ปฏิเสธแบบเสื้อเรียบร้อย" } as const;

/** PATCH /admin/designs/{id}/approve and /admin/designs/{id}/reject → { design: { id, status } } */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    const decision = params.decision;
    if (decision !== "approve" && decision !== "reject") throw new DomainError("not_found", "ไม่พบคำสั่งนี้");
    if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
    const design = await decideDesign(idParam(params.id, DESIGN_NOT_FOUND), decision);
    return Response.json({ design, message: MESSAGES[decision] });
  });
}

import { useRouteLoaderData } from "react-router";
import { ShareLinks } from "~/components/share-links";
import type { Choice } from "~/domain/designer/selection";
import { designerShare } from "~/domain/sharing/designer-share";

/**
 * The shirt as picked so far, shared as a designer link whose preview is a picture of it (issue 50):
 * on the customer's designer (design.tsx), under the preview. The tailor's designer pages do not
 * show it, and do not load it.
 */
export function ShareDesign({ choice }: { choice: Choice }) {
  const origin = useRouteLoaderData<{ origin?: string }>("root")?.origin ?? "";
  const share = designerShare(origin, choice);
  return <ShareLinks title={share.title} url={share.url} className="mt-3" />;
}

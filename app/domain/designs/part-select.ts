import type { Prisma } from "~/data/generated/client";

/** The columns of a design's twelve parts (what `choiceOf` reads), for every query that draws a shirt. */
export const DESIGN_PART_SELECT = {
  baseId: true,
  collarId: true,
  placketId: true,
  shoulderId: true,
  pocketId: true,
  sideId: true,
  armId: true,
  hemId: true,
  colorId: true,
  fabricId: true,
  threadId: true,
  isTTape: true,
} as const satisfies Prisma.DesignSelect;

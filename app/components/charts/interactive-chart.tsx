import type { ChartSpec } from "./chart-spec";
import { NivoChart } from "./nivo-charts";

/** The browser's chart with tooltips; a chunk of its own, fetched only when a chart comes into view. */
export default function InteractiveChart({ spec }: { spec: ChartSpec }) {
  return <NivoChart spec={spec} interactive />;
}

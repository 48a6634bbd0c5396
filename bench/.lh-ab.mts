import { runLighthouse } from "./lighthouse.ts";
const paths = (process.argv[2] ?? "/merchant/info").split(",");
const rounds = Number(process.argv[3] ?? 3);
const results: Record<string, number[]> = {};
for (let round = 0; round < rounds; round++) {
  for (const [name, origin] of [["new", "http://127.0.0.1:3501"], ["old", "http://127.0.0.1:3502"]] as const) {
    const pages = await runLighthouse(origin, paths, (line) => console.log(name, line));
    for (const page of pages) (results[`${name} ${page.path}`] ??= []).push(...page.runs.map((r) => r.score));
  }
}
for (const [key, scores] of Object.entries(results)) console.log(key, scores.join(","), "median", [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]);

import { matchRoutes, type ServerBuild } from "react-router";

/**
 * The route pattern a request reaches (`/api/orders/:id`, `*` for the not-found page), from the
 * build's route table: metrics label answers with it, never with the raw address, so their
 * number stays that of the routes. A data request (`/orders/5.data`, `/_root.data`) counts as its
 * page's.
 */
interface PatternRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: PatternRoute[];
}

const trees = new WeakMap<ServerBuild["routes"], PatternRoute[]>();

function treeOf(routes: ServerBuild["routes"]): PatternRoute[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const made = new Map<string, PatternRoute>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    made.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = made.get(route.id)!;
    const parent = route.parentId ? made.get(route.parentId) : undefined;
    if (!parent) tree.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  trees.set(routes, tree);
  return tree;
}

export function routePattern(build: ServerBuild, pathname: string): string {
  let path = pathname;
  if (path.endsWith(".data")) {
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
  }
  const matches = matchRoutes(treeOf(build.routes) as Parameters<typeof matchRoutes>[0], path, build.basename);
  if (!matches) return "(none)";
  const parts = matches.map((match) => match.route.path).filter((part): part is string => Boolean(part));
  const joined = parts.join("/").replace(/\/+/g, "/");
  return joined.startsWith("/") || joined === "*" ? joined : `/${joined}`;
}
